import type * as v from 'valibot';
import type { RequestLog } from './request-log';

export type QueryParams = Record<string, string | number | undefined | null>;

/** A valibot schema whose output is T. Valibot never evaluates code, so it runs under the CSP. */
export type Schema<T> = v.GenericSchema<unknown, T>;

export type GetOptions<T> = {
  query?: QueryParams;
  schema: Schema<T>;
  signal?: AbortSignal;
  /**
   * Background work nobody asked for yet (the next page). Demo mode tells its mock, so a failure
   * queued from the demo panel is kept for a request the person makes.
   */
  prefetch?: boolean;
};

export type ApiClient = {
  /** Normalised, without a trailing slash. */
  readonly baseUrl: string;
  /** The API's name, as a ticket or a log file names it. */
  readonly name: string;
  /** The deadline for a whole request, headers and body. */
  readonly timeoutMs: number;
  /**
   * The session's generation now (full sign-ins counted; a renewal by the same person keeps it).
   * A long job keeps the one it started under and stops when it changes.
   */
  sessionGeneration(): number;
  /** Who is signed in to this API now (the token's `sub` and `email`), as a ticket names them. */
  signedIn(): SignedInPerson | undefined;
  /** `path` is relative to the base URL and starts with '/', e.g. '/v1/users'. */
  get<T>(path: string, options: GetOptions<T>): Promise<T>;
};

/** The signed-in person as the token names them (either may be missing). */
export type SignedInPerson = {
  readonly sub?: string | undefined;
  readonly email?: string | undefined;
};

export type ApiClientOptions = {
  baseUrl: string;
  /** The API's name for tickets and log files; the base URL's host if not given. */
  name?: string;
  /** The token to send, or null when there is none (or it has expired: then nothing is sent). */
  getToken: () => string | null;
  /**
   * The session's generation (see SessionState): a request and its retries belong to the person
   * they were started for, and a try under another person is not sent. 0 when not given.
   */
  getGeneration?: () => number;
  /** Who the token is for; nothing when not given. */
  getPerson?: () => SignedInPerson | undefined;
  fetchImpl?: typeof fetch;
  log?: RequestLog;
  now?: () => number;
  timeoutMs?: number;
  maxResponseBytes?: number;
  /** Demo mode: mark prefetches for the in-browser mock (a same-origin header, never sent to a real API). */
  markPrefetches?: boolean;
};
