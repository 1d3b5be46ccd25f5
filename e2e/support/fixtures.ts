import { test as base, expect, type Page } from '@playwright/test';
import { mintDemoToken, type DemoTokenVariant } from '../../src/mocks/jwt';
import { MOCK_API_URL } from './ports';

/**
 * Network failures that a test provokes on purpose (a 500 from a scenario) make Chromium log
 * "Failed to load resource". That line is the browser reporting the response, not the app
 * failing, so it is the one console error that does not fail a test.
 */
const EXPECTED_CONSOLE_ERRORS = [
  /^Failed to load resource: the server responded with a status of \d{3}/,
];

type Mode = 'demo' | 'real-api';

interface Fixtures {
  mode: Mode;
  /** Root of the API as the page sees it. */
  apiBase: string;
  mintToken: (variant?: DemoTokenVariant) => Promise<string>;
  signIn: (options?: {
    variant?: DemoTokenVariant;
    token?: string;
    next?: string;
  }) => Promise<string>;
  setScenario: (token: string, scenario: Record<string, unknown>) => Promise<void>;
}

export const test = base.extend<Fixtures>({
  page: async ({ page }, use) => {
    const problems: string[] = [];
    // The build is served under its Content-Security-Policy: a violation is reported as a console
    // error, which fails the test below.
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        const source = event.sourceFile ? ` at ${event.sourceFile}:${event.lineNumber}` : '';
        console.error(
          `CSP violation: ${event.effectiveDirective} blocked ${event.blockedURI || 'inline code'}${source}`,
        );
      });
    });
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() !== 'error') return;
      const text = message.text();
      if (!EXPECTED_CONSOLE_ERRORS.some((pattern) => pattern.test(text))) {
        problems.push(`console error: ${text}`);
      }
    });
    await use(page);
    expect(problems, 'uncaught page errors or console errors').toEqual([]);
  },
  mode: async ({}, use, testInfo) => {
    // The nginx project serves a build pointed at the standalone mock, like real-api.
    await use(testInfo.project.name === 'demo' ? 'demo' : 'real-api');
  },
  apiBase: async ({ mode, baseURL }, use) => {
    await use(mode === 'demo' ? `${baseURL}/demo-api` : MOCK_API_URL);
  },
  mintToken: async ({}, use) => {
    await use((variant = 'valid') => mintDemoToken(variant));
  },
  signIn: async ({ page, mintToken }, use) => {
    await use(async ({ variant = 'valid', token, next } = {}) => {
      const value = token ?? (await mintToken(variant));
      await page.goto(next ? `/login?next=${encodeURIComponent(next)}` : '/login');
      await page.getByLabel('Access token').fill(value);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(page).not.toHaveURL(/\/login/);
      return value;
    });
  },
  setScenario: async ({ page, apiBase }, use) => {
    // Sent from the page so that in demo mode the service worker, which owns the mock, answers.
    await use(async (token, scenario) => {
      const status = await page.evaluate(
        async ({ url, token, body }) => {
          const response = await fetch(url, {
            method: 'POST',
            headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
            body: JSON.stringify(body),
          });
          return response.status;
        },
        { url: `${apiBase}/__demo/scenario`, token, body: scenario },
      );
      expect(status, 'setting a demo scenario').toBe(204);
    });
  },
});

export { expect };
export type { Page };
