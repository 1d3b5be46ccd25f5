import { expect, test } from './support/fixtures';
import { MOCK_API_URL } from './support/ports';

test('a config.json pointing at a plain-http API is refused with a clear message', async ({
  page,
}) => {
  await page.route('**/config.json', (route) =>
    route.fulfill({ json: { apiBaseUrl: 'http://api.example.com' } }),
  );
  await page.goto('/login');
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('The console cannot start');
  await expect(alert).toContainText('only https: is allowed');
});

test('a mistyped setting or a base URL with the version stops the console and names the fix, never the demo', async ({
  page,
}) => {
  await page.route('**/config.json', (route) =>
    route.fulfill({ json: { apiBaseURL: MOCK_API_URL } }),
  );
  await page.goto('/login');
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('The console cannot start');
  await expect(alert).toContainText(
    'config.json is refused: "apiBaseURL" is not a setting; did you mean "apiBaseUrl"?',
  );
  await expect(page.getByRole('button', { name: 'Use demo token' })).toHaveCount(0);
  await expect(page.getByLabel('Access token')).toHaveCount(0);
  expect(await page.evaluate(() => navigator.serviceWorker.getRegistrations())).toHaveLength(0);

  await page.route('**/config.json', (route) =>
    route.fulfill({ json: { apiBaseUrl: `${MOCK_API_URL}/v1/` } }),
  );
  await page.reload();
  await expect(alert).toContainText("it ends in the API's version (/v1)");
  await expect(alert).toContainText(
    `Use "${MOCK_API_URL}" instead. Fix apiBaseUrl in config.json.`,
  );
  await expect(page.getByLabel('Access token')).toHaveCount(0);
});

test('a config.json that is not JSON is refused with a clear message', async ({ page }) => {
  await page.route('**/config.json', (route) =>
    route.fulfill({ contentType: 'application/json', body: '{ "apiBaseUrl": ' }),
  );
  await page.goto('/login');
  await expect(page.getByRole('alert')).toContainText('config.json is not valid JSON');
});

test('a malformed user id in the URL shows an explanation, not a blank page', async ({
  page,
  signIn,
}) => {
  await signIn({ next: '/account' });
  // In-app, as a pasted link would arrive through the router (vite preview itself answers 400
  // for such a path, which a static host may or may not do).
  await page.evaluate(() => {
    history.pushState(null, '', '/users/%E0%A4%A');
    dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expect(page.getByRole('alert')).toBeVisible();
});

test('malformed product filters in a link are corrected in place', async ({ page, signIn }) => {
  await signIn({ next: '/products?min_price=abc&max_price=-5&page=-3&limit=5000' });
  await expect(page).toHaveURL(/\/products\?limit=100$/);
  await expect(page.getByRole('status')).toHaveText(/^1–100 of 5,000$/);
});

test('a config.json served as text/plain is read, not taken for no config (no demo)', async ({
  page,
}) => {
  await page.route('**/config.json', (route) =>
    route.fulfill({
      contentType: 'text/plain',
      body: '\uFEFF{ "apiBaseUrl": "https://api.example.com" }',
    }),
  );
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Use demo token' })).toHaveCount(0);
  expect(await page.evaluate(() => navigator.serviceWorker.getRegistrations())).toHaveLength(0);
});

test('a config.json with a bad requestTimeoutMs or imageOrigins is refused clearly', async ({
  page,
}) => {
  await page.route('**/config.json', (route) =>
    route.fulfill({ json: { requestTimeoutMs: 'soon' } }),
  );
  await page.goto('/login');
  await expect(page.getByRole('alert')).toContainText(
    'requestTimeoutMs in config.json must be a whole number of milliseconds',
  );
  await page.route('**/config.json', (route) =>
    route.fulfill({ json: { imageOrigins: ["https://x.example; script-src 'unsafe-inline'"] } }),
  );
  await page.reload();
  await expect(page.getByRole('alert')).toContainText('imageOrigins in config.json must be a list');
});
