import { QueryClient } from '@tanstack/react-query';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { createApiClient, setApiClient } from '../lib/api-client';
import { createRequestLog } from '../lib/request-log';

/**
 * For a feature's api tests: an msw/node server that fails on unhandled requests, and an API
 * client for `baseUrl` (token "tok") installed for each test. Call at the top of the test file.
 */
export function setupApiTestServer(baseUrl: string) {
  const server = setupServer();
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  beforeEach(() =>
    setApiClient(createApiClient({ baseUrl, getToken: () => 'tok', log: createRequestLog() })),
  );
  afterEach(() => {
    server.resetHandlers();
    setApiClient(null);
  });
  afterAll(() => server.close());
  return server;
}

export function testQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false } } });
}
