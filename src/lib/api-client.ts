import { z } from 'zod';
import { ApiError, parseRetryAfter, redactUrl, type ApiErrorInit } from './api-error';
import { requestLog, type RequestLog } from './request-log';

// The production Content-Security-Policy forbids eval. Without this, zod probes `new Function` on
// its first object parse, and the browser reports that as a policy violation even though zod
// catches the error.
z.config({ jitless: true });

export type QueryParams = Record<string, string | number | undefined | null>;

export type GetOptions<T> = {
  query?: QueryParams;
  schema: z.ZodType<T>;
  signal?: AbortSignal;
};

export type ApiClient = {
  /** Normalised, without a trailing slash. */
  readonly baseUrl: string;
  /** `path` is relative to the base URL and starts with '/', e.g. '/v1/users'. */
  get<T>(path: string, options: GetOptions<T>): Promise<T>;
};

export type ApiClientOptions = {
  baseUrl: string;
  getToken: () => string | null;
  fetchImpl?: typeof fetch;
  log?: RequestLog;
  now?: () => number;
};

const errorBodySchema = z.object({
  error: z.object({
    code: z.string().optional().catch(undefined),
    message: z.string().optional().catch(undefined),
    request_id: z.string().optional().catch(undefined),
  }),
});

const MAX_SCHEMA_ISSUES_SHOWN = 3;

export function createApiClient(options: ApiClientOptions): ApiClient {
  const { getToken, log = requestLog, now = Date.now } = options;
  // Kept in a local: calling window.fetch as a method of another object throws "Illegal invocation".
  const fetchImpl = options.fetchImpl ?? fetch;
  const base = new URL(options.baseUrl);
  const origin = base.origin;
  const basePath = base.pathname.replace(/\/+$/, '');
  const baseUrl = `${origin}${basePath}`;

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

  async function get<T>(path: string, { query, schema, signal }: GetOptions<T>): Promise<T> {
    const method = 'GET';
    const url = buildUrl(path, query);
    const safeUrl = redactUrl(url.toString());
    const fail = (init: Omit<ApiErrorInit, 'method' | 'url'>) =>
      new ApiError({ method, url: safeUrl, receivedAt: now(), ...init });

    const token = getToken();
    if (token === null || token === '') {
      throw fail({ kind: 'http', status: 401, code: 'no_token', message: 'Not signed in' });
    }

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

    const startedAt = now();
    let status = 0;
    let requestId: string | undefined;

    const networkError = (error: unknown): unknown => {
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
          signal,
          // Bearer auth only: cookies must not ride along, and the console's URLs (which hold
          // table state) are nobody else's business.
          credentials: 'omit',
          referrerPolicy: 'no-referrer',
          // Per-user data behind a token: keep it out of the HTTP cache (shared machines, stale
          // pages after sign-out); the query cache is the one cache.
          cache: 'no-store',
          // The API has no reason to redirect, and following one could hand the token to another
          // host on browsers that predate stripping Authorization on cross-origin redirects.
          redirect: 'error',
        });
      } catch (error) {
        throw networkError(error);
      }

      status = response.status;
      requestId = response.headers.get('x-request-id') ?? undefined;

      let text: string;
      try {
        text = await response.text();
      } catch (error) {
        throw networkError(error);
      }

      if (!response.ok) {
        const body = errorBodySchema.safeParse(parseJson(text));
        const serverError = body.success ? body.data.error : undefined;
        requestId = serverError?.request_id ?? requestId;
        const receivedAt = now();
        throw fail({
          kind: 'http',
          status,
          code: serverError?.code,
          serverMessage: serverError?.message,
          requestId,
          retryAfterMs: parseRetryAfter(response.headers.get('retry-after'), receivedAt),
          receivedAt,
        });
      }

      const json = parseJson(text);
      if (json === NOT_JSON) {
        const contentType = response.headers.get('content-type') ?? 'none';
        throw fail({
          kind: 'invalid-response',
          status,
          requestId,
          message: `The API at ${origin} answered ${status} with a body that is not JSON (content type: ${contentType}). Check the API base URL.`,
        });
      }

      const parsed = schema.safeParse(json);
      if (!parsed.success) {
        throw fail({
          kind: 'schema',
          status,
          requestId,
          message: `The API response does not have the expected shape: ${describeIssues(parsed.error.issues)}`,
          cause: parsed.error,
        });
      }
      return parsed.data;
    };

    let error: string | undefined;
    let cancelled: boolean | undefined;
    try {
      return await send();
    } catch (caught) {
      error = caught instanceof Error ? caught.message : String(caught);
      // The caller's abort passes through send() unwrapped (see networkError).
      cancelled = signal?.aborted === true && !(caught instanceof ApiError) ? true : undefined;
      throw caught;
    } finally {
      log.record({
        method,
        url: safeUrl,
        status,
        durationMs: Math.max(0, now() - startedAt),
        requestId,
        startedAt,
        error,
        cancelled,
      });
    }
  }

  return { baseUrl, get };
}

const NOT_JSON = Symbol('not JSON');

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return NOT_JSON;
  }
}

function describeIssues(issues: z.ZodError['issues']): string {
  const shown = issues.slice(0, MAX_SCHEMA_ISSUES_SHOWN).map((issue) => {
    const path = issue.path.map(String).join('.');
    return `${path === '' ? '(root)' : path}: ${issue.message}`;
  });
  const more = issues.length - shown.length;
  return `${shown.join('; ')}${more > 0 ? ` (and ${more} more)` : ''}.`;
}

/**
 * The client the query options use. The app sets it once at start-up, when it knows the API
 * target and has a session store to read the token from.
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
