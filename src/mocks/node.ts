import { setupServer, type SetupServer } from 'msw/node';
import { createMockApi, type CreateMockApiOptions, type MockApi } from './mock-api.ts';

/**
 * The mock API for Vitest. Call `server.listen({ onUnhandledRequest: 'error' })` in `beforeAll`,
 * `api.reset()` in `afterEach` and `server.close()` in `afterAll`.
 */
export function createTestServer(options?: CreateMockApiOptions): {
  server: SetupServer;
  api: MockApi;
} {
  const api = createMockApi(options);
  return { server: setupServer(...api.handlers), api };
}
