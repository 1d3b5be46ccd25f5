// @vitest-environment node
import { http, HttpResponse } from 'msw';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as v from 'valibot';
import {
  apiClientFor,
  apiClientRef,
  bindApiClient,
  createApiClient,
  getApiClient,
  setApiClient,
} from './api-client';
import { BASE, failure, itemSchema, makeClient, TOKEN, startMockApi } from './api-client-fixtures';
import { createRequestLog } from './request-log';

const server = startMockApi();

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
