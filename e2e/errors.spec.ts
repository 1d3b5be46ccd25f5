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

test('429: counts down, does not retry early, and recovers by itself', async ({
  page,
  signIn,
  setScenario,
}) => {
  const token = await signIn();
  await setScenario(token, { fail: { path: '/v3/account', status: 429, retryAfter: 2 } });
  // Browser-side start times: Node's event timestamps arrive with varying delay.
  const sent: number[] = [];
  page.on('requestfinished', (request) => {
    if (request.url().includes('/v3/account')) sent.push(request.timing().startTime);
  });
  await page.getByRole('link', { name: 'Account' }).click();
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('429 Rate limit exceeded');
  await expect(alert).toContainText(/try again in 0:0[12]/);
  await expect(alert.getByRole('button', { name: 'Copy request ID' })).toBeVisible();
  await expect(alert.getByRole('button', { name: 'Try again' })).toBeDisabled();
  await expect(page.getByRole('region', { name: 'Account response' })).toBeVisible({
    timeout: 6000,
  });
  await expect(alert).toHaveCount(0);
  expect(sent).toHaveLength(2);
  expect(sent[1]! - sent[0]!).toBeGreaterThanOrEqual(2000);
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
