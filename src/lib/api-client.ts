import * as v from 'valibot';
import { createAttempts } from './api-attempts';
import type { ApiClient, ApiClientOptions, GetOptions } from './api-client-types';
import { ApiError, parseRetryAfter, redactUrl, type ApiErrorInit } from './api-error';
import {
  describeIssues,
  formatMegabytes,
  formatSeconds,
  NOT_JSON,
  parseJson,
  readErrorBody,
  readText,
  TooLarge,
} from './api-response-body';
import { apiBase, buildApiUrl } from './api-url';
import { requestLog, type LoggedBody, type LoggedHeader } from './request-log';
import { clipLine } from './display-text';
import { createRedactor, redactJsonText } from './redact';

export type {
  ApiClient,
  ApiClientOptions,
  GetOptions,
  QueryParams,
  Schema,
  SignedInPerson,
} from './api-client-types';
export {
  apiClientFor,
  apiClientRef,
  bindApiClient,
  getApiClient,
  setApiClient,
} from './api-client-registry';

export const DEFAULT_TIMEOUT_MS = 30_000;
/** Larger answers are refused unread: no page of this API comes near it, and the tab would. */
export const MAX_RESPONSE_BYTES = 10_000_000;
/** The header demo mode adds to a prefetch; the mock exempts such requests from queued failures. */
export const DEMO_PREFETCH_HEADER = 'X-Demo-Prefetch';
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
  const base = apiBase(options.baseUrl);
  const { origin, baseUrl } = base;

  const { attemptFor, endAttempt } = createAttempts(generation);

  async function get<T>(path: string, request: GetOptions<T>): Promise<T> {
    const { query, schema, signal } = request;
    const method = 'GET';
    const url = buildApiUrl(base, path, query);
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
    name: options.name ?? new URL(options.baseUrl).host,
    timeoutMs,
    sessionGeneration: generation,
    signedIn: () => options.getPerson?.(),
    get,
  };
}
