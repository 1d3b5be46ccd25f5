// @vitest-environment node
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SIGNING_SECRET, mintDemoToken, signJwt, verifyJwt } from '../jwt.ts';
import { createTestServer } from '../node.ts';
import { API_BASE, fetchApi, expectError, postScenario } from '../test-support.ts';

const { server, api } = createTestServer({ users: 20, products: 20 });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => api.reset());
afterAll(() => server.close());

async function tokenFromEndpoint(query = ''): Promise<string> {
  const response = await fetch(`${API_BASE}/__demo/token${query}`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

describe('GET /__demo/token', () => {
  it('mints tokens of each variant without authentication', async () => {
    const now = Math.floor(Date.now() / 1000);
    const valid = await verifyJwt(await tokenFromEndpoint(), DEMO_SIGNING_SECRET, now);
    expect(valid).toMatchObject({ ok: true, claims: { sub: 'demo-admin' } });
    expect(
      await verifyJwt(await tokenFromEndpoint('?variant=users-only'), DEMO_SIGNING_SECRET, now),
    ).toMatchObject({ ok: true, claims: { scope: ['users:read'] } });
    const expired = await tokenFromEndpoint('?variant=expired');
    await expectError(await fetchApi('/v1/users', expired), 401, 'token_expired');
    const short = await verifyJwt(
      await tokenFromEndpoint('?variant=short&ttl=30'),
      DEMO_SIGNING_SECRET,
      now,
    );
    expect(short.ok && (short.claims.exp ?? 0) - now).toBeGreaterThanOrEqual(29);
    expect(short.ok && (short.claims.exp ?? 0) - now).toBeLessThanOrEqual(31);
  });

  it.each([
    ['?variant=root', /^variant must be one of valid, expired/],
    ['?ttl=0', 'ttl must be an integer between 1 and 86400'],
    ['?ttl=abc', 'ttl must be an integer between 1 and 86400'],
  ])('rejects %s', async (query, message) => {
    await expectError(
      await fetch(`${API_BASE}/__demo/token${query}`),
      400,
      'invalid_parameter',
      message,
    );
  });
});

describe('POST /__demo/scenario', () => {
  it('needs a token signed by the mock, but accepts an expired one', async () => {
    await expectError(await postScenario(undefined, { latencyMs: 1 }), 401, 'unauthorized');
    const foreign = await signJwt({ sub: 'x', exp: 9_999_999_999 }, 'not-the-demo-secret');
    await expectError(await postScenario(foreign, { latencyMs: 1 }), 401, 'unauthorized');
    const expired = await mintDemoToken('expired');
    const response = await postScenario(expired, { latencyMs: 1 });
    expect(response.status).toBe(204);
    expect(response.headers.get('X-Request-Id')).toMatch(/^req_[a-z0-9]+$/);
  });

  it.each([
    ['not json', /JSON object/],
    [[], /^Invalid scenario: must be an object, not a list/],
    [{ latencyMs: -1 }, /^Invalid scenario: latencyMs/],
    [{ latencyMs: 10_001 }, /^Invalid scenario: latencyMs/],
    [{ fail: { path: 'v1/users', status: 500 } }, /^Invalid scenario: fail.path/],
    [{ fail: { path: '/v1/users', status: 418 } }, /^Invalid scenario: fail.status/],
    [{ fail: { path: '/v1/users', status: 200 } }, /status 200 is only meaningful/],
    [{ fail: { path: '/v1/users', status: 500, count: 0 } }, /^Invalid scenario: fail.count/],
    [{ fail: { path: '/v1/users', status: 500, body: 'xml' } }, /^Invalid scenario: fail.body/],
    [{ latency: 5 }, /Invalid scenario/],
    [
      {
        fail: [
          { path: '/v1/users', status: 500 },
          { path: '/v1/users', status: 418 },
        ],
      },
      /^Invalid scenario: fail\.1\.status/,
    ],
    [{ userFields: [] }, /^Invalid scenario: userFields: must be an object, not a list/],
  ])('rejects the body %j with 400', async (body, message) => {
    const token = await mintDemoToken('valid');
    await expectError(await postScenario(token, body), 400, 'invalid_parameter', message);
  });

  it('adds latency to that token’s requests', async () => {
    const token = await mintDemoToken('valid');
    expect((await postScenario(token, { latencyMs: 150 })).status).toBe(204);
    let started = performance.now();
    expect((await fetchApi('/v1/users?limit=1', token)).status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
    started = performance.now();
    await fetchApi('/v1/users?limit=1', await mintDemoToken('valid'));
    expect(performance.now() - started).toBeLessThan(100);
  });

  it('fails matching requests `count` times, by path prefix, then recovers', async () => {
    const token = await mintDemoToken('valid');
    await postScenario(token, { fail: { path: '/v1/users', status: 500, count: 2 } });
    expect((await fetchApi('/v1/products', token)).status).toBe(200);
    await expectError(
      await fetchApi('/v1/users', token),
      500,
      'internal_error',
      'Simulated 500 (demo scenario)',
    );
    await expectError(await fetchApi('/v1/users/user_hostile', token), 500, 'internal_error');
    expect((await fetchApi('/v1/users', token)).status).toBe(200);
  });

  it('matches whole path segments after any base prefix', async () => {
    const token = await mintDemoToken('valid');
    await postScenario(token, { fail: { path: '/v1/user', status: 503 } });
    expect((await fetchApi('/v1/users', token)).status).toBe(200);
    await postScenario(token, { reset: true, fail: { path: '/v1/users/', status: 404 } });
    const prefixed = await fetch(`${API_BASE}/some/base/v1/users/user_hostile`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    await expectError(prefixed, 404, 'not_found', 'Simulated 404 (demo scenario)');
  });

  it('queues several failures, in order', async () => {
    const token = await mintDemoToken('valid');
    await postScenario(token, { fail: { path: '/v1/products', status: 502 } });
    await postScenario(token, {
      fail: [
        { path: '/v1/products', status: 429, retryAfter: 7 },
        { path: '/v3/account', status: 401 },
      ],
    });
    await expectError(await fetchApi('/v1/products', token), 502, 'bad_gateway');
    const limited = await fetchApi('/v1/products', token);
    await expectError(limited, 429, 'rate_limited');
    expect(limited.headers.get('Retry-After')).toBe('7');
    expect(limited.headers.get('RateLimit-Remaining')).toBe('0');
    const unauthorized = await fetchApi('/v3/account', token);
    await expectError(unauthorized, 401, 'unauthorized');
    expect(unauthorized.headers.get('WWW-Authenticate')).toMatch(
      /^Bearer realm="api", error="invalid_token"/,
    );
    expect((await fetchApi('/v1/products', token)).status).toBe(200);
  });

  it('can answer with an HTML page', async () => {
    const token = await mintDemoToken('valid');
    await postScenario(token, { fail: { path: '/v1/users', status: 502, body: 'html' } });
    const response = await fetchApi('/v1/users', token);
    expect(response.status).toBe(502);
    expect(response.headers.get('Content-Type')).toMatch(/^text\/html/);
    expect(response.headers.get('X-Request-Id')).toMatch(/^req_[a-z0-9]+$/);
    expect(await response.text()).toContain('<h1>502 Bad Gateway</h1>');
  });

  it('can answer with JSON that breaks the list and detail shapes', async () => {
    const token = await mintDemoToken('valid');
    await postScenario(token, {
      fail: [
        { path: '/v1/users', status: 200, body: 'malformed' },
        { path: '/v1/users', status: 200, body: 'malformed' },
      ],
    });
    const list = await fetchApi('/v1/users', token);
    expect(list.status).toBe(200);
    expect(await list.json()).toEqual({ data: 'oops', meta: null });
    const detail = await fetchApi('/v1/users/user_hostile', token);
    expect(await detail.json()).toEqual({ data: { id: 42 } });
  });

  it('keeps a queued failure for a request the person makes, not a prefetch', async () => {
    const token = await mintDemoToken('valid');
    await postScenario(token, { fail: { path: '/v1/users', status: 500 } });
    const prefetch = await fetchApi('/v1/users?page=2', token, { 'X-Demo-Prefetch': '1' });
    expect(prefetch.status).toBe(200);
    expect((await fetchApi('/v1/users?page=2', token)).status).toBe(500);
  });

  it('can repeat the caller’s token back, as a careless API might', async () => {
    const token = await mintDemoToken('valid');
    await postScenario(token, { fail: { path: '/v3/account', status: 403, body: 'echo-token' } });
    const response = await fetchApi('/v3/account', token);
    expect(response.status).toBe(403);
    const body = (await response.json()) as { error: { message: string; request_id: string } };
    expect(body.error.message).toContain(`Bearer ${token}`);
    expect(body.error.request_id).toBe(`req_${token}`);
  });

  it('can nest JSON 100,000 levels deep, send 12 MB, or redirect elsewhere', async () => {
    const token = await mintDemoToken('valid');
    await postScenario(token, {
      fail: [
        { path: '/v3/account', status: 200, body: 'deep' },
        { path: '/v1/users', status: 200, body: 'huge' },
        { path: '/v1/products', status: 302, body: 'redirect' },
      ],
    });
    const deep = await (await fetchApi('/v3/account', token)).text();
    expect(deep.startsWith('{"nested":{"a":{"a":')).toBe(true);
    expect(deep.length).toBeGreaterThan(500_000);
    expect((await (await fetchApi('/v1/users', token)).text()).length).toBeGreaterThan(12_000_000);
    const redirect = await fetch(`${API_BASE}/v1/products`, {
      headers: { Authorization: `Bearer ${token}` },
      redirect: 'manual',
    });
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get('Location')).toBe('https://evil.example/steal');
  });

  it('can change the real answer: a very long name, a name with a bidi override', async () => {
    const token = await mintDemoToken('valid');
    await postScenario(token, {
      fail: [
        { path: '/v1/users', status: 200, body: 'long-text' },
        { path: '/v1/users', status: 200, body: 'bidi' },
      ],
    });
    const long = (await (await fetchApi('/v1/users?limit=2', token)).json()) as {
      data: { name: string }[];
      meta: { total: number };
    };
    expect(long.data[0]?.name.length).toBeGreaterThan(2_000_000);
    expect(long.data).toHaveLength(2);
    expect(long.meta.total).toBe(20);
    const bidi = (await (await fetchApi('/v1/users?limit=2', token)).json()) as {
      data: { name: string }[];
    };
    expect(bidi.data[0]?.name).toBe('Admin \u202Egnp.exe\u202C');
  });

  it('refuses a 302 without the redirect body, and a redirect body without the 302', async () => {
    const token = await mintDemoToken('valid');
    expect((await postScenario(token, { fail: { path: '/', status: 302 } })).status).toBe(400);
    const other = { fail: { path: '/', status: 500, body: 'redirect' } };
    expect((await postScenario(token, other)).status).toBe(400);
  });

  it('keeps scenarios per token and forgets them on reset', async () => {
    const mine = await mintDemoToken('valid');
    const theirs = await mintDemoToken('valid');
    await postScenario(mine, { fail: { path: '/v1/users', status: 500, count: 5 } });
    expect((await fetchApi('/v1/users', theirs)).status).toBe(200);
    expect((await fetchApi('/v1/users', mine)).status).toBe(500);
    await postScenario(mine, { reset: true });
    expect((await fetchApi('/v1/users', mine)).status).toBe(200);
    await postScenario(mine, { fail: { path: '/v1/users', status: 500, count: 5 } });
    api.reset();
    expect((await fetchApi('/v1/users', mine)).status).toBe(200);
  });

  it('can be driven directly through the store', async () => {
    const token = await mintDemoToken('valid');
    api.scenarios.apply(token, { fail: { path: '/v3/account', status: 403 } });
    await expectError(await fetchApi('/v3/account', token), 403, 'forbidden');
    expect(() => api.scenarios.apply(token, { latencyMs: -5 })).toThrow(/latencyMs/);
  });
});
