import type { ReactNode } from 'react';
import { type ApiError, statusText } from '../lib/api-error';
import { ApiText } from './api-text';
import { withoutControls } from '../lib/copy-text';
import { showBidiControls } from '../lib/display-text';
import { curlCommand } from '../lib/curl';
import { formatCountdown } from '../lib/time';
import { Button } from './button';
import { CopyButton } from './copy-button';
import { TicketButton } from './ticket-button';
import { useNow } from './use-now';

export interface ErrorAlertProps {
  error: ApiError;
  /** What the page was trying to load, e.g. "users" or "user user_123". */
  what: string;
  onRetry?: () => void;
  /** When the console will try again by itself (a rate-limited request), epoch ms. */
  retryAt?: number | undefined;
  children?: ReactNode;
}

/**
 * The one way a failed request is shown: what the status means in words, what the server said,
 * and the request id to quote to the API team.
 */
export function ErrorAlert({ error, what, onRetry, retryAt, children }: ErrorAlertProps) {
  const now = useNow(1000, retryAt !== undefined);
  const title =
    error.code === 'timeout'
      ? error.message.replace(/\.$/, '')
      : error.kind === 'network'
        ? `Could not reach the API to load ${what}`
        : error.kind === 'http'
          ? `${error.status} ${statusText(error.status)}`
          : `Unexpected response from the API while loading ${what}`;

  return (
    <div
      role="alert"
      className="space-y-2 rounded-md border border-red-300 bg-red-50 p-4 text-sm text-red-950 dark:border-red-800 dark:bg-red-950/60 dark:text-red-50"
    >
      <p className="font-semibold">{title}</p>
      {/* A schema problem quotes what the API sent; `what` may be an id from the address. */}
      <p>{showBidiControls(explain(error, what))}</p>
      {error.serverMessage && (
        <p>
          <span className="font-medium">The server said:</span>{' '}
          <ApiText text={error.serverMessage} max={300} />
        </p>
      )}
      {error.status === 429 && retryAt !== undefined && (
        <p>
          The console will try again in {formatCountdown(retryAt - now)} (the server asked to wait).
        </p>
      )}
      <p className="flex flex-wrap items-center gap-2">
        {error.requestId ? (
          <>
            <span>
              Request ID:{' '}
              <code className="font-mono">
                <ApiText text={error.requestId} />
              </code>
            </span>
            <CopyButton text={withoutControls(error.requestId)} label="Copy request ID" />
          </>
        ) : (
          <span className="text-red-900/80 dark:text-red-100/80">No request ID was returned.</span>
        )}
        {/* The token stays $TOKEN: whoever runs the command supplies their own. */}
        <CopyButton text={curlCommand(error)} label="Copy as curl" />
        {/* Every try's request id: the alert shows the last, the API team may need them all. */}
        <TicketButton
          request={() => ({
            method: error.method,
            url: error.url,
            status: error.status,
            outcome: title,
            message: error.message,
            code: error.code,
            tries: error.tries,
            at: error.receivedAt,
          })}
        />
      </p>
      <div className="flex flex-wrap gap-2 pt-1">
        {onRetry && canHelpToRetry(error) && (
          // While a rate-limited request waits out Retry-After, trying early would only be
          // refused again, so the button stays visible but waits for the automatic retry.
          <Button onClick={onRetry} disabled={retryAt !== undefined && retryAt > now}>
            Try again
          </Button>
        )}
        {children}
      </div>
    </div>
  );
}

/** The same request again gets the same 400, 403 or 404: offering to retry would only mislead. */
export function canHelpToRetry(error: ApiError): boolean {
  return !(error.kind === 'http' && [400, 403, 404].includes(error.status));
}

function explain(error: ApiError, what: string): string {
  switch (error.code) {
    case 'timeout':
      return `The request to ${originOf(error.url)} for ${what} was stopped without a complete answer. The API may be overloaded; try again, or check the API’s status.`;
    case 'redirect':
    case 'too_large':
      return error.message;
  }
  switch (error.kind) {
    case 'network':
      return `There was no answer from ${originOf(error.url)}. Check your connection or the API’s status.`;
    case 'invalid-response':
      return 'The API answered with something that is not JSON, so it cannot be shown.';
    case 'schema':
      return `The API’s answer does not have the documented shape, so it is not shown. ${error.message}`;
    case 'http':
      break;
  }
  switch (error.status) {
    case 400:
      return `The API refused the request for ${what} as invalid.`;
    case 401:
      return 'The API did not accept your token.';
    case 403:
      return `Your token lacks permission to read ${what}. Ask for a token with the right scope.`;
    case 404:
      return `The API has no ${what}.`;
    case 429:
      return `The rate limit was hit while loading ${what}.`;
    default:
      return error.status >= 500
        ? `The API failed while loading ${what}.`
        : `The request for ${what} failed.`;
  }
}

function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return 'the API';
  }
}
