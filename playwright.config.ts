import { defineConfig } from '@playwright/test';
import { CHROMIUM_FLAGS, ensureTestBrowser } from './scripts/chromium';
import { E2E_PORTS } from './e2e/support/ports';
import { READY_LINE } from './e2e/support/serve-all';

const executablePath = ensureTestBrowser();

/**
 * Three projects against the same production build:
 * - `real-api`: config.json points the build at the standalone mock server, as a deployment points
 *   it at its API, so every request crosses a real HTTP hop: CORS, exposed headers (request id,
 *   Retry-After), timeouts, redirects, big and hostile bodies, and the config.json the server
 *   sends. Every spec runs here, plain UI included (keyboard, layout, axe, filters, tables), since
 *   this is how the console runs in production.
 * - `demo`: no config.json, so the mock API answers from the page's service worker (MSW). Only
 *   what the worker can change runs here: tests tagged @demo-only (the demo token, the demo panel,
 *   queued failures that skip prefetches, the worker's files), every test of the specs in
 *   SPECS_IN_BOTH_MODES (the security policy and service worker of each mode), and tests tagged
 *   @both-modes: an avatar drawn from the API's origin or from the worker's, a new tab that must
 *   start its worker while it asks the other tabs for the session, a session after a sleep (the
 *   token the worker would receive), Find's reads through either transport, ticket and log.
 * - `nginx`: e2e/nginx.spec.ts alone, against the build served by nginx with the Docker image's
 *   configuration (deploy/).
 * The rule: a behaviour runs where it can differ. The mock's handlers are one set for both hosts
 * and unit-tested, and the page code is the same build, so a plain UI test in demo would only
 * repeat its real-api run; a test that depends on the transport, the worker or the mode runs in
 * both. A test tagged @real-api-only needs the real server (hangs, slow-loris, a shell's curl,
 * a scenario that outlives a page load).
 *
 * `npm run test:e2e:all` (E2E_ALL_IN_BOTH_MODES=1) runs the full matrix: every spec in both
 * projects, plus nginx.
 */
const NGINX_SPEC = /nginx\.spec\.ts$/;
const SPECS_IN_BOTH_MODES = ['production-build'];
const allInBothModes = Boolean(process.env.E2E_ALL_IN_BOTH_MODES);

/** Playwright's grep sees "project file title tags", so a spec's file name selects all its tests. */
const inDemo = allInBothModes
  ? undefined
  : [
      /@demo-only\b/,
      /@both-modes\b/,
      new RegExp(` (${SPECS_IN_BOTH_MODES.join('|')})\\.spec\\.ts `),
    ];

export default defineConfig({
  testDir: './e2e',
  // Specs only: a `.test.ts` beside the support code is Vitest's (e2e/support/serve-all.test.ts).
  testMatch: /\.spec\.ts$/,
  // Per port range, so two runs on one machine keep their own traces.
  outputDir: `test-results/e2e-${E2E_PORTS.demo}`,
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  // Three on two cores: a test often waits (for the network, a timer, a paint), and a third worker
  // fills that time; measured 17 % quicker than two, and four slower again.
  workers: 3,
  // Limits sized for a machine twice as slow as ours with one core busy (the suite must not flake
  // there): the slowest tests take about 18 s here. A passing test never waits for a limit; a
  // longer one only changes how long a real failure takes to report.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    // Recording a trace costs about 30 % more CPU in every test, failing or not, so it is opt-in:
    // E2E_TRACE=1 keeps one per failed test (or `--trace on`). A failure always keeps its
    // screenshot and Playwright's page snapshot (error-context.md) beside the error.
    trace: process.env.E2E_TRACE ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath, args: CHROMIUM_FLAGS },
  },
  projects: [
    {
      name: 'demo',
      grep: inDemo,
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
  // Every server at once (e2e/support/serve-all.ts): the mock APIs, the build served for each
  // project and for several APIs, and nginx. Listed here, Playwright would start them one by one.
  webServer: {
    command: 'node --import tsx e2e/support/serve-all.ts',
    wait: { stdout: new RegExp(READY_LINE) },
    timeout: 150_000,
  },
});
