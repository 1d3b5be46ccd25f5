// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { createRateLimiter, rateLimitHeaders } from './rate-limiter.ts';

describe('createRateLimiter', () => {
  it('allows `limit` requests per sliding window, per key', () => {
    let now = 1_000_000;
    const limiter = createRateLimiter({ limit: 3, windowMs: 10_000 }, () => now);
    expect(limiter.check('a')).toEqual({ allowed: true, limit: 3, remaining: 2, resetSeconds: 10 });
    now += 4000;
    expect(limiter.check('a')).toMatchObject({ allowed: true, remaining: 1, resetSeconds: 6 });
    expect(limiter.check('a')).toMatchObject({ allowed: true, remaining: 0 });
    expect(limiter.check('a')).toEqual({ allowed: false, limit: 3, remaining: 0, resetSeconds: 6 });
    expect(limiter.check('b')).toMatchObject({ allowed: true, remaining: 2 });

    // The first request leaves the window after exactly 10 s: one slot frees, not all three.
    now += 5999;
    expect(limiter.check('a')).toMatchObject({ allowed: false, resetSeconds: 1 });
    now += 1;
    expect(limiter.check('a')).toMatchObject({ allowed: true, remaining: 0 });
    expect(limiter.check('a').allowed).toBe(false);
  });

  it('forgets everything on reset', () => {
    const limiter = createRateLimiter({ limit: 1, windowMs: 60_000 }, () => 0);
    limiter.check('a');
    expect(limiter.check('a').allowed).toBe(false);
    limiter.reset();
    expect(limiter.check('a').allowed).toBe(true);
  });

  it('renders the RateLimit headers', () => {
    expect(rateLimitHeaders({ allowed: true, limit: 10, remaining: 4, resetSeconds: 7 })).toEqual({
      'RateLimit-Limit': '10',
      'RateLimit-Remaining': '4',
      'RateLimit-Reset': '7',
    });
  });
});
