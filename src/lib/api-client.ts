import type { QueryClient } from '@tanstack/react-query';
import * as v from 'valibot';
import { ApiError, parseRetryAfter, redactUrl, type ApiErrorInit, type ApiTry } from './api-error';
import { requestLog, type LoggedBody, type LoggedHeader, type RequestLog } from './request-log';
import { clipLine } from './display-text';
import { createRedactor, redactJsonText } from './redact';

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

export const DEFAULT_TIMEOUT_MS = 30_000;
/** Larger answers are refused unread: no page of this API comes near it, and the tab would. */
export const MAX_RESPONSE_BYTES = 10_000_000;
/** The header demo mode adds to a prefetch; the mock exempts such requests from queued failures. */
export const DEMO_PREFETCH_HEADER = 'X-Demo-Prefetch';
const MAX_SCHEMA_ISSUES_SHOWN = 3;
/** Server messages are for people: a 200,000-character one is cut, with a count of the rest. */
const MAX_SERVER_MESSAGE = 1_000;
const MAX_REQUEST_ID = 200;

export function createApiClient(options: ApiClientOptions): ApiClient {
  const { getToken, log = requestLog, now = Date.now } = options;
  const generation = options.getGeneration ?? (() => 0);
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxBytes = options.maxResponseBytes ?? MAX_RESPONSE_BYTES;
  // Kept in a local: calling window.fetch as a method of another object throws "Illegal invocation".
  const fetchImpl = options.fetchImpl ?? fetch;
  const base = new URL(options.baseUrl);
  const origin = base.origin;
  const basePath = base.pathname.replace(/\/+$/, '');
  const baseUrl = `${origin}${basePath}`;

  // An attempt is a request and its automatic retries. TanStack Query hands every try of one fetch
  // the same AbortSignal (a new fetch, such as Try again, gets a new one), so the tries of an
  // attempt are the requests for one URL under one signal; query-client.test.ts checks this.
  const attempts = new WeakMap<AbortSignal, Map<string, Attempt>>();
  function attemptFor(signal: AbortSignal | undefined, key: string): Attempt {
    if (signal === undefined) return { tries: [], generation: generation() };
    let bySignal = attempts.get(signal);
    if (bySignal === undefined) {
      bySignal = new Map();
      attempts.set(signal, bySignal);
    }
    let attempt = bySignal.get(key);
    if (attempt === undefined) {
      attempt = { tries: [], generation: generation() };
      bySignal.set(key, attempt);
    }
    return attempt;
  }
  const endAttempt = (signal: AbortSignal | undefined, key: string) =>
    signal && attempts.get(signal)?.delete(key);

  function buildUrl(path: string, query: QueryParams | undefined): URL {
    // The token goes with every request, so the URL must not be able to leave the API's origin
    // (a protocol-relative '//host' would) or its base path (dot segments would).
    if (!path.startsWith('/') || path.startsWith('//') || /[?#\\]/.test(path)) {
      throw new Error(`API path must start with a single '/' and carry no query: ${path}`);
    }
    const url = new URL(`${baseUrl}${path}`);
    if (url.origin !== origin || url.pathname !== `${basePath}${path}`) {
      throw new Error(
        `API path must be in canonical form (no dot segments, segments percent-encoded): ${path}`,
      );
    }
    for (const [name, value] of Object.entries(query ?? {})) {
      if (value === undefined || value === null) continue;
      if (typeof value === 'string' && value.trim() === '') continue;
      if (typeof value === 'number' && !Number.isFinite(value)) continue;
      url.searchParams.append(name, String(value));
    }
    return url;
  }

  async function get<T>(path: string, request: GetOptions<T>): Promise<T> {
    const { query, schema, signal } = request;
    const method = 'GET';
    const url = buildUrl(path, query);
    const safeUrl = redactUrl(url.toString());
    const attemptKey = `${method} ${url.toString()}`;
    const attempt = attemptFor(signal, attemptKey);
    let startedAt = now();
    const fail = (init: Omit<ApiErrorInit, 'method' | 'url'>) =>
      new ApiError({
        method,
        url: safeUrl,
        receivedAt: now(),
        ...init,
        tries: [...attempt.tries, { requestId: init.requestId, status: init.status, startedAt }],
      });

    // A retry after another person signed in (TanStack Query retries in the background) must not
    // go out with that person's token: it was that person's request, not this one's.
    if (attempt.generation !== generation()) {
      throw fail({
        kind: 'network',
        status: 0,
        code: 'session_changed',
        message: 'Not sent: the session it was started in has ended.',
      });
    }
    const token = getToken();
    if (token === null || token === '') {
      throw fail({ kind: 'http', status: 401, code: 'no_token', message: 'Not signed in' });
    }
    // Whatever the API sends back is shown, logged and copied: an API that repeats the
    // credential must not get it onto the screen.
    const redact = createRedactor(token);

    let headers: Headers;
    try {
      headers = new Headers({ Accept: 'application/json', Authorization: `Bearer ${token}` });
    } catch {
      // No cause attached: the runtime's message may quote the header value, i.e. the token.
      throw fail({
        kind: 'http',
        status: 401,
        code: 'invalid_token',
        message: 'The access token contains characters that cannot be sent in a header.',
      });
    }
    if (request.prefetch && options.markPrefetches) headers.set(DEMO_PREFETCH_HEADER, '1');
    const requestHeaders: LoggedHeader[] = [];
    for (const [name, value] of headers) {
      if (name !== 'authorization') requestHeaders.push({ name, value });
    }

    startedAt = now();
    const record = log.begin();
    let status = 0;
    let requestId: string | undefined;
    let waitMs: number | undefined;
    let responseHeaders: LoggedHeader[] | undefined;
    let responseBody: LoggedBody | undefined;

    // One deadline for the whole exchange: a server that sends headers and then a byte a second
    // must not keep the page loading forever. The caller's signal (a cancelled query) aborts too.
    const deadline = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      deadline.abort();
    }, timeoutMs);
    const forwardAbort = () => deadline.abort();
    if (signal?.aborted) deadline.abort();
    signal?.addEventListener('abort', forwardAbort);

    const networkError = (error: unknown): unknown => {
      if (timedOut) {
        return fail({
          kind: 'network',
          status,
          code: 'timeout',
          requestId,
          message: `The API did not answer within ${formatSeconds(timeoutMs)}.`,
        });
      }
      // TanStack Query recognises cancellation by the native AbortError; wrapping would turn a
      // cancelled query into a failed one.
      if (signal?.aborted || (error instanceof Error && error.name === 'AbortError')) return error;
      return fail({
        kind: 'network',
        status: 0,
        requestId,
        message: `Could not reach the API at ${origin}. Check the network connection, and that the API allows requests from this site (CORS).`,
        cause: error,
      });
    };

    const send = async (): Promise<T> => {
      let response: Response;
      try {
        response = await fetchImpl(url, {
          method,
          headers,
          signal: deadline.signal,
          // Bearer auth only: cookies must not ride along, and the console's URLs (which hold
          // table state) are nobody else's business.
          credentials: 'omit',
          referrerPolicy: 'no-referrer',
          // Per-user data behind a token: keep it out of the HTTP cache (shared machines, stale
          // pages after sign-out); the query cache is the one cache.
          cache: 'no-store',
          // The API has no reason to redirect, and following one could hand the token to another
          // host. 'manual' lets the console say so, where 'error' looks like a CORS failure.
          redirect: 'manual',
        });
      } catch (error) {
        throw networkError(error);
      }

      if (response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400)) {
        throw fail({
          kind: 'invalid-response',
          status: response.status,
          code: 'redirect',
          message:
            'The API answered with a redirect to another address, which the console does not follow. Check the API base URL.',
        });
      }

      status = response.status;
      waitMs = Math.max(0, now() - startedAt);
      responseHeaders = [];
      for (const [name, value] of response.headers) {
        responseHeaders.push({ name: redact(name), value: redact(value) });
      }
      const headerId = response.headers.get('x-request-id');
      requestId = headerId === null ? undefined : clipLine(redact(headerId), MAX_REQUEST_ID);

      let text: string;
      try {
        text = redactJsonText(await readText(response, maxBytes, deadline.signal), redact);
      } catch (error) {
        if (error instanceof TooLarge) {
          throw fail({
            kind: 'invalid-response',
            status,
            code: 'too_large',
            requestId,
            message: `The API's answer is larger than ${formatMegabytes(maxBytes)}, more than any page of this API should be, so the console did not read it.`,
          });
        }
        throw networkError(error);
      }

      const keepBody = () => {
        responseBody = {
          text,
          mimeType: response.headers.get('content-type') ?? '',
          length: text.length,
        };
      };

      if (!response.ok) {
        keepBody();
        const serverError = readErrorBody(parseJson(text));
        requestId =
          serverError.request_id === undefined
            ? requestId
            : clipLine(serverError.request_id, MAX_REQUEST_ID);
        const receivedAt = now();
        throw fail({
          kind: 'http',
          status,
          code: serverError.code === undefined ? undefined : clipLine(serverError.code, 100),
          serverMessage:
            serverError.message === undefined
              ? undefined
              : clipLine(serverError.message, MAX_SERVER_MESSAGE),
          requestId,
          retryAfterMs: parseRetryAfter(response.headers.get('retry-after'), receivedAt),
          receivedAt,
        });
      }

      const json = parseJson(text);
      if (json === NOT_JSON) {
        keepBody();
        const contentType = response.headers.get('content-type') ?? 'none';
        throw fail({
          kind: 'invalid-response',
          status,
          requestId,
          message: `The API at ${origin} answered ${status} with a body that is not JSON (content type: ${contentType.slice(0, 100)}). Check the API base URL.`,
        });
      }

      const parsed = v.safeParse(schema, json);
      if (!parsed.success) {
        // Not the whole answer: a page that breaks the contract in one field is still 50 other
        // people's names and e-mails, and the log is downloaded and attached to tickets.
        // Loaded only for a broken answer: not on any page's first render.
        const kept = await import('./failing-parts').then(
          ({ failingParts }) => failingParts(parsed.issues),
          () => JSON.stringify({ kept: 'Nothing: the answer broke the contract.' }),
        );
        responseBody = {
          text: kept,
          mimeType: 'application/json',
          length: text.length,
        };
        throw fail({
          kind: 'schema',
          status,
          requestId,
          message: `The API response does not have the expected shape: ${describeIssues(parsed.issues)}`,
        });
      }
      return parsed.output;
    };

    let error: string | undefined;
    let cancelled: boolean | undefined;
    try {
      const result = await send();
      endAttempt(signal, attemptKey);
      return result;
    } catch (caught) {
      error = caught instanceof Error ? caught.message : String(caught);
      // The caller's abort passes through send() unwrapped (see networkError).
      cancelled = signal?.aborted === true && !(caught instanceof ApiError) ? true : undefined;
      throw caught;
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', forwardAbort);
      const entry = record({
        method,
        url: safeUrl,
        status,
        durationMs: Math.max(0, now() - startedAt),
        requestId,
        startedAt,
        error,
        cancelled,
        attemptOf: attempt.firstEntryId,
        try: attempt.tries.length + 1,
        waitMs,
        requestHeaders,
        responseHeaders,
        responseBody,
      });
      attempt.firstEntryId ??= entry?.id;
      attempt.tries.push({ requestId, status, startedAt });
    }
  }

  return {
    baseUrl,
    name: options.name ?? base.host,
    timeoutMs,
    sessionGeneration: generation,
    signedIn: () => options.getPerson?.(),
    get,
  };
}

/**
 * The tries so far of a request and its automatic retries (see attemptFor), and the session
 * generation they belong to.
 */
type Attempt = { tries: ApiTry[]; generation: number; firstEntryId?: number | undefined };

class TooLarge extends Error {}

/**
 * Reads the body as UTF-8 text, refusing (and cancelling) it past `maxBytes`. Each read also
 * races the deadline: not every fetch implementation errors a body stream that is already
 * flowing when its request is aborted.
 */
async function readText(
  response: Response,
  maxBytes: number,
  signal: AbortSignal,
): Promise<string> {
  const aborted = new Promise<never>((_, reject) => {
    const abort = () => reject(new DOMException('The request was aborted.', 'AbortError'));
    if (signal.aborted) abort();
    else signal.addEventListener('abort', abort, { once: true });
  });
  aborted.catch(() => undefined);
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    void response.body?.cancel().catch(() => undefined);
    throw new TooLarge();
  }
  if (!response.body) return Promise.race([response.text(), aborted]);
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let received = 0;
  let text = '';
  try {
    for (;;) {
      const { done, value } = await Promise.race([reader.read(), aborted]);
      if (done) break;
      received += value.byteLength;
      if (received > maxBytes) throw new TooLarge();
      text += decoder.decode(value, { stream: true });
    }
  } catch (error) {
    void reader.cancel().catch(() => undefined);
    throw error;
  }
  return text + decoder.decode();
}

const NOT_JSON = Symbol('not JSON');

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return NOT_JSON;
  }
}

type ErrorBody = { code?: string; message?: string; request_id?: string };

/** The spec's error body, field by field: one odd field does not lose the others. */
function readErrorBody(json: unknown): ErrorBody {
  const error = isObject(json) && isObject(json.error) ? json.error : {};
  const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
  const body: ErrorBody = {};
  const code = text(error.code);
  const message = text(error.message);
  const requestId = text(error.request_id);
  if (code !== undefined) body.code = code;
  if (message !== undefined) body.message = message;
  if (requestId !== undefined) body.request_id = requestId;
  return body;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function describeIssues(issues: readonly v.BaseIssue<unknown>[]): string {
  const shown = issues.slice(0, MAX_SCHEMA_ISSUES_SHOWN).map((issue) => {
    const path = (issue.path ?? []).map((item) => String(item.key)).join('.');
    return `${path === '' ? '(root)' : path}: ${issue.message}`;
  });
  const more = issues.length - shown.length;
  return `${shown.join('; ')}${more > 0 ? ` (and ${more} more)` : ''}.`;
}

function formatSeconds(ms: number): string {
  const seconds = ms / 1000;
  return `${Number.isInteger(seconds) ? seconds : seconds.toFixed(1)} s`;
}

function formatMegabytes(bytes: number): string {
  return `${Math.round(bytes / 1_000_000)} MB`;
}

/**
 * The client of the API profile a query client belongs to (each profile has its own query client;
 * profile-runtime.ts binds them). A query function reads it from its context's `client`, so a
 * request started under one profile is made, and retried, with that profile's client even when
 * another profile is current by then.
 */
const boundClients = new WeakMap<QueryClient, ApiClient>();

export function bindApiClient(queryClient: QueryClient, client: ApiClient): void {
  boundClients.set(queryClient, client);
}

/** The client bound to `queryClient`; an unbound one (a test's) uses the one set with setApiClient. */
export function apiClientFor(queryClient: QueryClient): ApiClient {
  return boundClients.get(queryClient) ?? getApiClient();
}

/**
 * The current profile's client, for what names the API (a ticket, a log file, the slow notice).
 * Requests go through apiClientFor, never through this.
 */
export const apiClientRef: { current: ApiClient | null } = { current: null };

export function setApiClient(client: ApiClient | null): void {
  apiClientRef.current = client;
}

export function getApiClient(): ApiClient {
  if (apiClientRef.current === null) {
    throw new Error('The API client is not configured: call setApiClient() at start-up.');
  }
  return apiClientRef.current;
}
