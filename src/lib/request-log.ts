import { redactUrl } from './api-error';
import { clipLine } from './display-text';

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
};

export type RequestLogInput = Omit<RequestLogEntry, 'id'>;

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
    // Copy field by field: whatever else a caller passes (headers, say) is never kept.
    const entry: RequestLogEntry = Object.freeze({
      id: nextId++,
      method: input.method,
      url: redactUrl(input.url),
      status: input.status,
      durationMs: input.durationMs,
      requestId: input.requestId,
      startedAt: input.startedAt,
      error: input.error === undefined ? undefined : clipLine(input.error, MAX_ERROR_LENGTH),
      cancelled: input.cancelled,
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
