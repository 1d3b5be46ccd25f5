import { useEffect, useState, type ReactNode } from 'react';
import { statusText, type ApiError } from '../lib/api-error';
import { Button } from './button';
import type { ErrorAlertProps } from './error-alert';
import { loadedErrorAlert, loadErrorAlert } from './error-alert-loader';
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
    <AnyErrorAlert error={error} what={what} retryAt={retryAt} onRetry={() => void query.refetch()}>
      {children}
    </AnyErrorAlert>
  );
}

/**
 * The full alert (error-alert-loader.ts) once it has arrived; until then, or if it cannot be
 * fetched (the network is down: the likely failure), a plain alert with the essentials.
 */
function AnyErrorAlert(props: ErrorAlertProps) {
  const [Full, setFull] = useState(loadedErrorAlert);
  useEffect(() => {
    if (Full) return;
    let current = true;
    loadErrorAlert().then(
      (ErrorAlert) => {
        if (current) setFull(() => ErrorAlert);
      },
      () => undefined, // The plain alert stays: the network is likely down.
    );
    return () => {
      current = false;
    };
  }, [Full]);
  if (Full) return <Full {...props} />;
  const { error } = props;
  return (
    <div
      role="alert"
      className="space-y-2 rounded-md border border-red-300 bg-red-50 p-4 text-sm text-red-950 dark:border-red-800 dark:bg-red-950/60 dark:text-red-50"
    >
      <p className="font-semibold">
        {error.kind === 'http' ? `${error.status} ${statusText(error.status)}` : error.message}
      </p>
      {error.serverMessage && <p>{error.serverMessage}</p>}
      <p>{error.requestId ? `Request ID: ${error.requestId}` : 'No request ID was returned.'}</p>
      {props.onRetry && (
        <Button onClick={props.onRetry} disabled={props.retryAt !== undefined}>
          Try again
        </Button>
      )}
      {props.children}
    </div>
  );
}
