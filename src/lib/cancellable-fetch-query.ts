import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * `queryClient.fetchQuery` that the caller can stop: aborting `signal` cancels the query, which
 * aborts its request (the query function passes the query's own signal to fetch). Going through
 * the query client rather than the API client directly means a 401 ends the session as it does
 * for every other request (the query cache's onError), and the request is logged like the rest.
 */
export async function cancellableFetchQuery<
  TQueryFnData,
  TError,
  TData,
  TQueryKey extends QueryKey,
>(
  queryClient: QueryClient,
  options: FetchQueryOptions<TQueryFnData, TError, TData, TQueryKey>,
  signal: AbortSignal,
): Promise<TData> {
  signal.throwIfAborted();
  const cancel = () => void queryClient.cancelQueries({ queryKey: options.queryKey, exact: true });
  signal.addEventListener('abort', cancel, { once: true });
  try {
    return await queryClient.fetchQuery(options);
  } finally {
    signal.removeEventListener('abort', cancel);
  }
}
