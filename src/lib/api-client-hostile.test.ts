// @vitest-environment node
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { DEMO_PREFETCH_HEADER } from './api-client';
import { BASE, failure, itemSchema, makeClient, startMockApi } from './api-client-fixtures';
import { REDACTED } from './redact';

const server = startMockApi();

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
