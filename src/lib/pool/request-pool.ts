import { isApiError } from '../api-error';
import { rateLimitWaitMs } from '../rate-limit-wait';
import { sleepUnlessAborted } from '../sleep';

/**
 * Runs many requests against a rate-limited API (Look up many's lookups, Find's and the Overview's
 * pages): at most `maxConcurrency` at once; a 429 halves the concurrency (to one at the least),
 * holds every new start until the time the API asked for, and tries that item again; each run of
 * successes as long as the concurrency wins one slot back (additive increase, multiplicative
 * decrease, as TCP does). Results arrive per item as they come; cancelling stops new starts and
 * aborts what is in flight, and the results so far stay.
 */

export interface PoolOptions<TItem, TResult> {
  items: readonly TItem[];
  run: (item: TItem, signal: AbortSignal) => Promise<TResult>;
  onResult: (index: number, outcome: PoolOutcome<TResult>) => void;
  signal: AbortSignal;
  maxConcurrency?: number;
  /** Tries of one item refused by the rate limit before it is reported as failed. */
  maxRateLimitWaits?: number;
  onConcurrency?: (concurrency: number, retryAt: number | undefined) => void;
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  now?: () => number;
}

export type PoolOutcome<TResult> = { ok: true; value: TResult } | { ok: false; error: unknown };

export const DEFAULT_CONCURRENCY = 4;

export async function runPool<TItem, TResult>(options: PoolOptions<TItem, TResult>): Promise<void> {
  const { items, run, onResult, signal } = options;
  const max = Math.max(1, options.maxConcurrency ?? DEFAULT_CONCURRENCY);
  const maxWaits = options.maxRateLimitWaits ?? 10;
  const sleep = options.sleep ?? sleepUnlessAborted;
  const now = options.now ?? Date.now;
  const queue = items.map((_, index) => index);
  const waits = new Map<number, number>();
  let concurrency = max;
  let successes = 0;
  let heldUntil = 0;
  const running = new Set<Promise<void>>();

  const start = (index: number) => {
    const task = (async () => {
      try {
        const value = await run(items[index] as TItem, signal);
        if (signal.aborted) return;
        successes += 1;
        if (successes >= concurrency && concurrency < max) {
          concurrency += 1;
          successes = 0;
          options.onConcurrency?.(concurrency, undefined);
        }
        onResult(index, { ok: true, value });
      } catch (error) {
        if (signal.aborted) return;
        const tries = waits.get(index) ?? 0;
        if (isApiError(error) && error.status === 429 && tries < maxWaits) {
          waits.set(index, tries + 1);
          concurrency = Math.max(1, Math.floor(concurrency / 2));
          successes = 0;
          const waitMs = rateLimitWaitMs(error);
          heldUntil = Math.max(heldUntil, now() + waitMs);
          options.onConcurrency?.(concurrency, heldUntil);
          queue.unshift(index);
          return;
        }
        onResult(index, { ok: false, error });
      }
    })();
    running.add(task);
    void task.finally(() => running.delete(task));
  };

  while (!signal.aborted && (queue.length > 0 || running.size > 0)) {
    const wait = heldUntil - now();
    if (queue.length > 0 && running.size < concurrency && wait <= 0) {
      start(queue.shift() as number);
      continue;
    }
    if (wait > 0 && running.size === 0) {
      await sleep(wait, signal);
      if (!signal.aborted) options.onConcurrency?.(concurrency, undefined);
      continue;
    }
    // Something in flight: wait for the first to settle (and see what it changed).
    await Promise.race(running);
  }
  // Cancelled: the run functions abort on the signal; let them settle before returning.
  await Promise.allSettled(running);
}
