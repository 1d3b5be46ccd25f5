import { runPool } from './request-pool';

/**
 * Batches of reads through the request pool (request-pool.ts: at most 4 in flight; a 429 halves
 * that and waits as asked, then goes on), for the Overview's counts and Find's bisections. Several
 * counts may run at once (the Overview's three charts), so their batches take turns in one lane:
 * never more than the pool's 4 in flight in all. A failure stops its batch and is thrown to
 * whoever asked; `signal` (leaving the page) stops them all.
 */
export type Pooled = <T>(tasks: readonly (() => Promise<T>)[]) => Promise<T[]>;

/** `onWait` hears when a 429 holds the lane (the time it goes on), and undefined once it does. */
export function createPooled(
  signal: AbortSignal,
  onWait?: (retryAt: number | undefined) => void,
): Pooled {
  let lane: Promise<unknown> = Promise.resolve();
  return <T>(tasks: readonly (() => Promise<T>)[]) => {
    const turn = lane.then(() => runBatch(tasks, signal, onWait));
    lane = turn.catch(() => undefined);
    return turn;
  };
}

async function runBatch<T>(
  tasks: readonly (() => Promise<T>)[],
  signal: AbortSignal,
  onWait: ((retryAt: number | undefined) => void) | undefined,
) {
  signal.throwIfAborted();
  const stop = new AbortController();
  const results: T[] = [];
  let failure: { error: unknown } | undefined;
  await runPool({
    items: tasks,
    run: (task) => task(),
    signal: AbortSignal.any([signal, stop.signal]),
    onConcurrency: (_concurrency, retryAt) => onWait?.(retryAt),
    onResult: (index, outcome) => {
      if (outcome.ok) results[index] = outcome.value;
      else if (!failure) {
        failure = { error: outcome.error };
        stop.abort();
      }
    },
  });
  if (failure) throw failure.error;
  signal.throwIfAborted();
  return results;
}
