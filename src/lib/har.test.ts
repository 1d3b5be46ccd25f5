// @vitest-environment node
import type { Har } from 'har-format';
import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { harProblems } from '../test/har-validator';
import { createApiClient } from './api-client';
import { buildHar, harFileName, harText } from './har';
import { createRequestLog, MAX_LOGGED_BODY_CHARS, type RequestLogInput } from './request-log';

const CONTEXT = { apiName: 'Staging', apiBaseUrl: 'https://api.example.com/v1', version: '1.2.3' };
const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1c2VyXzEifQ.c2lnbmF0dXJlLW9mLXRoZS10b2tlbg';
const SIGNATURE = JWT.split('.')[2]!;

const input = (overrides: Partial<RequestLogInput> = {}): RequestLogInput => ({
  method: 'GET',
  url: 'https://api.example.com/v1/users?page=2&limit=50',
  status: 200,
  durationMs: 120,
  waitMs: 80,
  startedAt: Date.UTC(2026, 10, 24, 9, 1, 46, 123),
  requestId: 'req_ok',
  requestHeaders: [{ name: 'accept', value: 'application/json' }],
  responseHeaders: [
    { name: 'content-type', value: 'application/json' },
    { name: 'x-request-id', value: 'req_ok' },
  ],
  ...overrides,
});

/** The file as a tool reads it: the text, parsed, and checked against har-schema. */
function written(log: ReturnType<typeof createRequestLog>): { text: string; har: Har } {
  const text = harText(buildHar(log.entries(), CONTEXT));
  const har = JSON.parse(text) as Har;
  expect(harProblems(har)).toEqual([]);
  return { text, har };
}

describe('buildHar', () => {
  it('writes HAR 1.2 with method, URL, headers, status, timings and a failed body', () => {
    const log = createRequestLog();
    log.record(input());
    log.record(
      input({
        status: 500,
        requestId: 'req_boom',
        error: 'Server error (HTTP 500): Simulated 500.',
        responseHeaders: [{ name: 'x-request-id', value: 'req_boom' }],
        responseBody: {
          text: '{"error":{"message":"Simulated 500"}}',
          mimeType: 'application/json',
          length: 38,
        },
      }),
    );
    log.record(
      input({ status: 0, error: 'Network error.', responseHeaders: undefined, waitMs: undefined }),
    );
    const { har } = written(log);

    expect(har.log.version).toBe('1.2');
    expect(har.log.creator).toEqual({ name: 'Admin console', version: '1.2.3' });
    // What a person opening the file reads: its times are UTC, whatever zone the console shows.
    expect(har.log.comment).toContain('Times are UTC (ISO 8601)');
    const [ok, failed, network] = har.log.entries;
    expect(ok?.startedDateTime).toBe('2026-11-24T09:01:46.123Z');
    expect(ok?.request).toMatchObject({
      method: 'GET',
      url: 'https://api.example.com/v1/users?page=2&limit=50',
      headers: [{ name: 'accept', value: 'application/json' }],
      queryString: [
        { name: 'page', value: '2' },
        { name: 'limit', value: '50' },
      ],
    });
    expect(ok?.response.status).toBe(200);
    expect(ok?.response.headers).toContainEqual({ name: 'x-request-id', value: 'req_ok' });
    expect(ok?.response.content.text).toBeUndefined();
    expect(ok?.time).toBe(120);
    expect(ok?.timings).toMatchObject({ send: 0, wait: 80, receive: 40 });
    expect(failed?.response).toMatchObject({ status: 500, statusText: 'Server error' });
    expect(failed?.response.content).toMatchObject({
      mimeType: 'application/json',
      text: '{"error":{"message":"Simulated 500"}}',
    });
    expect(failed?.comment).toContain('Simulated 500');
    expect(network?.response.status).toBe(0);
    expect(network?.timings).toMatchObject({ wait: 120, receive: 0 });
  });

  it('leaves out any Authorization header and anything token-shaped, whatever the entries hold', () => {
    const entry = createRequestLog().record(input({ requestId: `req_${JWT}` }));
    const hostile = {
      ...entry,
      requestHeaders: [{ name: 'Authorization', value: `Bearer ${JWT}` }],
      error: `Token ${JWT} refused`,
    };
    const text = harText(buildHar([hostile], CONTEXT));
    expect(harProblems(JSON.parse(text))).toEqual([]);
    expect(text).not.toContain(SIGNATURE);
    expect(text.toLowerCase()).not.toContain('authorization');
    expect(text).toContain('[token removed]');
  });

  it('has no token in the file when the API echoes it back in headers, body and request id', async () => {
    const log = createRequestLog();
    const client = createApiClient({
      baseUrl: 'https://api.example.com',
      getToken: () => JWT,
      log,
      fetchImpl: () =>
        Promise.resolve(
          Response.json(
            { error: { message: `Token Bearer ${JWT} is not allowed`, request_id: `req_${JWT}` } },
            { status: 403, headers: { 'X-Request-Id': JWT, 'X-Echo': `Bearer ${JWT}` } },
          ),
        ),
    });
    await client.get('/v1/users', { schema: v.unknown() }).catch(() => undefined);
    const { text, har } = written(log);
    expect(text).not.toContain(SIGNATURE);
    expect(text.toLowerCase()).not.toContain('authorization');
    expect(har.log.entries[0]?.response.content.text).toContain('[token removed]');
  });

  it('stays valid for 200 entries, a 12 MB body, bidi and control characters, and a cancelled request', () => {
    const log = createRequestLog();
    for (let i = 0; i < 197; i++) log.record(input({ requestId: `req_${i}` }));
    const huge = 'x'.repeat(12_000_000);
    log.record(
      input({
        status: 500,
        responseBody: { text: huge, mimeType: 'application/json', length: huge.length },
      }),
    );
    const bidi = 'Admin \u202Egnp.exe\u202C \u0000\u001b[2J\r\n\u2028\ud800';
    log.record(
      input({
        status: 502,
        requestId: bidi,
        error: bidi,
        url: `https://api.example.com/v1/users?q=${encodeURIComponent(bidi.slice(0, -1))}`,
        responseHeaders: [{ name: 'x-note', value: bidi }],
        responseBody: { text: bidi, mimeType: bidi, length: bidi.length },
      }),
    );
    log.record(
      input({
        status: 0,
        cancelled: true,
        error: 'This operation was aborted',
        responseHeaders: undefined,
        waitMs: undefined,
        startedAt: Number.NaN,
        durationMs: -5,
      }),
    );
    const { text, har } = written(log);

    expect(har.log.entries).toHaveLength(200);
    const [hugeEntry, bidiEntry, cancelled] = har.log.entries.slice(-3);
    expect(hugeEntry?.response.content.text).toHaveLength(MAX_LOGGED_BODY_CHARS);
    expect(hugeEntry?.response.content.size).toBe(12_000_000);
    expect(hugeEntry?.response.content.comment).toMatch(/^Cut to its first 32,768 characters/);
    expect(text.length).toBeLessThan(1_000_000);
    // The strings survive the trip exactly: JSON escapes what needs escaping.
    expect(bidiEntry?.response.content.text).toBe(bidi);
    expect(bidiEntry?.response.headers).toContainEqual({ name: 'x-note', value: bidi });
    expect(cancelled?.response.status).toBe(0);
    expect(cancelled?.time).toBe(0);
    expect(cancelled?.startedDateTime).toBe('1970-01-01T00:00:00.000Z');
    expect(cancelled?.comment).toMatch(/^Cancelled by the console/);
  });

  it('marks automatic retries with the request they retry', () => {
    const log = createRequestLog();
    const first = log.record(input({ status: 503 }));
    log.record(input({ status: 503, attemptOf: first.id, try: 2 }));
    const { har } = written(log);
    expect(har.log.entries[1]?.comment).toContain(
      `Automatic retry 1 of the request logged as #${first.id}`,
    );
    expect(har.log.entries.map((entry) => entry._try)).toEqual([1, 2]);
  });
});

describe('harFileName', () => {
  it('names the file by the local date', () => {
    expect(harFileName(new Date(2026, 0, 5, 23, 59))).toBe('requests-2026-01-05.har');
  });
});
