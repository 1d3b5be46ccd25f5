import { QueryClient } from '@tanstack/react-query';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { createApiClient, setApiClient } from '../lib/api-client';
import { createRequestLog } from '../lib/request-log';
import { mintDemoToken } from '../mocks/jwt';
import { createTestServer } from '../mocks/node';

/** The origin the mock answers on in component tests. */
const MOCK_BASE = 'https://api.test';

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

/**
 * For component tests against the real mock API (in process, via msw/node): the API client is
 * installed for each test with a freshly minted demo token, and the mock's state reset after.
 */
export function setupMockApiClient(options: { users: number; products: number }) {
  const { server, api } = createTestServer(options);
  let token = '';
  beforeAll(async () => {
    server.listen({ onUnhandledRequest: 'error' });
    token = await mintDemoToken('valid');
  });
  beforeEach(() =>
    setApiClient(
      createApiClient({ baseUrl: MOCK_BASE, getToken: () => token, log: createRequestLog() }),
    ),
  );
  afterEach(() => {
    api.reset();
    setApiClient(null);
  });
  afterAll(() => server.close());
  return { server, api, token: () => token };
}
