import type { ReactNode } from 'react';
import type { ApiError } from '../lib/api-error';
import { ErrorAlert } from './error-alert';
import { SlowNotice } from './slow-notice';

interface QueryLike {
  error: ApiError | null;
  /** The last failure while the query library is still retrying. */
  failureReason: ApiError | null;
  isFetching: boolean;
  refetch: () => unknown;
}

/**
 * The alert for a query the page cannot do without. A rate-limited request is shown while the
 * query library waits out Retry-After, with a countdown to the automatic retry; other failures are
 * shown once the retries are spent. Until then, a request that takes long is said to be slow.
 */
export function QueryAlert({
  query,
  what,
  children,
}: {
  query: QueryLike;
  what: string;
  children?: ReactNode;
}) {
  const waiting =
    !query.error && query.isFetching && query.failureReason?.status === 429
      ? query.failureReason
      : null;
  const error = query.error ?? waiting;
  if (!error) return <SlowNotice active={query.isFetching} what={what} />;
  const retryAt =
    waiting && waiting.retryAfterMs !== undefined
      ? waiting.receivedAt + waiting.retryAfterMs
      : undefined;
  return (
    <ErrorAlert error={error} what={what} retryAt={retryAt} onRetry={() => void query.refetch()}>
      {children}
    </ErrorAlert>
  );
}
