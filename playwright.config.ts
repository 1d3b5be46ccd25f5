import { defineConfig } from '@playwright/test';
import { CHROMIUM_FLAGS, ensureChromium } from './scripts/chromium';
import { E2E_PORTS, MOCK_API_URL } from './e2e/support/ports';

const executablePath = ensureChromium();

/**
 * Every spec runs twice against the same production build: once in demo mode (the mock API in
 * the page's service worker) and once pointed by config.json at the standalone mock server, so
 * CORS, exposed headers and a real network hop are exercised. A test tagged @demo-only or
 * @real-api-only runs in that project alone. The `nginx` project runs e2e/nginx.spec.ts alone,
 * against the build served by nginx with the Docker image's configuration (deploy/).
 */
const NGINX_SPEC = /nginx\.spec\.ts$/;

export default defineConfig({
  testDir: './e2e',
  // Per port range, so two runs on one machine keep their own traces.
  outputDir: `test-results/e2e-${E2E_PORTS.demo}`,
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  workers: 2,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    trace: 'retain-on-failure',
    launchOptions: { executablePath, args: CHROMIUM_FLAGS },
  },
  projects: [
    {
      name: 'demo',
      grepInvert: /@real-api-only/,
      testIgnore: NGINX_SPEC,
      use: { baseURL: `http://127.0.0.1:${E2E_PORTS.demo}` },
    },
    {
      name: 'real-api',
      grepInvert: /@demo-only/,
      testIgnore: NGINX_SPEC,
      use: { baseURL: `http://127.0.0.1:${E2E_PORTS.realApi}` },
    },
    {
      name: 'nginx',
      testMatch: NGINX_SPEC,
      use: { baseURL: `http://127.0.0.1:${E2E_PORTS.nginx}` },
    },
  ],
  webServer: [
    {
      command: `npx tsx src/mocks/server.ts --port ${E2E_PORTS.mockApi}`,
      url: `http://127.0.0.1:${E2E_PORTS.mockApi}/__demo/token`,
      reuseExistingServer: false,
    },
    {
      command: `npx tsx e2e/support/serve-build.ts --port ${E2E_PORTS.demo}`,
      url: `http://127.0.0.1:${E2E_PORTS.demo}/`,
      reuseExistingServer: false,
    },
    {
      command: `npx tsx e2e/support/serve-build.ts --port ${E2E_PORTS.realApi} --api http://127.0.0.1:${E2E_PORTS.mockApi}`,
      url: `http://127.0.0.1:${E2E_PORTS.realApi}/`,
      reuseExistingServer: false,
    },
    {
      command: `npx tsx e2e/support/serve-nginx.ts --port ${E2E_PORTS.nginx} --api ${MOCK_API_URL}`,
      url: `http://127.0.0.1:${E2E_PORTS.nginx}/`,
      reuseExistingServer: false,
    },
  ],
});
