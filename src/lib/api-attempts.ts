import type { ApiTry } from './api-error';

/**
 * The tries so far of a request and its automatic retries (see createAttempts), and the session
 * generation they belong to.
 */
export type Attempt = { tries: ApiTry[]; generation: number; firstEntryId?: number | undefined };

/**
 * An attempt is a request and its automatic retries. TanStack Query hands every try of one fetch
 * the same AbortSignal (a new fetch, such as Try again, gets a new one), so the tries of an
 * attempt are the requests for one URL under one signal; query-client.test.ts checks this.
 */
export function createAttempts(generation: () => number) {
  const attempts = new WeakMap<AbortSignal, Map<string, Attempt>>();
  function attemptFor(signal: AbortSignal | undefined, key: string): Attempt {
    if (signal === undefined) return { tries: [], generation: generation() };
    let bySignal = attempts.get(signal);
    if (bySignal === undefined) {
      bySignal = new Map();
      attempts.set(signal, bySignal);
    }
    let attempt = bySignal.get(key);
    if (attempt === undefined) {
      attempt = { tries: [], generation: generation() };
      bySignal.set(key, attempt);
    }
    return attempt;
  }
  const endAttempt = (signal: AbortSignal | undefined, key: string) =>
    signal && attempts.get(signal)?.delete(key);
  return { attemptFor, endAttempt };
}
