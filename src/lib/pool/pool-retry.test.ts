import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../api-error';
import { createQueryClient } from '../query-client';
import { retryExceptRateLimit } from './pool-retry';

const failure = (status: number) =>
  new ApiError({ kind: 'http', status, method: 'GET', url: 'https://api.test/v1/users' });

const clientRetrying = (retry: boolean | number | undefined) =>
  new QueryClient({ defaultOptions: { queries: retry === undefined ? {} : { retry } } });

describe('retryExceptRateLimit', () => {
  it('leaves a 429 to the pool, whatever the client would do', () => {
    for (const queryClient of [createQueryClient(), clientRetrying(true), clientRetrying(5)]) {
      expect(retryExceptRateLimit(queryClient)(0, failure(429))).toBe(false);
    }
  });

  it('retries the rest as the client does: the console’s rules, a count, or a yes or no', () => {
    const consoleRules = retryExceptRateLimit(createQueryClient());
    expect([0, 1, 2].map((count) => consoleRules(count, failure(503)))).toEqual([
      true,
      true,
      false,
    ]);
    expect(consoleRules(0, failure(404))).toBe(false);
    expect(retryExceptRateLimit(clientRetrying(false))(0, failure(503))).toBe(false);
    expect(retryExceptRateLimit(clientRetrying(true))(7, failure(404))).toBe(true);
    expect(retryExceptRateLimit(clientRetrying(1))(0, failure(503))).toBe(true);
    expect(retryExceptRateLimit(clientRetrying(1))(1, failure(503))).toBe(false);
    // No default at all: the console's rules.
    expect(retryExceptRateLimit(clientRetrying(undefined))(0, failure(503))).toBe(true);
  });
});
