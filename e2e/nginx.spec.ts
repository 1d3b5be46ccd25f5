import { expect, test, type Page } from './support/fixtures';
import { MOCK_API_URL } from './support/ports';

/**
 * The build served by nginx with the Docker image's configuration (deploy/, started by
 * e2e/support/serve-nginx.ts with API_BASE_URL pointing at the standalone mock): the headers,
 * caching, compression and single-page fallback a deployment depends on, and a signed-in visit
 * under that server's Content-Security-Policy (the page fixture fails on any violation).
 */

function directives(policy: string | undefined): Map<string, string[]> {
  return new Map(
    (policy ?? '').split(';').map((part) => {
      const [name = '', ...sources] = part.trim().split(/\s+/);
      return [name, sources];
    }),
  );
}

/** The hashed entry script the page loads, read from the served index.html. */
async function entryScript(page: Page): Promise<string> {
  const html = await (await page.request.get('/index.html')).text();
  const match = html.match(/<script type="module"[^>]* src="(\/assets\/[^"]+\.js)"/);
  expect(match, 'index.html names its entry script').not.toBeNull();
  return (match as RegExpMatchArray)[1] as string;
}

test('sends the security headers with the API origin taken from API_BASE_URL', async ({ page }) => {
  const response = await page.request.get('/');
  expect(response.status()).toBe(200);
  const headers = response.headers();
  const policy = directives(headers['content-security-policy']);
  expect(policy.get('connect-src')).toEqual(["'self'", MOCK_API_URL]);
  // Avatars: the API's origin and https:, never plain http: unless configured.
  expect(policy.get('img-src')).toEqual(["'self'", 'data:', MOCK_API_URL, 'https:']);
  expect(policy.get('script-src')).toEqual(["'self'"]);
  expect(policy.get('style-src')).toEqual(["'self'"]);
  expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
  expect(policy.get('object-src')).toEqual(["'none'"]);
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('no-referrer');
  expect(headers['permissions-policy']).toContain('camera=()');
  expect(headers['cross-origin-opener-policy']).toBe('same-origin');
  expect(headers['server']).toBe('nginx');

  const worker = await page.request.get('/mockServiceWorker.js');
  expect(worker.status()).toBe(200);
  expect(directives(worker.headers()['content-security-policy']).get('connect-src')).toEqual([
    "'self'",
    MOCK_API_URL,
    'https:',
  ]);
});

test('revalidates index.html and config.json, caches hashed assets for a year, gzipped', async ({
  page,
}) => {
  for (const path of ['/', '/index.html', '/config.json']) {
    const response = await page.request.get(path);
    expect(response.status(), path).toBe(200);
    expect(response.headers()['cache-control'], path).toBe('no-cache');
  }
  const config = await page.request.get('/config.json');
  expect(config.headers()['content-type']).toMatch(/^application\/json/);
  expect(await config.json()).toEqual({ apiBaseUrl: MOCK_API_URL });

  const asset = await page.request.get(await entryScript(page), {
    headers: { 'Accept-Encoding': 'gzip' },
  });
  expect(asset.status()).toBe(200);
  expect(asset.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(asset.headers()['content-encoding']).toBe('gzip');
  expect(asset.headers()['vary']).toBe('Accept-Encoding');
  expect(asset.headers()['content-type']).toMatch(/javascript/);
  expect(asset.headers()['content-security-policy']).toContain("script-src 'self'");
});

test('answers app routes with index.html, but a missing asset with a 404', async ({ page }) => {
  const index = await (await page.request.get('/index.html')).text();
  for (const path of ['/users/abc', '/products?category=Books', '/no/such/page']) {
    const response = await page.request.get(path);
    expect(response.status(), path).toBe(200);
    expect(response.headers()['content-type'], path).toMatch(/^text\/html/);
    expect(response.headers()['cache-control'], path).toBe('no-cache');
    expect(await response.text(), path).toBe(index);
  }
  const missing = await page.request.get('/assets/index-missing0.js');
  expect(missing.status()).toBe(404);
  expect(await missing.text()).not.toBe(index);
  // Not cached, so the file can appear with the next deploy; still under the policy.
  expect(missing.headers()['cache-control']).toBeUndefined();
  expect(missing.headers()['content-security-policy']).toContain("default-src 'self'");
});

test('a person signs in, browses users and opens one, from a deep link', async ({
  page,
  signIn,
}) => {
  await signIn({ next: '/users?page=2&limit=10', form: true });
  await expect(page).toHaveURL(/\/users\?page=2&limit=10$/);
  const users = page.getByRole('table', { name: 'Users' });
  await expect(page.getByRole('status')).toHaveText('11–20 of 1,000');
  const firstName = users.locator('tbody tr').first().getByRole('link');
  const name = (await firstName.innerText()).trim();
  await firstName.click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByRole('img', { name })).toBeVisible();

  // A reload on the user's URL comes back through nginx's fallback.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
});

test('Find works through nginx: a deep link to /users/find, a name by halving, an e-mail', async ({
  page,
  signIn,
}) => {
  // The single-page fallback serves /users/find; the CSP lets every search request through.
  await signIn({ next: '/users/find?q=grace+hopper' });
  // The one match opens the user.
  await expect(page).toHaveURL(/\/users\/user_grace_hopper$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Grace Hopper');
  const box = page.getByRole('combobox', { name: 'Find', exact: true });
  await box.fill('emile.zola@example.org');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/users\/user_emile_zola$/);
});
