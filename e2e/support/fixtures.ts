import { test as base, expect, type Page } from '@playwright/test';
import { mintDemoToken, type DemoTokenVariant } from '../../src/mocks/jwt';
import { DEFAULT_AFTER_SIGN_IN } from '../../src/features/auth/safe-next';
import { DEMO_SESSION_API, SESSION_STORAGE_KEY } from '../../src/features/auth/session-storage-key';
import { serializeStoredSession } from '../../src/features/auth/session-store';
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
  /**
   * Signs in and lands on `next` (default /users). By default the session is put where the sign-in
   * page would put it (sessionStorage, naming its API) before the page loads, which saves every
   * test a page load; `form: true` goes through the sign-in form, for the tests about it.
   */
  signIn: (options?: {
    variant?: DemoTokenVariant;
    token?: string;
    next?: string;
    form?: boolean;
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
  signIn: async ({ page, mintToken, mode, baseURL }, use) => {
    let seeded = 0;
    await use(async ({ variant = 'valid', token, next, form = false } = {}) => {
      const value = token ?? (await mintToken(variant));
      if (form) {
        await page.goto(next ? `/login?next=${encodeURIComponent(next)}` : '/login');
        await page.getByLabel('Access token').fill(value);
        await page.getByRole('button', { name: 'Sign in' }).click();
      } else {
        // Once per call: a later sign-out or another person's sign-in in the test stays as it is.
        seeded += 1;
        await page.addInitScript(
          ({ key, marker, origin, stored }) => {
            if (location.origin !== origin || sessionStorage.getItem(marker) !== null) return;
            sessionStorage.setItem(marker, '1');
            sessionStorage.setItem(key, stored);
          },
          {
            key: SESSION_STORAGE_KEY,
            marker: `e2e.signed-in.${seeded}`,
            origin: new URL(baseURL ?? '').origin,
            stored: serializeStoredSession(
              value,
              mode === 'demo' ? DEMO_SESSION_API : MOCK_API_URL,
            ),
          },
        );
        await page.goto(next ?? DEFAULT_AFTER_SIGN_IN);
      }
      await expect(page).not.toHaveURL(/\/login/);
      // The signed-in shell is up (and in demo mode the worker answers): the test starts from here.
      await expect(page.getByRole('banner')).toBeVisible();
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
