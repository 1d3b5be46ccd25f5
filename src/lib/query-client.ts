import { QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError, type ApiError } from './api-error';

// Every query and mutation error is typed as ApiError, the one error the API client throws.
declare module '@tanstack/react-query' {
  interface Register {
    defaultError: ApiError;
  }
}

export const MAX_RETRIES_TRANSIENT = 2;
const MAX_RETRIES_RATE_LIMITED = 3;
const BACKOFF_BASE_MS = 500;
const BACKOFF_MAX_MS = 8_000;
const BACKOFF_JITTER = 0.2;
/** Waiting a touch longer than Retry-After avoids landing just before the server's window ends. */
const RETRY_AFTER_SAFETY_MS = 50;

/**
 * `failureCount` is how many times the request has failed before this one (0 on the first
 * failure). Only what may heal by itself is retried: no answer, a server error, the rate limit.
 * Other 4xx and broken contracts give the same answer on every try.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (!isApiError(error)) return false;
  if (error.status === 429) return failureCount < MAX_RETRIES_RATE_LIMITED;
  // A request that ran out its deadline is not tried again behind the person's back: each try
  // would add the whole deadline to the wait. The alert offers Try again instead.
  if (error.code === 'timeout') return false;
  // Never sent: another person signed in since it started (api-client.ts); it never will be.
  if (error.code === 'session_changed') return false;
  const transient = error.kind === 'network' || (error.kind === 'http' && error.status >= 500);
  return transient && failureCount < MAX_RETRIES_TRANSIENT;
}

/** Honours Retry-After on 429; otherwise 500 ms, 1 s, 2 s… up to 8 s, plus a little jitter. */
export function retryDelay(failureCount: number, error: unknown, random = Math.random): number {
  if (isApiError(error) && error.status === 429 && error.retryAfterMs !== undefined) {
    return error.retryAfterMs + RETRY_AFTER_SAFETY_MS;
  }
  const backoff = BACKOFF_BASE_MS * 2 ** failureCount;
  return Math.min(BACKOFF_MAX_MS, backoff * (1 + BACKOFF_JITTER * random()));
}

export type QueryClientOptions = {
  /** Called for every 401; ending the session (once) and navigating is the app's job. */
  onUnauthorized?: (error: ApiError) => void;
};

export function createQueryClient({ onUnauthorized }: QueryClientOptions = {}): QueryClient {
  const onError = (error: unknown) => {
    if (isApiError(error) && error.status === 401) onUnauthorized?.(error);
  };
  return new QueryClient({
    queryCache: new QueryCache({ onError }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: shouldRetry,
        retryDelay,
      },
    },
  });
}
