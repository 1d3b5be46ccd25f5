import type { QueryClient } from '@tanstack/react-query';
import { isApiError, type ApiError } from '../api-error';
import { shouldRetry } from '../query-client';

/**
 * The retries of a request sent through the request pool (request-pool.ts): the query client's
 * own (no answer or a 5xx tried again, lib/query-client.ts), except a 429. That one goes back to
 * the pool, which slows down for everything in flight and tries again when the API said to; the
 * query library would instead wait it out for that one request, while the others went on asking.
 */
export function retryExceptRateLimit(queryClient: QueryClient) {
  const retry = queryClient.getDefaultOptions().queries?.retry;
  return (failureCount: number, error: ApiError): boolean => {
    if (isApiError(error) && error.status === 429) return false;
    if (typeof retry === 'function') return retry(failureCount, error);
    if (typeof retry === 'number') return failureCount < retry;
    return retry ?? shouldRetry(failureCount, error);
  };
}
