// @vitest-environment node
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { base64UrlEncode, DEMO_SIGNING_SECRET, mintDemoToken, signJwt } from './jwt.ts';
import { createTestServer } from './node.ts';
import { fetchApi, expectError } from './test-support.ts';

let clock = Date.UTC(2026, 5, 1, 12);
const nowSeconds = () => Math.floor(clock / 1000);
const { server, api } = createTestServer({
  users: 20,
  products: 20,
  rateLimit: { limit: 3, windowMs: 10_000 },
  now: () => clock,
});

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  api.reset();
  // Each test gets its own minute, so tokens and rate-limit windows never leak between tests.
  clock += 60_000;
});
afterAll(() => server.close());

describe('authentication', () => {
  it('requires a bearer token, with a bare challenge when none is sent', async () => {
    const response = await fetchApi('/v1/users');
    await expectError(response, 401, 'unauthorized', /Missing Authorization header/);
    expect(response.headers.get('WWW-Authenticate')).toBe('Bearer realm="api"');
  });

  it.each([['Basic dXNlcjpwYXNz'], ['Bearer'], ['Bearer a b'], ['token abc']])(
    'rejects the header "%s"',
    async (authorization) => {
      const response = await fetchApi('/v1/users', undefined, { Authorization: authorization });
      await expectError(response, 401, 'unauthorized', /Bearer <token>/);
      expect(response.headers.get('WWW-Authenticate')).toMatch(/error="invalid_token"/);
    },
  );

  it('rejects a malformed token', async () => {
    const response = await fetchApi('/v1/users', 'not-a-jwt');
    await expectError(response, 401, 'invalid_token', 'Token is not a three-part JWT');
    expect(response.headers.get('WWW-Authenticate')).toBe(
      'Bearer realm="api", error="invalid_token", error_description="Token is not a three-part JWT"',
    );
  });

  it('rejects a token whose payload or signature was changed', async () => {
    const token = await mintDemoToken('users-only', nowSeconds());
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const claims = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as object;
    const widened = base64UrlEncode(JSON.stringify({ ...claims, scope: undefined }));
    const changedSignature = `${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;
    for (const forged of [
      `${header}.${widened}.${signature}`,
      `${header}.${payload}.${changedSignature}`,
    ]) {
      await expectError(
        await fetchApi('/v3/account', forged),
        401,
        'invalid_token',
        'Token signature is invalid',
      );
    }
  });

  it('rejects a token signed with another secret', async () => {
    const token = await signJwt({ sub: 'x', exp: nowSeconds() + 60 }, 'some-other-secret');
    await expectError(
      await fetchApi('/v1/users', token),
      401,
      'invalid_token',
      'Token signature is invalid',
    );
  });

  it('rejects alg none, quoting the algorithm safely in the challenge', async () => {
    const header = base64UrlEncode(JSON.stringify({ alg: 'none', typ: 'JWT' }));
    const payload = base64UrlEncode(JSON.stringify({ sub: 'x', exp: nowSeconds() + 60 }));
    const response = await fetchApi('/v1/users', `${header}.${payload}.`);
    await expectError(response, 401, 'invalid_token', 'Token algorithm must be HS256, got "none"');
    expect(response.headers.get('WWW-Authenticate')).toContain(
      `error_description="Token algorithm must be HS256, got 'none'"`,
    );
  });

  it('rejects an expired token, and a token once its exp passes', async () => {
    await expectError(
      await fetchApi('/v1/users', await mintDemoToken('expired', nowSeconds())),
      401,
      'token_expired',
      /^Token expired at \d{4}-/,
    );
    const token = await mintDemoToken('short', nowSeconds());
    expect((await fetchApi('/v1/users', token)).status).toBe(200);
    clock += 89_000;
    expect((await fetchApi('/v1/users', token)).status).toBe(200);
    clock += 1000;
    await expectError(await fetchApi('/v1/users', token), 401, 'token_expired');
  });
});

describe('scopes', () => {
  it.each([
    ['users-only', '/v1/users', 200],
    ['users-only', '/v1/users/user_hostile', 200],
    ['users-only', '/v1/products', 403],
    ['users-only', '/v3/account', 403],
    ['no-account', '/v1/products', 200],
    ['no-account', '/v3/account', 403],
    ['valid', '/v3/account', 200],
  ] as const)('a %s token on %s gets %i', async (variant, path, status) => {
    const response = await fetchApi(path, await mintDemoToken(variant, nowSeconds()));
    expect(response.status).toBe(status);
    if (status === 403) {
      const scope = path.startsWith('/v1/products') ? 'products:read' : 'account:read';
      await expectError(response, 403, 'forbidden', `Token lacks the ${scope} scope`);
      expect(response.headers.get('WWW-Authenticate')).toContain(`error="insufficient_scope"`);
    }
  });

  it('treats an empty scope list as no permissions and a space-separated string as scopes', async () => {
    const exp = nowSeconds() + 60;
    const none = await signJwt({ sub: 'x', exp, scope: [] }, DEMO_SIGNING_SECRET);
    await expectError(
      await fetchApi('/v1/users', none),
      403,
      'forbidden',
      'Token lacks the users:read scope',
    );
    const spaced = await signJwt(
      { sub: 'x', exp, scope: 'users:read account:read' },
      DEMO_SIGNING_SECRET,
    );
    expect((await fetchApi('/v3/account', spaced)).status).toBe(200);
  });
});

describe('request ids', () => {
  it('tags every response, and the error body carries the same id', async () => {
    const token = await mintDemoToken('valid', nowSeconds());
    const ok = await fetchApi('/v1/users', token);
    expect(ok.headers.get('X-Request-Id')).toMatch(/^req_[a-z0-9]{16}$/);
    const again = await fetchApi('/v1/users', token);
    expect(again.headers.get('X-Request-Id')).not.toBe(ok.headers.get('X-Request-Id'));
    await expectError(await fetchApi('/v1/users?page=0', token), 400, 'invalid_parameter');
  });
});

describe('rate limit', () => {
  it('counts per token, sends RateLimit headers, and refuses with 429 and Retry-After', async () => {
    const token = await mintDemoToken('valid', nowSeconds());
    const first = await fetchApi('/v1/users', token);
    expect(first.headers.get('RateLimit-Limit')).toBe('3');
    expect(first.headers.get('RateLimit-Remaining')).toBe('2');
    expect(first.headers.get('RateLimit-Reset')).toBe('10');
    clock += 2500;
    // Errors after authentication count too.
    expect((await fetchApi('/v1/users?page=0', token)).headers.get('RateLimit-Remaining')).toBe(
      '1',
    );
    expect((await fetchApi('/v1/users/nobody', token)).headers.get('RateLimit-Remaining')).toBe(
      '0',
    );

    const refused = await fetchApi('/v1/users', token);
    await expectError(refused, 429, 'rate_limited');
    expect(refused.headers.get('Retry-After')).toBe('8');
    expect(refused.headers.get('RateLimit-Remaining')).toBe('0');

    const otherToken = await mintDemoToken('valid', nowSeconds());
    expect((await fetchApi('/v1/users', otherToken)).status).toBe(200);

    clock += 7500;
    expect((await fetchApi('/v1/users', token)).status).toBe(200);
  });

  it('does not count requests that fail authentication', async () => {
    for (let i = 0; i < 5; i += 1) expect((await fetchApi('/v1/users', 'bad')).status).toBe(401);
    const token = await mintDemoToken('valid', nowSeconds());
    expect((await fetchApi('/v1/users', token)).headers.get('RateLimit-Remaining')).toBe('2');
  });
});
