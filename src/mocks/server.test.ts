// @vitest-environment node
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, type MockServer } from './server.ts';
import { expectError } from './test-support.ts';

const EXPOSED =
  'X-Request-Id, Retry-After, RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, WWW-Authenticate';
const ORIGIN = 'http://127.0.0.1:5173';

let mock: MockServer;
let token: string;

beforeAll(async () => {
  mock = await startMockServer({ port: 0, users: 50, products: 50 });
  const response = await fetch(`${mock.url}/__demo/token`);
  token = ((await response.json()) as { token: string }).token;
});
afterAll(() => mock.close());

describe('startMockServer', () => {
  it('lists the API requests it received with the token each carried', async () => {
    await fetch(`${mock.url}/v1/users?limit=1`, { headers: { Authorization: `Bearer ${token}` } });
    await fetch(`${mock.url}/v1/products`);
    const { requests } = (await (await fetch(`${mock.url}/__demo/requests`)).json()) as {
      requests: { method: string; path: string; token: string | null }[];
    };
    expect(requests.slice(-2)).toEqual([
      { method: 'GET', path: '/v1/users?limit=1', token },
      { method: 'GET', path: '/v1/products', token: null },
    ]);
    // Its own endpoints are not API requests.
    expect(requests.some((request) => request.path.startsWith('/__demo/'))).toBe(false);
  });

  it('listens on an ephemeral loopback port', () => {
    expect(mock.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(mock.url).not.toMatch(/:0$/);
  });

  it('serves the API over HTTP with CORS headers for the calling origin', async () => {
    const response = await fetch(`${mock.url}/v1/users?limit=2&sort=-created_at`, {
      headers: { Authorization: `Bearer ${token}`, Accept: 'application/json', Origin: ORIGIN },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toMatch(/^application\/json/);
    expect(response.headers.get('Access-Control-Allow-Origin')).toBe(ORIGIN);
    expect(response.headers.get('Vary')).toBe('Origin');
    expect(response.headers.get('Access-Control-Expose-Headers')).toBe(EXPOSED);
    expect(response.headers.get('X-Request-Id')).toMatch(/^req_[a-z0-9]+$/);
    expect(response.headers.get('RateLimit-Limit')).toBe('600');
    const body = (await response.json()) as { data: unknown[]; meta: unknown };
    expect(body.data).toHaveLength(2);
    expect(body.meta).toEqual({ total: 50, page: 1, limit: 2 });
  });

  it('answers a CORS preflight', async () => {
    const response = await fetch(`${mock.url}/v1/users`, {
      method: 'OPTIONS',
      headers: {
        Origin: ORIGIN,
        'Access-Control-Request-Method': 'GET',
        'Access-Control-Request-Headers': 'authorization',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('Access-Control-Allow-Origin')).toBe(ORIGIN);
    expect(response.headers.get('Access-Control-Allow-Methods')).toBe('GET, POST, OPTIONS');
    expect(response.headers.get('Access-Control-Allow-Headers')).toBe(
      'Authorization, Accept, Content-Type, X-Demo-Prefetch',
    );
    expect(response.headers.get('Access-Control-Max-Age')).toBe('600');
  });

  it('adds CORS headers to errors too, and * without an Origin', async () => {
    const unauthorized = await fetch(`${mock.url}/v1/users`, { headers: { Origin: ORIGIN } });
    expect(unauthorized.headers.get('Access-Control-Allow-Origin')).toBe(ORIGIN);
    expect(unauthorized.headers.get('WWW-Authenticate')).toBe('Bearer realm="api"');
    await expectError(unauthorized, 401, 'unauthorized');

    const unknown = await fetch(`${mock.url}/nothing/here`);
    expect(unknown.headers.get('Access-Control-Allow-Origin')).toBe('*');
    await expectError(unknown, 404, 'not_found', 'No route for GET /nothing/here');
  });

  it('accepts scenarios over HTTP', async () => {
    const own = ((await (await fetch(`${mock.url}/__demo/token`)).json()) as { token: string })
      .token;
    const set = await fetch(`${mock.url}/__demo/scenario`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${own}`,
        'Content-Type': 'application/json',
        Origin: ORIGIN,
      },
      body: JSON.stringify({ fail: { path: '/v1/products', status: 503, retryAfter: 3 } }),
    });
    expect(set.status).toBe(204);
    expect(set.headers.get('Access-Control-Allow-Origin')).toBe(ORIGIN);
    const failed = await fetch(`${mock.url}/v1/products`, {
      headers: { Authorization: `Bearer ${own}` },
    });
    expect(failed.headers.get('Retry-After')).toBe('3');
    await expectError(failed, 503, 'service_unavailable');
    const ok = await fetch(`${mock.url}/v1/products`, {
      headers: { Authorization: `Bearer ${own}` },
    });
    expect(ok.status).toBe(200);
  });

  it('refuses to listen on a non-loopback host', async () => {
    await expect(startMockServer({ host: '0.0.0.0' })).rejects.toThrow(/loopback/);
  });
});

describe('the CLI', () => {
  it('prints the URL and a demo token, serves requests and exits cleanly on SIGTERM', async () => {
    const script = fileURLToPath(new URL('./server.ts', import.meta.url));
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', script, '--port', '0', '--users', '20', '--products', '20'],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    try {
      const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
      const first = (await lines.next()).value as string;
      const second = (await lines.next()).value as string;
      const url = /^Mock API listening on (http:\/\/127\.0\.0\.1:\d+)$/.exec(first)?.[1];
      expect(url).toBeDefined();
      const cliToken = /^Demo token \(valid 1 h\): (\S+)$/.exec(second)?.[1];
      const response = await fetch(`${url}/v1/users`, {
        headers: { Authorization: `Bearer ${cliToken}` },
      });
      expect(((await response.json()) as { meta: { total: number } }).meta.total).toBe(20);
    } finally {
      child.kill('SIGTERM');
    }
    const [code] = (await once(child, 'exit')) as [number | null];
    expect(code).toBe(0);
  }, 15_000);
});
