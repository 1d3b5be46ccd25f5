import { memo } from 'react';
import { ApiText } from '../../components/api-text';
import { CopyButton } from '../../components/copy-button';
import { TicketButton } from '../../components/ticket-button';
import { statusText } from '../../lib/api-error';
import { curlCommand } from '../../lib/curl';
import { withoutControls } from '../../lib/copy-text';
import type { RequestLogEntry } from '../../lib/request-log';
import type { TicketRequest } from '../../lib/ticket';
import { RelativeTime } from './relative-time';

/** A request that failed: no answer, an error status, or an answer the console could not use. */
export function isFailure(entry: RequestLogEntry): boolean {
  if (entry.cancelled) return false;
  return entry.status === 0 || entry.status >= 400 || entry.error !== undefined;
}

function outcome(entry: RequestLogEntry): string {
  if (entry.cancelled) return 'cancelled';
  if (entry.status === 0) return 'network error';
  return entry.status >= 400 ? `${entry.status} ${statusText(entry.status)}` : String(entry.status);
}

function pathAndQuery(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.pathname}${parsed.search}`;
  } catch {
    return url;
  }
}

/**
 * What a ticket says about an entry: its attempt's tries are the entries that share its attempt id
 * (read from the log at the click, so retries logged since are included).
 */
export function ticketRequest(
  entry: RequestLogEntry,
  log: readonly RequestLogEntry[],
): TicketRequest {
  const tries = log.filter((other) => other.attempt === entry.attempt);
  return {
    method: entry.method,
    url: entry.url,
    status: entry.status,
    outcome: outcome(entry),
    message: entry.error,
    code: errorCode(entry),
    tries: (tries.length > 0 ? tries : [entry]).map(({ requestId, status, startedAt }) => ({
      requestId,
      status,
      startedAt,
    })),
    at: entry.startedAt,
  };
}

/** The API's `error.code` in a logged error body, when it has one. */
function errorCode(entry: RequestLogEntry): string | undefined {
  const body = entry.responseBody;
  if (!body || entry.status < 400 || !body.mimeType.includes('json')) return undefined;
  try {
    const code = (JSON.parse(body.text) as { error?: { code?: unknown } } | null)?.error?.code;
    return typeof code === 'string' ? code : undefined;
  } catch {
    // Cut short (a long body) or not JSON after all: no code to tell.
    return undefined;
  }
}

/** One logged request; entries never change, so a row renders once (its time text ticks alone). */
export const RequestEntry = memo(function RequestEntry({
  entry,
  log,
}: {
  entry: RequestLogEntry;
  /** The whole log as it is at the click (for the attempt's other tries). */
  log: () => readonly RequestLogEntry[];
}) {
  const failed = isFailure(entry);
  return (
    <li className="space-y-1 px-4 py-2 text-sm">
      <p className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        {/* The spaces between items are for reading the text out; the flex gap does the layout. */}
        <span className="font-mono font-semibold">{entry.method}</span>{' '}
        <span title={entry.url} className="min-w-0 flex-1 font-mono break-all">
          {pathAndQuery(entry.url)}
        </span>{' '}
        <span
          className={`rounded px-1.5 py-0.5 text-xs font-medium whitespace-nowrap ${
            failed
              ? 'bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-100'
              : entry.cancelled
                ? 'bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-100'
                : 'bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100'
          }`}
        >
          {outcome(entry)}
        </span>
      </p>
      {failed && entry.error && (
        // The message quotes what the API said (already cut to one line by the log).
        <p className="text-xs break-words text-red-900 dark:text-red-200">
          <ApiText text={entry.error} />
        </p>
      )}
      {/* The facts on the left, the buttons at the right edge: each button sits where it sat in
          the entry above, whatever the lengths of the texts beside it. */}
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-700 dark:text-slate-300">
        <span className="tabular-nums">{Math.round(entry.durationMs).toLocaleString()} ms</span>{' '}
        <RelativeTime at={entry.startedAt} />{' '}
        {entry.try > 1 && <span>automatic retry {entry.try - 1}</span>}{' '}
        {entry.requestId ? (
          <code className="font-mono break-all">
            <ApiText text={entry.requestId} />
          </code>
        ) : (
          <span>No request ID</span>
        )}{' '}
        <span className="ml-auto flex flex-wrap items-center justify-end gap-1">
          {entry.requestId && (
            <CopyButton text={withoutControls(entry.requestId)} label="Copy request ID" />
          )}
          <CopyButton text={curlCommand(entry)} label="Copy as curl" />
          <TicketButton request={() => ticketRequest(entry, log())} />
        </span>
      </div>
    </li>
  );
});
