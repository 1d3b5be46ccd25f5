// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import * as v from 'valibot';
import { createApiClient } from './api-client';
import { ApiError, type ApiErrorInit } from './api-error';
import { createRequestLog } from './request-log';
import { createQueryClient, retryDelay, shouldRetry } from './query-client';

const apiError = (init: Partial<ApiErrorInit>) =>
  new ApiError({
    kind: 'http',
    status: 500,
    method: 'GET',
    url: 'https://api.example.com/v1/users',
    ...init,
  });

const network = apiError({ kind: 'network', status: 0 });
const server500 = apiError({ status: 500 });
const gateway503 = apiError({ status: 503 });
const rateLimited = apiError({ status: 429, retryAfterMs: 2_000 });
const rateLimitedNoHint = apiError({ status: 429 });

describe('shouldRetry', () => {
  it.each([
    ['network', network, [true, true, false]],
    ['a timeout', apiError({ kind: 'network', status: 0, code: 'timeout' }), [false]],
    ['a redirect', apiError({ kind: 'invalid-response', status: 0, code: 'redirect' }), [false]],
    ['500', server500, [true, true, false]],
    ['503', gateway503, [true, true, false]],
    ['429', rateLimited, [true, true, true, false]],
    ['400', apiError({ status: 400 }), [false]],
    ['401', apiError({ status: 401 }), [false]],
    ['403', apiError({ status: 403 }), [false]],
    ['404', apiError({ status: 404 }), [false]],
    ['schema', apiError({ kind: 'schema', status: 200 }), [false]],
    ['invalid-response', apiError({ kind: 'invalid-response', status: 200 }), [false]],
    ['a plain Error', new Error('bug'), [false]],
  ])('%s: retries after failures 0, 1, 2… → %j', (_name, error, expected) => {
    expect(expected.map((_, failureCount) => shouldRetry(failureCount, error))).toEqual(expected);
  });
});

describe('retryDelay', () => {
  it.each([
    [0, 500],
    [1, 1_000],
    [2, 2_000],
    [3, 4_000],
    [4, 8_000],
    [8, 8_000],
  ])('backs off exponentially: failure %i → %i ms before jitter', (failureCount, base) => {
    expect(retryDelay(failureCount, server500, () => 0)).toBe(base);
    const jittered = retryDelay(failureCount, server500, () => 0.999);
    expect(jittered).toBeGreaterThanOrEqual(base);
    expect(jittered).toBeLessThanOrEqual(Math.min(base * 1.2, 8_000));
  });

  it('waits exactly Retry-After plus a small margin on 429, whatever the failure count', () => {
    expect(retryDelay(0, rateLimited, () => 0.5)).toBe(2_050);
    expect(retryDelay(2, rateLimited, () => 0.5)).toBe(2_050);
    expect(retryDelay(0, apiError({ status: 429, retryAfterMs: 0 }))).toBe(50);
  });

  it('backs off on 429 without Retry-After', () => {
    expect(retryDelay(1, rateLimitedNoHint, () => 0)).toBe(1_000);
  });
});

describe('createQueryClient', () => {
  it('hands every automatic retry the same signal, so an error lists the request ids of all tries', async () => {
    // api-client.ts groups the tries of an attempt by the query's signal: this is the query
    // library's side of that bargain.
    let n = 0;
    const fetchImpl = vi.fn<typeof fetch>(() => {
      n++;
      return Promise.resolve(
        Response.json({ error: { request_id: `req_${n}` } }, { status: n === 1 ? 503 : 500 }),
      );
    });
    const log = createRequestLog();
    const api = createApiClient({
      baseUrl: 'https://api.example.com',
      getToken: () => 'a.b.c',
      fetchImpl,
      log,
    });
    const client = createQueryClient();
    client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retryDelay: 0 } });
    const query = {
      queryKey: ['users'],
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        api.get('/v1/users', { schema: v.unknown(), signal }),
    };

    const error = (await client.fetchQuery(query).catch((e: unknown) => e)) as ApiError;
    expect(fetchImpl).toHaveBeenCalledTimes(3);
    expect(error.tries.map((t) => [t.requestId, t.status])).toEqual([
      ['req_1', 503],
      ['req_2', 500],
      ['req_3', 500],
    ]);
    expect(log.entries().map((e) => [e.attempt, e.try])).toEqual([
      [1, 1],
      [1, 2],
      [1, 3],
    ]);

    // Trying again by hand is a new attempt.
    const again = (await client.fetchQuery(query).catch((e: unknown) => e)) as ApiError;
    expect(again.tries.map((t) => t.requestId)).toEqual(['req_4', 'req_5', 'req_6']);
  });

  it('sets the agreed defaults', () => {
    const defaults = createQueryClient().getDefaultOptions().queries;
    expect(defaults).toMatchObject({
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      retry: shouldRetry,
      retryDelay,
    });
  });

  it('reports a 401 from a query, and nothing else', async () => {
    const onUnauthorized = vi.fn();
    const client = createQueryClient({ onUnauthorized });
    const unauthorized = apiError({ status: 401, code: 'token_expired' });

    await expect(
      client.fetchQuery({ queryKey: ['a'], queryFn: () => Promise.reject(unauthorized) }),
    ).rejects.toBe(unauthorized);
    await expect(
      client.fetchQuery({
        queryKey: ['b'],
        queryFn: () => Promise.reject(apiError({ status: 403 })),
      }),
    ).rejects.toBeInstanceOf(ApiError);

    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(onUnauthorized).toHaveBeenCalledWith(unauthorized);
  });

  it('has TanStack Query’s own mutation cache, so a mutation runs as the library documents', async () => {
    const client = createQueryClient();
    const mutation = client
      .getMutationCache()
      .build(client, { mutationFn: () => Promise.resolve(42) });
    await expect(mutation.execute(undefined)).resolves.toBe(42);
    expect(client.isMutating()).toBe(0);
  });
});
