import { redactUrl } from './api-error';
import { clipLine, clipText } from './display-text';
import { withoutTokens } from './token-shape';

export type RequestLogEntry = {
  readonly id: number;
  readonly method: string;
  /** Secret-looking query parameters removed. */
  readonly url: string;
  /** 0 when no HTTP response arrived. */
  readonly status: number;
  readonly durationMs: number;
  readonly requestId?: string | undefined;
  /** Milliseconds since the epoch. */
  readonly startedAt: number;
  /** A one-line summary of what went wrong, absent for successes. */
  readonly error?: string | undefined;
  /** The caller gave up on it (navigation, a newer page): not a failure of the API. */
  readonly cancelled?: boolean | undefined;
  /**
   * The id of the first try's entry: a request and its automatic retries share it (a first try's
   * is its own id), so a ticket can quote every request id of the attempt.
   */
  readonly attempt: number;
  /** 1 for the first try, 2 for the first retry… */
  readonly try: number;
  /** Milliseconds from the start until the response headers arrived (HAR's `wait`). */
  readonly waitMs?: number | undefined;
  /** What was sent besides the token: the Authorization header is never logged. */
  readonly requestHeaders: readonly LoggedHeader[];
  /** As received, the token removed from values; absent when no response arrived. */
  readonly responseHeaders?: readonly LoggedHeader[] | undefined;
  /** The body of a failed response, token removed, cut to MAX_LOGGED_BODY_CHARS. */
  readonly responseBody?: LoggedBody | undefined;
};

export type LoggedHeader = { readonly name: string; readonly value: string };

export type LoggedBody = {
  readonly text: string;
  readonly mimeType: string;
  /** The whole body's length in characters, before any cut. */
  readonly length: number;
};

export type RequestLogInput = Omit<RequestLogEntry, 'id' | 'attempt' | 'try' | 'requestHeaders'> & {
  /** The entry id of the attempt's first try; absent for a first try. */
  readonly attemptOf?: number | undefined;
  readonly try?: number | undefined;
  readonly requestHeaders?: readonly LoggedHeader[] | undefined;
};

/**
 * `entries` returns the same array until something changes, so it can be handed straight to
 * React's useSyncExternalStore as the snapshot getter.
 */
export type RequestLog = {
  record(entry: RequestLogInput): RequestLogEntry;
  /**
   * Called when a request starts; the returned function records it when it ends, unless the log
   * was cleared in between. Clearing is sign-out: a request still in flight then (cancelled by it,
   * usually) belongs to the person who left, not to the next one's panel.
   */
  begin(): (entry: RequestLogInput) => RequestLogEntry | undefined;
  /** Oldest first. */
  entries(): readonly RequestLogEntry[];
  subscribe(listener: () => void): () => void;
  clear(): void;
};

export const REQUEST_LOG_CAPACITY = 200;
/** A one-line summary: the alert shows the whole (already capped) message. */
const MAX_ERROR_LENGTH = 300;
/**
 * A failed response's body is kept up to this many characters (an error body is a few hundred):
 * 200 failures keep at most about 13 MB, and the log's HAR file stays one a tool can open.
 */
export const MAX_LOGGED_BODY_CHARS = 32_768;

export function createRequestLog(capacity = REQUEST_LOG_CAPACITY): RequestLog {
  let snapshot: readonly RequestLogEntry[] = Object.freeze([]);
  // Not reset by clear(), so ids stay unique for the page's lifetime (they key list rows).
  let nextId = 1;
  // Bumped by clear(): what began before then is not recorded.
  let generation = 0;
  const listeners = new Set<() => void>();

  const publish = (next: readonly RequestLogEntry[]) => {
    snapshot = Object.freeze(next);
    for (const listener of [...listeners]) listener();
  };

  const record = (input: RequestLogInput): RequestLogEntry => {
    // Copy field by field: whatever else a caller passes is never kept. The headers are the API
    // client's (never Authorization; values with the token removed), which a browser keeps small.
    const id = nextId++;
    const entry: RequestLogEntry = Object.freeze({
      id,
      method: input.method,
      // Anything token-shaped too (token-shape.ts): a whole token or a part of one, whoever's it is
      // (the API client's own redaction knows only the token it sent).
      url: withoutTokens(redactUrl(input.url)),
      status: input.status,
      durationMs: input.durationMs,
      requestId: input.requestId,
      startedAt: input.startedAt,
      error:
        input.error === undefined
          ? undefined
          : clipLine(withoutTokens(input.error), MAX_ERROR_LENGTH),
      cancelled: input.cancelled,
      attempt: input.attemptOf ?? id,
      try: input.try ?? 1,
      waitMs: input.waitMs,
      requestHeaders: input.requestHeaders ?? [],
      responseHeaders: input.responseHeaders,
      responseBody: input.responseBody && {
        text: clipText(input.responseBody.text, MAX_LOGGED_BODY_CHARS).text,
        mimeType: input.responseBody.mimeType.slice(0, 200),
        length: input.responseBody.length,
      },
    });
    publish([...snapshot.slice(Math.max(0, snapshot.length - capacity + 1)), entry]);
    return entry;
  };

  return {
    record,
    begin() {
      const started = generation;
      return (input) => (started === generation ? record(input) : undefined);
    },
    entries: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    clear() {
      generation++;
      if (snapshot.length > 0) publish([]);
    },
  };
}

/**
 * The current API profile's log, which the Requests panel reads. Each profile has a log of its
 * own (start-up creates it and hands it to that profile's client); choosing a profile points this
 * binding at its log before the app renders again.
 */
export let requestLog = createRequestLog();

export function selectRequestLog(log: RequestLog): void {
  requestLog = log;
}
