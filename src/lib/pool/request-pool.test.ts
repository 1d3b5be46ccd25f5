import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../api-error';
import { runPool, type PoolOutcome } from './request-pool';

function rateLimited(retryAfterMs: number) {
  return new ApiError({
    kind: 'http',
    status: 429,
    method: 'GET',
    url: 'https://api.test/v1/users/x',
    retryAfterMs,
  });
}

describe('runPool', () => {
  it('never has more than 4 in flight, answers every item once, in any timing', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 0, max: 5 }), { maxLength: 60 }),
        async (delays) => {
          let inFlight = 0;
          let most = 0;
          const results = new Map<number, PoolOutcome<number>>();
          await runPool({
            items: delays,
            signal: new AbortController().signal,
            run: async (ms) => {
              inFlight += 1;
              most = Math.max(most, inFlight);
              await new Promise((resolve) => setTimeout(resolve, ms));
              inFlight -= 1;
              return ms * 2;
            },
            onResult: (index, outcome) => {
              expect(results.has(index)).toBe(false);
              results.set(index, outcome);
            },
          });
          expect(most).toBeLessThanOrEqual(4);
          expect([...results.keys()].sort((a, b) => a - b)).toEqual(delays.map((_, i) => i));
          delays.forEach((ms, i) => expect(results.get(i)).toEqual({ ok: true, value: ms * 2 }));
        },
      ),
      { numRuns: 40 },
    );
  });

  it('halves the concurrency on a 429, waits as asked, and tries the item again', async () => {
    const concurrency: number[] = [];
    const waits: number[] = [];
    let clock = 0;
    let refused = false;
    let inFlight = 0;
    const inFlightAfter429: number[] = [];
    const results: PoolOutcome<string>[] = [];
    await runPool({
      items: Array.from({ length: 12 }, (_, i) => `user_${i}`),
      signal: new AbortController().signal,
      now: () => clock,
      sleep: async (ms) => {
        waits.push(ms);
        clock += ms;
      },
      onConcurrency: (value) => concurrency.push(value),
      run: async (id) => {
        inFlight += 1;
        if (refused) inFlightAfter429.push(inFlight);
        await new Promise((resolve) => setTimeout(resolve, 1));
        inFlight -= 1;
        if (id === 'user_5' && !refused) {
          refused = true;
          throw rateLimited(2_000);
        }
        return id;
      },
      onResult: (index, outcome) => (results[index] = outcome),
    });
    expect(concurrency[0]).toBe(2);
    expect(waits.some((ms) => ms >= 2_000)).toBe(true);
    expect(results.map((outcome) => outcome.ok && outcome.value)).toEqual(
      Array.from({ length: 12 }, (_, i) => `user_${i}`),
    );
  });

  it('reports other failures per item and goes on', async () => {
    const results: PoolOutcome<number>[] = [];
    await runPool({
      items: [1, 2, 3],
      signal: new AbortController().signal,
      run: async (n) => {
        if (n === 2) throw new Error('nope');
        return n;
      },
      onResult: (index, outcome) => (results[index] = outcome),
    });
    expect(results.map((outcome) => outcome.ok)).toEqual([true, false, true]);
  });

  it('stops starting new lookups when cancelled, keeping the answers so far', async () => {
    const controller = new AbortController();
    const started: number[] = [];
    const answered: number[] = [];
    await runPool({
      items: Array.from({ length: 20 }, (_, i) => i),
      signal: controller.signal,
      run: async (n, signal) => {
        started.push(n);
        if (n === 6) controller.abort();
        await new Promise((resolve) => setTimeout(resolve, 1));
        signal.throwIfAborted();
        return n;
      },
      onResult: (index) => answered.push(index),
    });
    expect(started.length).toBeLessThan(12);
    expect(answered.length).toBeGreaterThan(0);
  });
});
