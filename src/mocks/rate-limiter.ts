/**
 * Sliding-window rate limit, counted per bearer token (so parallel end-to-end tests, each with its
 * own token, never throttle each other).
 *
 * Defaults: 600 requests per 60 seconds. Change them with `createMockApi({ rateLimit: { limit,
 * windowMs } })`, or on the standalone server with `--rate-limit <requests> --rate-window <seconds>`.
 *
 * Every counted response carries `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset`
 * (seconds until the oldest counted request leaves the window, i.e. until a slot frees up); a
 * refused request gets 429 with `Retry-After` in whole seconds, the same wait.
 */

export interface RateLimitSettings {
  limit: number;
  windowMs: number;
}

export const DEFAULT_RATE_LIMIT: RateLimitSettings = { limit: 600, windowMs: 60_000 };

export interface RateLimitDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Whole seconds until a slot frees up; also the Retry-After value when refused. */
  resetSeconds: number;
}

export interface RateLimiter {
  check(key: string): RateLimitDecision;
  reset(): void;
}

export function rateLimitHeaders(decision: RateLimitDecision): Record<string, string> {
  return {
    'RateLimit-Limit': String(decision.limit),
    'RateLimit-Remaining': String(decision.remaining),
    'RateLimit-Reset': String(decision.resetSeconds),
  };
}

export function createRateLimiter(
  { limit, windowMs }: RateLimitSettings = DEFAULT_RATE_LIMIT,
  now: () => number = Date.now,
): RateLimiter {
  // Per key, the times of the requests still inside the window, oldest first.
  const hits = new Map<string, number[]>();

  return {
    check(key) {
      const time = now();
      const times = hits.get(key) ?? [];
      while (times.length > 0 && (times[0] as number) <= time - windowMs) times.shift();
      const allowed = times.length < limit;
      if (allowed) times.push(time);
      if (times.length > 0) hits.set(key, times);
      else hits.delete(key);
      const oldest = times[0] ?? time;
      return {
        allowed,
        limit,
        remaining: limit - times.length,
        resetSeconds: Math.max(1, Math.ceil((oldest + windowMs - time) / 1000)),
      };
    },
    reset() {
      hits.clear();
    },
  };
}
