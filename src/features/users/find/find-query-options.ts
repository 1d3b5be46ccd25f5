import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { DEFAULT_CONCURRENCY } from '../../../lib/pool/request-pool';
import { usersKeys } from '../api/users-api';
import { findUsers, type FindMode, type FindOutcome, type FindProgress } from './find-users';

/**
 * One Find search as a query: its key is the mode and text (and a day's zone), so the Find page
 * and the side panel's card share a search that either has run; the client, the API and the
 * progress callback are how it runs. Never retried as a whole: the scan retries its own pages.
 */
export function findQueryOptions({
  queryClient,
  apiBaseUrl,
  mode,
  text,
  timeZone,
  onProgress,
}: {
  queryClient: QueryClient;
  apiBaseUrl: string;
  mode: FindMode;
  text: string;
  timeZone: string;
  onProgress: (progress: FindProgress) => void;
}) {
  const isDate = mode === 'date' || mode === 'date-scan';
  // eslint-disable-next-line @tanstack/query/exhaustive-deps
  return queryOptions({
    queryKey: usersKeys.find(mode, text, isDate ? timeZone : undefined),
    queryFn: ({ signal }): Promise<FindOutcome> =>
      findUsers({
        queryClient,
        baseUrl: apiBaseUrl,
        mode,
        text,
        signal,
        onProgress,
        timeZone,
        // The pool's 4 at a time: the places a name may be are read side by side.
        width: DEFAULT_CONCURRENCY,
      }),
    retry: false,
    staleTime: 5 * 60_000,
  });
}
