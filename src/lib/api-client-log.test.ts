// @vitest-environment node
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { BASE, failure, itemSchema, makeClient, startMockApi } from './api-client-fixtures';
import { REDACTED } from './redact';
import { MAX_LOGGED_BODY_CHARS } from './request-log';

const server = startMockApi();

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
