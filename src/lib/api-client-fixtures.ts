import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import * as v from 'valibot';
import { ApiError } from './api-error';
import { createApiClient, type ApiClientOptions } from './api-client';
import { createRequestLog } from './request-log';

/** What the API client's test files share: the API, a client with its log, a failure. */

export const BASE = 'https://api.example.com/prefix';
export const TOKEN = 'header.payload.sig-9f8e7d';

/** A mock API for the file's tests: every request must be one a test handles. */
export function startMockApi() {
  const server = setupServer();
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
  return server;
}

export const itemSchema = v.object({ id: v.string(), name: v.string() });

export function makeClient(
  overrides: Partial<
    Pick<ApiClientOptions, 'getToken' | 'now' | 'timeoutMs' | 'maxResponseBytes' | 'markPrefetches'>
  > = {},
) {
  const log = createRequestLog();
  const client = createApiClient({ baseUrl: `${BASE}/`, getToken: () => TOKEN, log, ...overrides });
  return { client, log };
}

/** Runs the request and returns what it threw, failing the test if it did not throw. */
export async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => expect.fail('expected the request to fail'),
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}
