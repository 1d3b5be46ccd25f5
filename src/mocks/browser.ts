import { setupWorker } from 'msw/browser';
import { createMockApi, type CreateMockApiOptions, type MockApi } from './mock-api.ts';

// What demo start-up needs besides the worker, from this one chunk (app/demo-start.ts).
export { mintDemoToken } from './jwt.ts';
export { PRODUCT_CATEGORIES } from './word-lists.ts';

/**
 * Demo mode: the mock API answers inside the browser. Imported lazily by the app, so a build
 * pointed at a real API never downloads the mock or its data.
 */
export async function startDemoWorker(options?: CreateMockApiOptions): Promise<MockApi> {
  const api = createMockApi(options);
  await setupWorker(...api.handlers).start({
    onUnhandledRequest: 'bypass',
    quiet: true,
    serviceWorker: { url: '/mockServiceWorker.js' },
  });
  return api;
}
