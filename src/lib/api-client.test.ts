// @vitest-environment node
import { delay, http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { QueryClient } from '@tanstack/react-query';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import * as v from 'valibot';
import { ApiError } from './api-error';
import {
  apiClientFor,
  apiClientRef,
  bindApiClient,
  createApiClient,
  DEMO_PREFETCH_HEADER,
  getApiClient,
  setApiClient,
  type ApiClientOptions,
} from './api-client';
import { REDACTED } from './redact';
import { createRequestLog, MAX_LOGGED_BODY_CHARS } from './request-log';

const BASE = 'https://api.example.com/prefix';
const TOKEN = 'header.payload.sig-9f8e7d';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const itemSchema = v.object({ id: v.string(), name: v.string() });

function makeClient(
  overrides: Partial<
    Pick<ApiClientOptions, 'getToken' | 'now' | 'timeoutMs' | 'maxResponseBytes' | 'markPrefetches'>
  > = {},
) {
  const log = createRequestLog();
  const client = createApiClient({ baseUrl: `${BASE}/`, getToken: () => TOKEN, log, ...overrides });
  return { client, log };
}

/** Runs the request and returns what it threw, failing the test if it did not throw. */
async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => expect.fail('expected the request to fail'),
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('requests', () => {
  it('joins paths onto the base path and sends the auth and accept headers', async () => {
    let seen: Request | undefined;
    server.use(
      http.get(`${BASE}/v1/items/:id`, ({ request }) => {
        seen = request;
        return HttpResponse.json({ id: 'item_1', name: 'One' });
      }),
    );
    const { client } = makeClient();
    expect(client.baseUrl).toBe(BASE);

    const item = await client.get(`/v1/items/${encodeURIComponent('item_1')}`, {
      schema: itemSchema,
    });

    expect(item).toEqual({ id: 'item_1', name: 'One' });
    expect(seen?.url).toBe(`${BASE}/v1/items/item_1`);
    expect(seen?.headers.get('authorization')).toBe(`Bearer ${TOKEN}`);
    expect(seen?.headers.get('accept')).toBe('application/json');
  });

  it('leaves out empty query values and encodes the rest', async () => {
    let url: URL | undefined;
    server.use(
      http.get(`${BASE}/v1/products`, ({ request }) => {
        url = new URL(request.url);
        return HttpResponse.json([]);
      }),
    );
    const { client } = makeClient();

    await client.get('/v1/products', {
      query: {
        category: 'Home & Garden',
        min_price: 0,
        max_price: undefined,
        sort: null,
        q: '',
        blank: '  ',
        nan: Number.NaN,
        page: 2,
      },
      schema: v.array(v.never()),
    });

    expect(url?.search).toBe('?category=Home+%26+Garden&min_price=0&page=2');
    expect(url?.searchParams.get('category')).toBe('Home & Garden');
  });

  it('does not call the API without a token', async () => {
    const fetchImpl = vi.fn<typeof fetch>();
    const log = createRequestLog();
    const client = createApiClient({ baseUrl: BASE, getToken: () => null, fetchImpl, log });

    const error = await failure(client.get('/v1/users', { schema: v.unknown() }));

    expect(error).toMatchObject({
      kind: 'http',
      status: 401,
      code: 'no_token',
      message: 'Not signed in',
    });
    expect(fetchImpl).not.toHaveBeenCalled();
  });

  it.each([
    'v1/users',
    '//evil.example.com/v1/users',
    '/v1/users?page=1',
    '/v1/users/..',
    '/v1/%2e%2e/x',
  ])('refuses the path %s before sending the token anywhere', async (path) => {
    const fetchImpl = vi.fn<typeof fetch>();
    const client = createApiClient({ baseUrl: BASE, getToken: () => TOKEN, fetchImpl });
    await expect(client.get(path, { schema: v.unknown() })).rejects.toThrow(/API path must/);
    expect(fetchImpl).not.toHaveBeenCalled();
  });

  it('keeps the token out of the request log', async () => {
    server.use(
      http.get(`${BASE}/v1/items`, () =>
        HttpResponse.json({ id: 'a', name: 'A' }, { headers: { 'X-Request-Id': 'req_ok' } }),
      ),
      http.get(`${BASE}/v1/missing`, () =>
        HttpResponse.json(
          { error: { code: 'not_found', message: 'Nope', request_id: 'req_404' } },
          { status: 404 },
        ),
      ),
    );
    let clock = 1_000;
    const { client, log } = makeClient({ now: () => (clock += 5) });

    await client.get('/v1/items', { query: { page: 1 }, schema: itemSchema });
    await failure(client.get('/v1/missing', { schema: itemSchema }));

    expect(log.entries()).toMatchObject([
      {
        id: 1,
        method: 'GET',
        url: `${BASE}/v1/items?page=1`,
        status: 200,
        requestId: 'req_ok',
        // Start, headers, end: each reading of the clock moves it on 5 ms.
        waitMs: 5,
        durationMs: 10,
      },
      { id: 2, status: 404, requestId: 'req_404', error: 'Not found (HTTP 404): Nope.' },
    ]);
    expect(log.entries()[0]?.error).toBeUndefined();
    expect(JSON.stringify(log.entries())).not.toContain(TOKEN);
    expect(JSON.stringify(log.entries())).not.toContain('sig-9f8e7d');
  });
});

describe('what the log keeps for a ticket and the HAR file', () => {
  const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1c2VyXzEifQ.c2lnbmF0dXJlLW9mLXRoZS10b2tlbg';

  it('keeps the headers sent without Authorization, the headers received and a failed body, never the token', async () => {
    server.use(
      http.get(`${BASE}/v1/users`, () =>
        HttpResponse.json(
          { error: { code: 'forbidden', message: `Token ${JWT} refused`, request_id: 'req_1' } },
          { status: 403, headers: { 'X-Request-Id': 'req_1', 'X-Echo': `Bearer ${JWT}` } },
        ),
      ),
      http.get(`${BASE}/v1/items`, () =>
        HttpResponse.json({ id: 'a', name: 'A' }, { headers: { 'X-Request-Id': 'req_ok' } }),
      ),
    );
    const { client, log } = makeClient({ getToken: () => JWT });

    await failure(client.get('/v1/users', { schema: v.unknown() }));
    await client.get('/v1/items', { schema: itemSchema });

    const [failed, ok] = log.entries();
    expect(failed?.requestHeaders).toEqual([{ name: 'accept', value: 'application/json' }]);
    expect(failed?.responseHeaders).toEqual(
      expect.arrayContaining([
        { name: 'x-request-id', value: 'req_1' },
        { name: 'x-echo', value: `Bearer ${REDACTED}` },
      ]),
    );
    expect(failed?.responseBody?.mimeType).toBe('application/json');
    expect(failed?.responseBody?.text).toContain(`Token ${REDACTED} refused`);
    expect(ok?.responseHeaders).toContainEqual({ name: 'x-request-id', value: 'req_ok' });
    expect(ok?.responseBody).toBeUndefined();
    expect(JSON.stringify(log.entries())).not.toContain(JWT.split('.')[2]);
    expect(JSON.stringify(log.entries()).toLowerCase()).not.toContain('authorization');
  });

  it('keeps of an answer that breaks the contract only the failing paths and values', async () => {
    const people = Array.from({ length: 50 }, (_, index) => ({
      id: `user_${index}`,
      name: `Person Number${index}`,
      email: `person${index}@example.com`,
    }));
    people[7] = { ...people[7], email: 42 } as unknown as (typeof people)[number];
    server.use(http.get(`${BASE}/v1/users`, () => HttpResponse.json({ data: people })));
    const { client, log } = makeClient();
    const schema = v.object({
      data: v.array(v.object({ id: v.string(), name: v.string(), email: v.string() })),
    });
    const error = await failure(client.get('/v1/users', { schema }));
    expect(error.kind).toBe('schema');
    const body = log.entries()[0]?.responseBody;
    expect(body?.text).toContain('data.7.email');
    expect(body?.text).toContain('42');
    expect(body?.text).not.toMatch(/Person Number|@example\.com/);
    expect(body?.length).toBeGreaterThan(2_000);
  });

  it('keeps at most MAX_LOGGED_BODY_CHARS of a failed body, with its whole length', async () => {
    const message = 'x'.repeat(100_000);
    server.use(
      http.get(`${BASE}/v1/users`, () =>
        HttpResponse.json({ error: { message } }, { status: 500 }),
      ),
    );
    const { client, log } = makeClient();
    await failure(client.get('/v1/users', { schema: v.unknown() }));
    const body = log.entries()[0]?.responseBody;
    expect(body?.text).toHaveLength(MAX_LOGGED_BODY_CHARS);
    expect(body?.length).toBeGreaterThan(100_000);
  });

  it('groups the tries of one attempt (one signal, one URL) and lists them all on the error', async () => {
    let n = 0;
    server.use(
      http.get(`${BASE}/v1/users`, () => {
        n++;
        return n === 2
          ? HttpResponse.error()
          : HttpResponse.json({ error: { request_id: `req_try${n}` } }, { status: 503 });
      }),
      http.get(`${BASE}/v1/items`, () => HttpResponse.json({ id: 'a', name: 'A' })),
    );
    const { client, log } = makeClient();
    const signal = new AbortController().signal;

    await failure(client.get('/v1/users', { schema: v.unknown(), signal }));
    await failure(client.get('/v1/users', { schema: v.unknown(), signal }));
    // Another URL under the same signal is another attempt.
    await client.get('/v1/items', { schema: itemSchema, signal });
    const third = await failure(client.get('/v1/users', { schema: v.unknown(), signal }));
    // Another signal (Try again) starts afresh.
    const again = await failure(
      client.get('/v1/users', { schema: v.unknown(), signal: new AbortController().signal }),
    );

    expect(third.tries.map((t) => [t.requestId, t.status])).toEqual([
      ['req_try1', 503],
      [undefined, 0],
      ['req_try3', 503],
    ]);
    expect(again.tries.map((t) => t.requestId)).toEqual(['req_try4']);
    expect(log.entries().map((e) => [e.attempt, e.try])).toEqual([
      [1, 1],
      [1, 2],
      [3, 1],
      [1, 3],
      [5, 1],
    ]);
  });

  it('starts a new attempt after a success, and without a signal every request is its own', async () => {
    let n = 0;
    server.use(
      http.get(`${BASE}/v1/users`, () => {
        n++;
        return n === 2
          ? HttpResponse.json({})
          : HttpResponse.json({ error: { request_id: `req_${n}` } }, { status: 500 });
      }),
    );
    const { client } = makeClient();
    const signal = new AbortController().signal;
    await failure(client.get('/v1/users', { schema: v.unknown(), signal }));
    await client.get('/v1/users', { schema: v.unknown(), signal });
    const afterSuccess = await failure(client.get('/v1/users', { schema: v.unknown(), signal }));
    const noSignal = await failure(client.get('/v1/users', { schema: v.unknown() }));
    expect(afterSuccess.tries.map((t) => t.requestId)).toEqual(['req_3']);
    expect(noSignal.tries.map((t) => t.requestId)).toEqual(['req_4']);
  });
});

describe('errors', () => {
  it('reads the spec error body', async () => {
    server.use(
      http.get(`${BASE}/v1/users`, () =>
        HttpResponse.json(
          {
            error: {
              code: 'invalid_parameter',
              message: 'limit must be at most 100',
              request_id: 'req_abc',
            },
          },
          { status: 400, headers: { 'X-Request-Id': 'req_header' } },
        ),
      ),
    );
    const { client } = makeClient();

    const error = await failure(
      client.get('/v1/users', { query: { limit: 500 }, schema: v.unknown() }),
    );

    expect(error).toMatchObject({
      kind: 'http',
      status: 400,
      code: 'invalid_parameter',
      serverMessage: 'limit must be at most 100',
      requestId: 'req_abc',
      method: 'GET',
      url: `${BASE}/v1/users?limit=500`,
      retryAfterMs: undefined,
    });
    expect(error.message).toBe('Invalid parameters (HTTP 400): limit must be at most 100.');
  });

  it('falls back to the X-Request-Id header for the request id', async () => {
    server.use(
      http.get(`${BASE}/v1/users`, () =>
        HttpResponse.json(
          { error: { code: 'forbidden', message: 'Missing scope' } },
          { status: 403, headers: { 'X-Request-Id': 'req_hdr' } },
        ),
      ),
    );
    const { client } = makeClient();

    const error = await failure(client.get('/v1/users', { schema: v.unknown() }));

    expect(error).toMatchObject({ status: 403, code: 'forbidden', requestId: 'req_hdr' });
  });

  it('copes with an HTML error page from a gateway', async () => {
    server.use(
      http.get(`${BASE}/v1/users`, () =>
        HttpResponse.html('<html><body><h1>502 Bad Gateway</h1></body></html>', { status: 502 }),
      ),
    );
    const { client } = makeClient();

    const error = await failure(client.get('/v1/users', { schema: v.unknown() }));

    expect(error).toMatchObject({
      kind: 'http',
      status: 502,
      code: undefined,
      serverMessage: undefined,
      requestId: undefined,
    });
    expect(error.message).toBe('Bad gateway (HTTP 502).');
  });

  it('reports a network failure with the origin it could not reach', async () => {
    server.use(http.get(`${BASE}/v1/users`, () => HttpResponse.error()));
    const { client, log } = makeClient();

    const error = await failure(client.get('/v1/users', { schema: v.unknown() }));

    expect(error).toMatchObject({ kind: 'network', status: 0 });
    expect(error.message).toMatch(/^Could not reach the API at https:\/\/api\.example\.com\./);
    expect(log.entries()).toMatchObject([
      { status: 0, error: error.message, cancelled: undefined },
    ]);
  });

  it('reports a 2xx body that is not JSON', async () => {
    server.use(
      http.get(`${BASE}/v1/users`, () =>
        HttpResponse.html('<!doctype html><div id="root"></div>', {
          headers: { 'X-Request-Id': 'req_html' },
        }),
      ),
    );
    const { client } = makeClient();

    const error = await failure(client.get('/v1/users', { schema: v.unknown() }));

    expect(error).toMatchObject({ kind: 'invalid-response', status: 200, requestId: 'req_html' });
    expect(error.message).toMatch(/not JSON \(content type: text\/html/);
  });

  it('reports a response that breaks the schema, naming the first problems', async () => {
    server.use(
      http.get(`${BASE}/v1/items`, () =>
        HttpResponse.json(
          {
            data: [
              { id: 'a', name: 'A' },
              { id: 7, name: null },
            ],
          },
          { headers: { 'X-Request-Id': 'req_bad' } },
        ),
      ),
    );
    const { client } = makeClient();

    const error = await failure(
      client.get('/v1/items', { schema: v.object({ data: v.array(itemSchema) }) }),
    );

    expect(error).toMatchObject({ kind: 'schema', status: 200, requestId: 'req_bad' });
    expect(error.message).toMatch(/data\.1\.id: .*string.*; data\.1\.name: /);
  });

  it('accepts and drops fields the schema does not know', async () => {
    server.use(
      http.get(`${BASE}/v1/items`, () =>
        HttpResponse.json({ id: 'a', name: 'A', added_later: true }),
      ),
    );
    const { client } = makeClient();

    await expect(client.get('/v1/items', { schema: itemSchema })).resolves.toEqual({
      id: 'a',
      name: 'A',
    });
  });

  it('reads Retry-After in seconds', async () => {
    server.use(
      http.get(`${BASE}/v1/users`, () =>
        HttpResponse.json(
          { error: { code: 'rate_limited', message: 'Slow down', request_id: 'req_429' } },
          { status: 429, headers: { 'Retry-After': '3' } },
        ),
      ),
    );
    const { client } = makeClient();

    const error = await failure(client.get('/v1/users', { schema: v.unknown() }));

    expect(error).toMatchObject({ status: 429, retryAfterMs: 3000, code: 'rate_limited' });
  });

  it('reads Retry-After as an HTTP date, relative to now', async () => {
    const now = Date.parse('2025-03-01T12:00:00Z');
    server.use(
      http.get(`${BASE}/v1/users`, () =>
        HttpResponse.text('busy', {
          status: 429,
          headers: { 'Retry-After': new Date(now + 20_000).toUTCString() },
        }),
      ),
    );
    const { client } = makeClient({ now: () => now });

    const error = await failure(client.get('/v1/users', { schema: v.unknown() }));

    expect(error.retryAfterMs).toBe(20_000);
    expect(error.receivedAt).toBe(now);
  });

  it('lets an abort through as the native AbortError', async () => {
    server.use(
      http.get(`${BASE}/v1/users`, async () => {
        await delay('infinite');
        return HttpResponse.json({});
      }),
    );
    const { client, log } = makeClient();
    const controller = new AbortController();

    const request = client.get('/v1/users', { schema: v.unknown(), signal: controller.signal });
    controller.abort();

    const error = await request.catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ name: 'AbortError' });
    expect(log.entries()).toHaveLength(1);
    expect(log.entries()[0]).toMatchObject({ status: 0, cancelled: true });
  });

  it('does not log a request that was in flight when the log was cleared (sign-out)', async () => {
    server.use(
      http.get(`${BASE}/v1/users/:id`, async () => {
        await delay('infinite');
        return HttpResponse.json({});
      }),
    );
    const { client, log } = makeClient();
    const controller = new AbortController();
    const request = client.get('/v1/users/user_hostile02', {
      schema: v.unknown(),
      signal: controller.signal,
    });

    // As at sign-out: the log is cleared, then the query cache cancels what is still running.
    log.clear();
    controller.abort();
    await request.catch(() => undefined);
    expect(log.entries()).toEqual([]);

    server.use(http.get(`${BASE}/v1/users/:id`, () => HttpResponse.json({})));
    await client.get('/v1/users/user_next', { schema: v.unknown() });
    expect(log.entries()).toMatchObject([{ url: `${BASE}/v1/users/user_next`, status: 200 }]);
  });
});

describe('hostile APIs', () => {
  // A real JWT's signature is long; the redaction needs at least 16 characters of it.
  const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJlLXRoYXQtaXMtbG9uZw';

  it('gives up on an API that never answers, at the deadline, as a timeout', async () => {
    server.use(
      http.get(`${BASE}/v1/users`, async () => {
        await delay('infinite');
        return HttpResponse.json({});
      }),
    );
    const { client, log } = makeClient({ timeoutMs: 50 });
    expect(client.timeoutMs).toBe(50);

    const error = await failure(client.get('/v1/users', { schema: v.unknown() }));

    expect(error).toMatchObject({ kind: 'network', code: 'timeout' });
    expect(error.message).toBe('The API did not answer within 0.1 s.');
    expect(log.entries()[0]?.error).toBe('The API did not answer within 0.1 s.');
  });

  it('gives up on headers followed by a trickle of body at the same deadline', async () => {
    server.use(
      http.get(`${BASE}/v1/users`, () => {
        const stream = new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(new TextEncoder().encode('{"data":['));
          },
        });
        return new HttpResponse(stream, { headers: { 'Content-Type': 'application/json' } });
      }),
    );
    const { client } = makeClient({ timeoutMs: 100 });

    const error = await failure(client.get('/v1/users', { schema: v.unknown() }));

    expect(error).toMatchObject({ kind: 'network', code: 'timeout', status: 200 });
  });

  it('says so when the API redirects, and does not follow', async () => {
    server.use(
      http.get(
        `${BASE}/v1/users`,
        () =>
          new HttpResponse(null, {
            status: 302,
            headers: { Location: 'https://evil.example.com/' },
          }),
      ),
    );
    const { client } = makeClient();

    const error = await failure(client.get('/v1/users', { schema: v.unknown() }));

    expect(error).toMatchObject({ kind: 'invalid-response', code: 'redirect' });
    expect(error.message).toMatch(/redirect to another address, which the console does not follow/);
  });

  it.each([
    ['declares', true],
    ['streams', false],
  ])('refuses an answer that %s more than the size limit', async (_how, declared) => {
    const body = JSON.stringify({ data: 'x'.repeat(2_000) });
    server.use(
      http.get(`${BASE}/v1/users`, () => {
        const bytes = new TextEncoder().encode(body);
        const stream = new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(bytes.slice(0, 1000));
            controller.enqueue(bytes.slice(1000));
            controller.close();
          },
        });
        return new HttpResponse(declared ? bytes : stream, {
          headers: declared ? { 'Content-Length': String(bytes.length) } : {},
        });
      }),
    );
    const { client } = makeClient({ maxResponseBytes: 1_500 });

    const error = await failure(client.get('/v1/users', { schema: v.unknown() }));

    expect(error).toMatchObject({ kind: 'invalid-response', code: 'too_large' });
    expect(error.message).toMatch(/larger than 0 MB/);
  });

  it('removes a token the API repeats back from everything it shows and logs', async () => {
    server.use(
      http.get(`${BASE}/v1/users`, () =>
        HttpResponse.json(
          {
            error: {
              code: 'forbidden',
              message: `Token Bearer ${JWT} lacks the scope`,
              request_id: `req_${JWT}`,
            },
          },
          { status: 403, headers: { 'X-Request-Id': JWT } },
        ),
      ),
      http.get(`${BASE}/v1/items`, () =>
        HttpResponse.json({ id: JWT, name: `sig ${JWT.split('.')[2]}` }),
      ),
    );
    const { client, log } = makeClient({ getToken: () => JWT });

    const error = await failure(client.get('/v1/users', { schema: v.unknown() }));
    const item = await client.get('/v1/items', { schema: itemSchema });

    expect(error.serverMessage).toBe(`Token Bearer ${REDACTED} lacks the scope`);
    expect(error.requestId).toBe(`req_${REDACTED}`);
    expect(item).toEqual({ id: REDACTED, name: `sig ${REDACTED}` });
    const everything = JSON.stringify([error, error.message, log.entries()]);
    expect(everything).not.toContain(JWT.split('.')[2]);
  });

  it('removes a repeated token that the JSON body writes with \\u escapes', async () => {
    const escaped = [...JWT]
      .map((char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`)
      .join('');
    server.use(
      http.get(
        `${BASE}/v1/users`,
        () =>
          new HttpResponse(
            `{"error":{"message":"Token ${escaped} lacks the scope","request_id":"req_${escaped}"}}`,
            { status: 403, headers: { 'Content-Type': 'application/json' } },
          ),
      ),
    );
    const { client, log } = makeClient({ getToken: () => JWT });

    const error = await failure(client.get('/v1/users', { schema: v.unknown() }));

    expect(error.serverMessage).toBe(`Token ${REDACTED} lacks the scope`);
    expect(error.requestId).toBe(`req_${REDACTED}`);
    expect(JSON.stringify([error, error.message, log.entries()])).not.toContain(JWT.split('.')[2]);
  });

  it('cuts a server message of 200,000 characters', async () => {
    server.use(
      http.get(`${BASE}/v1/users`, () =>
        HttpResponse.json({ error: { message: 'y'.repeat(200_000) } }, { status: 500 }),
      ),
    );
    const { client, log } = makeClient();

    const error = await failure(client.get('/v1/users', { schema: v.unknown() }));

    expect(error.serverMessage).toMatch(/^y{1000}… \(199,000 more characters\)$/);
    expect(log.entries()[0]?.error?.length).toBeLessThan(400);
  });

  it('marks prefetches for the demo mock only when asked to', async () => {
    const seen: (string | null)[] = [];
    server.use(
      http.get(`${BASE}/v1/items`, ({ request }) => {
        seen.push(request.headers.get(DEMO_PREFETCH_HEADER));
        return HttpResponse.json({ id: 'a', name: 'A' });
      }),
    );
    await makeClient({ markPrefetches: true }).client.get('/v1/items', {
      schema: itemSchema,
      prefetch: true,
    });
    await makeClient({ markPrefetches: true }).client.get('/v1/items', { schema: itemSchema });
    await makeClient().client.get('/v1/items', { schema: itemSchema, prefetch: true });
    expect(seen).toEqual(['1', null, null]);
  });
});

describe('a request belongs to the person and profile that started it', () => {
  afterEach(() => setApiClient(null));

  it('sends no retry of an attempt after another person signed in, nor logs one', async () => {
    const seen: (string | null)[] = [];
    server.use(
      http.get(`${BASE}/v1/users`, ({ request }) => {
        seen.push(request.headers.get('authorization'));
        return HttpResponse.json({ error: {} }, { status: 503 });
      }),
    );
    let person = { token: 'first-person', generation: 1 };
    const log = createRequestLog();
    const client = createApiClient({
      baseUrl: BASE,
      getToken: () => person.token,
      getGeneration: () => person.generation,
      log,
    });
    const signal = new AbortController().signal;
    await failure(client.get('/v1/users', { schema: v.unknown(), signal }));
    person = { token: 'second-person', generation: 2 };
    expect(client.sessionGeneration()).toBe(2);
    const retry = await failure(client.get('/v1/users', { schema: v.unknown(), signal }));
    expect(retry.code).toBe('session_changed');
    expect(seen).toEqual(['Bearer first-person']);
    expect(log.entries()).toHaveLength(1);
    // A request the second person starts goes out with their token.
    await failure(client.get('/v1/users', { schema: v.unknown() }));
    expect(seen).toEqual(['Bearer first-person', 'Bearer second-person']);
  });

  it('a query function uses its query client’s API client, not the current one', async () => {
    const { client: production } = makeClient();
    const { client: staging } = makeClient();
    const queryClient = new QueryClient();
    bindApiClient(queryClient, production);
    setApiClient(staging);
    expect(apiClientFor(queryClient)).toBe(production);
    // An unbound query client (a test's) has the one set.
    expect(apiClientFor(new QueryClient())).toBe(staging);
  });
});

describe('apiClientRef', () => {
  afterEach(() => setApiClient(null));

  it('explains when the client has not been configured', () => {
    expect(() => getApiClient()).toThrow(/not configured: call setApiClient\(\)/);
  });

  it('hands out the configured client', () => {
    const { client } = makeClient();
    setApiClient(client);
    expect(getApiClient()).toBe(client);
    expect(apiClientRef.current).toBe(client);
  });
});
