// @vitest-environment node
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import * as zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { staticHandler } from './static-server';

vi.mock('node:zlib', { spy: true });

let root: string;
let server: Server;
let origin: string;
const script = `export const x = ${JSON.stringify('a'.repeat(5000))};`;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'static-server-'));
  mkdirSync(join(root, 'assets'));
  writeFileSync(join(root, 'index.html'), '<!doctype html><title>console</title>');
  writeFileSync(join(root, 'assets', 'app.js'), script);
  writeFileSync(
    join(root, 'config.json'),
    JSON.stringify({ apiBaseUrl: 'https://api.example.com' }),
  );
  server = createServer(staticHandler(root));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(root, { recursive: true, force: true });
});

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** node:http, not fetch: fetch would decode the gzip and hide Content-Encoding's effect. */
function get(path: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${origin}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

describe('staticHandler', () => {
  it('gzips a file once, however often it is asked for, and again only after it changes', async () => {
    const gzip = vi.mocked(zlib.gzipSync);
    gzip.mockClear();
    for (let i = 0; i < 5; i += 1) {
      const answer = await get('/assets/app.js', { 'accept-encoding': 'gzip, br' });
      expect(answer.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(answer.body).toString()).toBe(script);
    }
    expect(gzip).toHaveBeenCalledTimes(1);
    utimesSync(join(root, 'assets', 'app.js'), new Date(), new Date(Date.now() + 5000));
    await get('/assets/app.js', { 'accept-encoding': 'gzip' });
    expect(gzip).toHaveBeenCalledTimes(2);
    const plain = await get('/assets/app.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
  });

  it('sends the production security headers, following config.json', async () => {
    const answer = await get('/users');
    expect(answer.headers['content-security-policy']).toContain(
      "connect-src 'self' https://api.example.com",
    );
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect((await get('/config.json')).headers['cache-control']).toBe('no-cache');
  });

  it('answers a page path with index.html, but a missing chunk with 404', async () => {
    const page = await get('/users/user_known0001?tab=raw', { accept: 'text/html' });
    expect(page.status).toBe(200);
    expect(page.body.toString()).toContain('<title>console</title>');
    expect((await get('/assets/gone.js', { accept: '*/*' })).status).toBe(404);
    // Outside the root: the page, never the file.
    expect((await get('/../../etc/passwd')).body.toString()).not.toContain('root:');
    expect((await get('/%2e%2e/%2e%2e/etc/hostname.txt')).status).toBe(404);
  });

  it('answers a matching ETag with 304', async () => {
    const first = await get('/assets/app.js');
    const again = await get('/assets/app.js', { 'if-none-match': String(first.headers.etag) });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  });
});
