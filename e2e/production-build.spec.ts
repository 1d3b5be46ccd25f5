import { analyseBuild } from '../scripts/check-budgets';
import { expect, test, type Page } from './support/fixtures';

/**
 * The production build as deployed: a real-API build never downloads the mock API, and every
 * page is served under the Content-Security-Policy (the page fixture fails a test on any
 * violation, so the whole suite runs under it).
 */

/** Paths of the files only demo mode may load, read from the build the servers copy. */
function demoPaths(): string[] {
  return [...analyseBuild('dist').demoFiles].map((file) => `/${file}`);
}

/** Paths of the requests the page makes to the console's own origin. */
function recordRequests(page: Page, baseURL: string | undefined): string[] {
  const origin = new URL(baseURL ?? '').origin;
  const paths: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.origin === origin) paths.push(url.pathname);
  });
  return paths;
}

async function serviceWorkers(page: Page): Promise<number> {
  return page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length);
}

test('no page of a real-API build downloads the mock or registers a service worker @real-api-only', async ({
  page,
  signIn,
  apiBase,
  baseURL,
}) => {
  const mockFiles = demoPaths();
  // Without the demo's chunks in the build this test could not fail.
  expect(mockFiles).toContain('/mockServiceWorker.js');
  expect(mockFiles.some((path) => path.endsWith('.js') && path.startsWith('/assets/'))).toBe(true);

  const requested = recordRequests(page, baseURL);
  const token = await signIn({ form: true });
  expect(await serviceWorkers(page)).toBe(0);

  await page.goto('/users');
  const rows = page.getByRole('table').getByRole('row');
  await expect(rows.nth(1)).toBeVisible();
  expect(await serviceWorkers(page)).toBe(0);

  await page.goto('/products');
  await expect(page.getByRole('table').getByRole('row').nth(1)).toBeVisible();
  expect(await serviceWorkers(page)).toBe(0);

  const response = await page.request.get(`${apiBase}/v1/users?limit=1`, {
    headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' },
  });
  const { data } = (await response.json()) as { data: { id: string; name: string }[] };
  const user = data[0] as { id: string; name: string };
  await page.goto(`/users/${user.id}`);
  await expect(page.getByRole('heading', { level: 1, name: user.name })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(await serviceWorkers(page)).toBe(0);

  expect(requested).toContain('/login');
  expect(requested.filter((path) => mockFiles.includes(path))).toEqual([]);
});

test('demo mode loads the mock API and its worker @demo-only', async ({ page, baseURL }) => {
  const mockFiles = demoPaths();
  const requested = recordRequests(page, baseURL);
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Use demo token' })).toBeVisible();
  expect(await serviceWorkers(page)).toBe(1);
  expect(requested.filter((path) => mockFiles.includes(path)).length).toBeGreaterThan(0);
});

test('pages are served with the production security headers', async ({ page, mode, apiBase }) => {
  const response = await page.goto('/users');
  const headers = response?.headers() ?? {};
  const policy = headers['content-security-policy'] ?? '';
  expect(policy).toContain("script-src 'self';");
  expect(policy).not.toMatch(/unsafe-inline|unsafe-eval/);
  expect(policy).toContain("object-src 'none'");
  expect(policy).toContain("frame-ancestors 'none'");
  const connect = /connect-src ([^;]*)/.exec(policy)?.[1];
  expect(connect).toBe(mode === 'demo' ? "'self'" : `'self' ${new URL(apiBase).origin}`);
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('no-referrer');
  expect(headers['permissions-policy']).toContain('camera=()');
});
