// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { createRequestLog, type RequestLogInput } from './request-log';

const entry = (overrides: Partial<RequestLogInput> = {}): RequestLogInput => ({
  method: 'GET',
  url: 'https://api.example.com/v1/users',
  status: 200,
  durationMs: 12,
  startedAt: 1_700_000_000_000,
  ...overrides,
});

describe('createRequestLog', () => {
  it('keeps entries oldest first with incrementing ids', () => {
    const log = createRequestLog();
    log.record(entry({ status: 200 }));
    log.record(entry({ status: 404, requestId: 'req_1', error: 'Not found (HTTP 404).' }));
    log.record(entry({ status: 0, error: 'This operation was aborted', cancelled: true }));
    expect(log.entries()).toMatchObject([
      { id: 1, status: 200, cancelled: undefined },
      { id: 2, status: 404, requestId: 'req_1', error: 'Not found (HTTP 404).' },
      { id: 3, status: 0, cancelled: true },
    ]);
  });

  it('keeps only the most recent entries', () => {
    const log = createRequestLog(3);
    for (let status = 1; status <= 5; status++) log.record(entry({ status }));
    expect(log.entries().map((e) => e.status)).toEqual([3, 4, 5]);
  });

  it('keeps the snapshot stable until something changes', () => {
    const log = createRequestLog();
    const empty = log.entries();
    expect(log.entries()).toBe(empty);
    log.record(entry());
    const one = log.entries();
    expect(one).not.toBe(empty);
    expect(log.entries()).toBe(one);
    expect(Object.isFrozen(one)).toBe(true);
  });

  it('notifies subscribers until they unsubscribe', () => {
    const log = createRequestLog();
    const listener = vi.fn();
    const unsubscribe = log.subscribe(listener);
    log.record(entry());
    log.clear();
    expect(listener).toHaveBeenCalledTimes(2);
    expect(log.entries()).toEqual([]);
    unsubscribe();
    log.record(entry());
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('keeps ids unique across clear()', () => {
    const log = createRequestLog();
    log.record(entry());
    log.clear();
    expect(log.record(entry()).id).toBe(2);
  });

  it('stores only its own fields, with secrets stripped from the URL', () => {
    const log = createRequestLog();
    const withExtras = {
      ...entry({ url: 'https://api.example.com/v1/users?access_token=tok123&page=1' }),
      headers: { Authorization: 'Bearer tok123' },
    };
    log.record(withExtras);
    expect(JSON.stringify(log.entries())).not.toContain('tok123');
    expect(log.entries()[0]?.url).toBe('https://api.example.com/v1/users?page=1');
  });

  it('keeps no token or part of one in the URL or the error, whoever’s it is', () => {
    const payload = 'eyJzdWIiOiJncmFjZSIsImVtYWlsIjoiZ3JhY2VAZXhhbXBsZS5vcmcifQ';
    const log = createRequestLog();
    log.record(
      entry({
        url: `https://api.example.com/v1/users/${payload}`,
        error: `Bearer eyJhbGciOiJIUzI1NiJ9.${payload} refused; claims ${payload}`,
      }),
    );
    expect(JSON.stringify(log.entries())).not.toContain('eyJ');
  });
});
