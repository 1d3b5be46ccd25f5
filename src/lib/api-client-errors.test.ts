// @vitest-environment node
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { ApiError } from './api-error';
import { BASE, failure, itemSchema, makeClient, startMockApi } from './api-client-fixtures';

const server = startMockApi();

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
