import { expect, test } from './support/fixtures';

test('403: stays signed in and says the token lacks permission', async ({ page, signIn }) => {
  await signIn({ variant: 'no-account', next: '/account' });
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('403 Permission denied');
  await expect(alert).toContainText('lacks permission');
  await expect(alert).toContainText(/req_[a-z0-9]+/);
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
});

declare global {
  interface Window {
    accountRequests?: number;
  }
}

test('429: counts down, does not retry early, and recovers by itself', async ({
  page,
  signIn,
  setScenario,
}) => {
  // Counted in the page as each request starts, so a retry is seen the moment its timer fires.
  await page.addInitScript(() => {
    const send = window.fetch.bind(window);
    window.accountRequests = 0;
    window.fetch = (input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      if (url.includes('/v3/account')) window.accountRequests = (window.accountRequests ?? 0) + 1;
      return send(input, init);
    };
  });
  const accountRequests = () => page.evaluate(() => window.accountRequests);
  await page.clock.install();
  const token = await signIn();
  // Longer than the test takes to run: the clock jumps through it instead.
  await setScenario(token, { fail: { path: '/v3/account', status: 429, retryAfter: 30 } });
  await page.getByRole('link', { name: 'Account' }).click();
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('429 Rate limit exceeded');
  await expect(alert).toContainText(/try again in 0:[23]\d/);
  await expect(alert.getByRole('button', { name: 'Copy request ID' })).toBeVisible();
  await expect(alert.getByRole('button', { name: 'Try again' })).toBeDisabled();

  await page.clock.fastForward(20_000);
  await expect(alert).toContainText(/try again in 0:(10|0\d)/);
  await expect(alert.getByRole('button', { name: 'Try again' })).toBeDisabled();
  expect(await accountRequests()).toBe(1);

  await page.clock.fastForward(11_000);
  await expect(page.getByRole('region', { name: 'Account response' })).toBeVisible();
  await expect(alert).toHaveCount(0);
  expect(await accountRequests()).toBe(2);
});

test('500: shows the request id, then Try again recovers', async ({
  page,
  signIn,
  setScenario,
}) => {
  const token = await signIn();
  // The first try and both automatic retries fail.
  await setScenario(token, { fail: { path: '/v3/account', status: 500, count: 3 } });
  await page.getByRole('link', { name: 'Account' }).click();
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('500 Server error', { timeout: 10_000 });
  await expect(alert).toContainText('Simulated 500');
  await expect(alert.getByText(/^req_[a-z0-9]+$/)).toBeVisible();
  await expect(alert.getByRole('button', { name: 'Copy request ID' })).toBeVisible();
  await alert.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('region', { name: 'Account response' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('an HTML error body is explained, not shown raw', async ({ page, signIn, setScenario }) => {
  const token = await signIn();
  await setScenario(token, { fail: { path: '/v3/account', status: 502, count: 3, body: 'html' } });
  await page.getByRole('link', { name: 'Account' }).click();
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('502 Bad gateway', { timeout: 10_000 });
  await expect(alert).not.toContainText('<html');
  await expect(alert).toContainText(/req_[a-z0-9]+/);
});

test('a response that breaks the spec is an unexpected response, not broken rows', async ({
  page,
  signIn,
  setScenario,
}) => {
  // Start away from the users table, so no page or prefetch of it can take the scenario first.
  const token = await signIn({ next: '/account' });
  await expect(page.getByRole('region', { name: 'Account response' })).toBeVisible();
  await setScenario(token, { fail: { path: '/v1/users', status: 200, body: 'malformed' } });
  await page.getByRole('link', { name: 'Users' }).click();
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('Unexpected response from the API');
  await expect(alert).toContainText(/req_[a-z0-9]+/);
});

test('the account page renders nested data, raw JSON and a copy button', async ({
  page,
  signIn,
}) => {
  await signIn({ next: '/account' });
  const region = page.getByRole('region', { name: 'Account response' });
  await expect(region.getByText('plan', { exact: true })).toBeVisible();
  await expect(region.getByText('api_keys', { exact: true })).toBeVisible();
  await expect(region.getByText('null').first()).toBeVisible();
  await expect(region.getByText('true').first()).toBeVisible();
  await region.getByRole('button', { name: 'Raw JSON' }).click();
  await expect(region.locator('pre')).toContainText('"api_keys": [');
  await expect(region.getByRole('button', { name: 'Copy JSON' })).toBeVisible();
});

test('an unknown page shows not found with a way back', async ({ page, signIn }) => {
  await signIn({ next: '/no/such/page' });
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to users' }).click();
  await expect(page).toHaveURL(/\/users$/);
});
