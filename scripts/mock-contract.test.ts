// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEMO_SIGNING_SECRET,
  mintDemoToken,
  signJwt,
  type DemoTokenVariant,
} from '../src/mocks/jwt';
import type { ScenarioInput } from '../src/mocks/scenarios';
import { startMockServer, type MockServer } from '../src/mocks/server';
import { createContractChecker, loadOpenApi, type ContractCheck } from './openapi-contract';

/**
 * The contract test of the mock: every response the standalone mock gives over real HTTP in this
 * sweep is checked against docs/openapi.yaml (status, headers, body). The handlers and the
 * document were both written from the prose spec; this is what keeps them from drifting apart
 * together. The sweep must also reach every response the document describes, so a newly
 * documented status without a case here fails too.
 */

const checker = createContractChecker(loadOpenApi());
const covered = new Set<string>();

let mock: MockServer;
/** Allows one request per token a minute, so the second one meets the real rate limiter. */
let strictMock: MockServer;

beforeAll(async () => {
  [mock, strictMock] = await Promise.all([
    startMockServer({ users: 40, products: 60 }),
    startMockServer({ users: 5, products: 5, rateLimit: { limit: 1, windowMs: 60_000 } }),
  ]);
});

afterAll(async () => {
  await Promise.all([mock?.close(), strictMock?.close()]);
});

type Credential = DemoTokenVariant | 'none' | 'foreign-signature' | 'not-a-jwt' | 'basic';

async function authorization(credential: Credential): Promise<string | undefined> {
  switch (credential) {
    case 'none':
      return undefined;
    case 'basic':
      return 'Basic YWRtaW46YWRtaW4=';
    case 'not-a-jwt':
      return 'Bearer not-a-jwt';
    case 'foreign-signature':
      return `Bearer ${await signJwt({ sub: 'x', exp: 9_999_999_999 }, `not-${DEMO_SIGNING_SECRET}`)}`;
    default:
      return `Bearer ${await mintDemoToken(credential)}`;
  }
}

interface Observed {
  status: number;
  headers: Headers;
  body: string;
  contract: ContractCheck;
}

async function observe(
  server: MockServer,
  pathAndQuery: string,
  header: string | undefined,
): Promise<Observed> {
  const response = await fetch(`${server.url}${pathAndQuery}`, {
    headers: { Accept: 'application/json', ...(header ? { Authorization: header } : {}) },
  });
  const body = await response.text();
  const contract = checker.check({
    method: 'GET',
    path: new URL(pathAndQuery, server.url).pathname,
    status: response.status,
    headers: response.headers,
    body,
  });
  return { status: response.status, headers: response.headers, body, contract };
}

/** Fails on any contract problem, and on the mock's own promises the console relies on. */
function expectConforming(observed: Observed, expectedStatus: number) {
  expect(observed.contract.problems).toEqual([]);
  expect(observed.status).toBe(expectedStatus);
  expect(observed.headers.get('X-Request-Id')).toMatch(/^req_/);
  if (observed.status === 429) expect(observed.headers.get('Retry-After')).toMatch(/^\d+$/);
  if (observed.contract.matched) covered.add(observed.contract.matched);
}

async function sweep(server: MockServer, path: string, credential: Credential, status: number) {
  const observed = await observe(server, path, await authorization(credential));
  expectConforming(observed, status);
  return observed;
}

async function setScenario(token: string, scenario: ScenarioInput) {
  const response = await fetch(`${mock.url}/__demo/scenario`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(scenario),
  });
  expect(response.status).toBe(204);
}

describe('GET /v1/users', () => {
  it.each([
    '/v1/users',
    '/v1/users?limit=100',
    '/v1/users?page=1&limit=1',
    '/v1/users?page=1000&limit=100',
    '/v1/users?sort=name',
    '/v1/users?sort=-name',
    '/v1/users?sort=created_at',
    '/v1/users?sort=-created_at&page=2&limit=10',
    '/v1/users?sort=email',
    '/v1/users?sort=-email&page=2&limit=10',
  ])('%s answers a documented list', async (path) => {
    await sweep(mock, path, 'valid', 200);
  });

  it.each([
    '/v1/users?limit=101',
    '/v1/users?limit=0',
    '/v1/users?page=0',
    '/v1/users?page=-1',
    '/v1/users?page=1.5',
    '/v1/users?limit=abc',
    '/v1/users?page=',
    '/v1/users?page=1&page=2',
    '/v1/users?sort=bogus',
    '/v1/users?sort=name&sort=-name',
  ])('%s answers a documented 400', async (path) => {
    await sweep(mock, path, 'valid', 400);
  });
});

describe('GET /v1/users/{id}', () => {
  it('answers every user of the data set in the documented shape', async () => {
    const list = await sweep(mock, '/v1/users?limit=100', 'valid', 200);
    const { data } = JSON.parse(list.body) as { data: { id: string }[] };
    // The edge-case users (markup in text, a javascript: avatar, very long text) included.
    expect(data.map((user) => user.id)).toEqual(
      expect.arrayContaining(['user_hostile', 'user_longtext']),
    );
    for (const { id } of data) {
      await sweep(mock, `/v1/users/${encodeURIComponent(id)}`, 'valid', 200);
    }
  });

  it.each(['/v1/users/user_nope', '/v1/users/nobody', '/v1/users/%20'])(
    '%s answers a documented 404',
    async (path) => {
      await sweep(mock, path, 'valid', 404);
    },
  );
});

describe('GET /v1/products', () => {
  it.each([
    '/v1/products',
    '/v1/products?limit=100',
    '/v1/products?page=3&limit=25',
    '/v1/products?category=Books',
    '/v1/products?category=No%20such%20category',
    '/v1/products?min_price=10',
    '/v1/products?max_price=20.5',
    '/v1/products?min_price=10&max_price=20',
    '/v1/products?min_price=0&max_price=0',
    '/v1/products?min_price=.5',
    '/v1/products?category=Books&min_price=5&max_price=50&page=1&limit=10',
  ])('%s answers a documented list', async (path) => {
    await sweep(mock, path, 'valid', 200);
  });

  it.each([
    '/v1/products?min_price=abc',
    '/v1/products?min_price=-1',
    '/v1/products?max_price=1e3',
    '/v1/products?min_price=20&max_price=10',
    '/v1/products?category=Books&category=Toys',
    '/v1/products?category=',
    '/v1/products?limit=101',
    '/v1/products?page=0',
  ])('%s answers a documented 400', async (path) => {
    await sweep(mock, path, 'valid', 400);
  });
});

describe('GET /v3/account', () => {
  it.each(['valid', 'short'] as const)('answers an object to a %s token', async (variant) => {
    await sweep(mock, '/v3/account', variant, 200);
  });
});

describe('authentication and permissions', () => {
  const endpoints = ['/v1/users', '/v1/users/user_hostile', '/v1/products', '/v3/account'];

  it.each(
    endpoints.flatMap((path) =>
      (['none', 'basic', 'not-a-jwt', 'foreign-signature', 'expired'] as const).map(
        (credential) => [path, credential] as const,
      ),
    ),
  )('%s with %s credentials answers a documented 401', async (path, credential) => {
    await sweep(mock, path, credential, 401);
  });

  it.each([
    ['/v1/products', 'users-only'],
    ['/v3/account', 'users-only'],
    ['/v3/account', 'no-account'],
  ] as const)('%s with a %s token answers a documented 403', async (path, variant) => {
    await sweep(mock, path, variant, 403);
  });

  it.each([
    ['/v1/users', 'users-only'],
    ['/v1/products', 'no-account'],
  ] as const)('%s with a %s token is allowed', async (path, variant) => {
    await sweep(mock, path, variant, 200);
  });

  it.each(endpoints)('%s past the rate limit answers a documented 429', async (path) => {
    const header = await authorization('valid');
    expectConforming(await observe(strictMock, path, header), 200);
    expectConforming(await observe(strictMock, path, header), 429);
  });
});

describe('demo fault scenarios', () => {
  const statuses = [401, 403, 404, 429, 500, 502, 503] as const;
  const endpoints = ['/v1/users', '/v1/users/user_hostile', '/v1/products', '/v3/account'];

  it.each(endpoints.flatMap((path) => statuses.map((status) => [path, status] as const)))(
    '%s failing with %i answers a documented error',
    async (path, status) => {
      const token = await mintDemoToken('valid');
      await setScenario(token, {
        fail: { path, status, ...(status === 503 ? { retryAfter: 30 } : {}) },
      });
      expectConforming(await observe(mock, path, `Bearer ${token}`), status);
    },
  );

  it.each([
    ['/v1/users', 'html', 502],
    ['/v1/users', 'malformed', 200],
    ['/v1/users/user_hostile', 'malformed', 200],
    ['/v1/products', 'malformed', 200],
  ] as const)(
    '%s with a deliberately broken %s body is caught by the check',
    async (path, body, status) => {
      const token = await mintDemoToken('valid');
      await setScenario(token, { fail: { path, status, body } });
      const observed = await observe(mock, path, `Bearer ${token}`);
      expect(observed.status).toBe(status);
      expect(observed.contract.problems).not.toEqual([]);
    },
  );
});

describe('the check itself', () => {
  const headers = (entries: Record<string, string>) => new Headers(entries);
  const json = { 'Content-Type': 'application/json', 'X-Request-Id': 'req_abc' };

  it('refuses an undocumented path, status, header value or body', () => {
    const problems = (input: Parameters<typeof checker.check>[0]) => checker.check(input).problems;
    const list = JSON.stringify({ data: [], meta: { total: 0, page: 1, limit: 50 } });
    expect(
      problems({
        method: 'GET',
        path: '/v1/users',
        status: 200,
        headers: headers(json),
        body: list,
      }),
    ).toEqual([]);
    expect(
      problems({
        method: 'GET',
        path: '/v2/users',
        status: 200,
        headers: headers(json),
        body: list,
      }),
    ).toEqual(['GET /v2/users: no documented path']);
    expect(
      problems({
        method: 'POST',
        path: '/v1/users',
        status: 200,
        headers: headers(json),
        body: list,
      }),
    ).toEqual(['POST /v1/users: no documented operation']);
    expect(
      problems({
        method: 'GET',
        path: '/v1/users',
        status: 200,
        headers: headers({ ...json, 'X-Request-Id': 'abc' }),
        body: list,
      }),
    ).toEqual([expect.stringMatching(/^header X-Request-Id must match pattern/)]);
    expect(
      problems({
        method: 'GET',
        path: '/v1/users',
        status: 200,
        headers: headers(json),
        body: JSON.stringify({ data: [], meta: { total: 0, page: 1, limit: 500 } }),
      }),
    ).toEqual(['body/meta/limit must be <= 100']);
    expect(
      problems({
        method: 'GET',
        path: '/v1/users/user_1',
        status: 404,
        headers: headers(json),
        body: JSON.stringify({ error: { code: 'not_found', message: 'gone' } }),
      }),
    ).toEqual(["body/error must have required property 'request_id'"]);
    expect(
      problems({
        method: 'GET',
        path: '/v1/users',
        status: 429,
        headers: headers({ ...json, 'Retry-After': 'soon' }),
        body: JSON.stringify({ error: { code: 'x', message: 'y', request_id: 'req_1' } }),
      }),
    ).toEqual([expect.stringMatching(/^header Retry-After must match pattern/)]);
  });
});

describe('coverage of the document', () => {
  it('reached every documented response of every operation', () => {
    // Runs last in this file (Vitest keeps file order), after every sweep above.
    expect(checker.documentedResponses().filter((response) => !covered.has(response))).toEqual([]);
  });
});
