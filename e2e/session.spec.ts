import { expect, test } from './support/fixtures';

test('the session warns before it ends and then ends by itself', async ({ page, signIn }) => {
  await page.clock.install();
  await signIn({ next: '/users?page=2' });
  await expect(page.getByRole('table').getByRole('row').nth(1)).toBeVisible();

  await page.clock.fastForward('56:00');
  await expect(page.getByText(/Your session ends in \d:\d\d/)).toBeVisible();

  await page.clock.fastForward('05:00');
  await expect(page).toHaveURL(/\/login\?next=%2Fusers%3Fpage%3D2$/);
  await expect(page.getByRole('status')).toContainText('Your session expired');
});

test('sign out clears the session in this tab and in another tab', async ({
  page,
  context,
  mintToken,
}) => {
  await page.goto('/login');
  await page.getByLabel('Access token').fill(await mintToken());
  await page.getByLabel('Keep me signed in on this device').check();
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/users$/);

  const other = await context.newPage();
  await other.goto('/products');
  await expect(other.getByRole('navigation', { name: 'Main' })).toBeVisible();

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(other).toHaveURL(/\/login\?next=%2Fproducts$/);
  await expect(other.getByRole('status')).toContainText('signed out in another tab');
  expect(await page.evaluate(() => localStorage.getItem('admin-console.token'))).toBeNull();

  // Back must not show a signed-in page again.
  await page.goBack();
  await expect(page).not.toHaveURL(/\/users/);
});

test('a 401 mid-session ends the session once and keeps the way back', async ({
  page,
  signIn,
  setScenario,
}) => {
  // The next page is prefetched once the first has painted; a 401 for it before the click below
  // would end the session early. Wait for it to have gone out first.
  const prefetched = page.waitForRequest((request) => /\/v1\/users\?page=2\b/.test(request.url()));
  const token = await signIn();
  await expect(page.getByRole('table').getByRole('row').nth(1)).toBeVisible();
  await (await prefetched).response();
  // Every API path fails, so the account and any prefetches all get a 401 at once.
  await setScenario(token, { fail: { path: '/', status: 401, count: 5 } });
  await page.getByRole('link', { name: 'Account' }).click();
  await expect(page).toHaveURL(/\/login\?next=%2Faccount$/);
  await expect(page.getByRole('status')).toHaveCount(1);
  await expect(page.getByRole('status')).toContainText('Your session ended');
});

test('a user opened in a new tab needs no second sign-in; sign-out there ends both', async ({
  page,
  context,
  signIn,
}) => {
  // Not "keep me signed in": the session lives in this tab's sessionStorage only.
  await signIn({ next: '/users?limit=10' });
  const name = usersLinkName(page);
  await expect(name).toBeVisible();
  const href = (await name.getAttribute('href')) as string;

  const opened = await context.newPage();
  await opened.goto(href);
  await expect(opened.getByRole('heading', { level: 1 })).toHaveText(
    (await name.innerText()).trim(),
  );
  expect(await opened.evaluate(() => localStorage.getItem('admin-console.token'))).toBeNull();

  await opened.getByRole('button', { name: 'Sign out' }).click();
  await expect(opened).toHaveURL(/\/login$/);
  await expect(page).toHaveURL(/\/login\?next=/);
  await expect(page.getByRole('status')).toContainText('signed out in another tab');
});

test('a new tab with nobody signed in shows sign-in after a short wait', async ({ page }) => {
  await page.goto('/users/user_longtext');
  await expect(page).toHaveURL(/\/login\?next=%2Fusers%2Fuser_longtext$/);
  await expect(page.getByLabel('Access token')).toBeVisible();
});

test('a remembered session is not sent to an API that config.json names later', async ({
  page,
  mintToken,
  mode,
  apiBase,
}) => {
  await page.goto('/login');
  await page.getByLabel('Access token').fill(await mintToken());
  await page.getByLabel('Keep me signed in on this device').check();
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('table', { name: 'Users' })).toBeVisible();

  // The deployment is repointed: demo → the standalone mock, or the mock under another name.
  const other = mode === 'demo' ? 'http://127.0.0.1:9' : apiBase.replace('127.0.0.1', 'localhost');
  await page.route('**/config.json', (route) => route.fulfill({ json: { apiBaseUrl: other } }));
  const sentWithToken: string[] = [];
  page.on('request', (request) => {
    if (request.headers().authorization && request.url().startsWith(other)) {
      sentWithToken.push(request.url());
    }
  });
  await page.reload();
  await expect(page).toHaveURL(/\/login\?next=%2Fusers$/);
  await expect(page.getByLabel('Access token')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('admin-console.token'))).toBeNull();
  expect(sentWithToken).toEqual([]);
});

test('after a sleep past exp the token is not sent; the session ends as expired', async ({
  page,
  signIn,
}) => {
  await page.clock.install();
  await signIn({ next: '/account' });
  await expect(page.getByRole('region', { name: 'Account response' })).toBeVisible();
  const sentWithToken: string[] = [];
  page.on('request', (request) => {
    if (request.headers().authorization) sentWithToken.push(request.url());
  });
  // The wall clock jumps two hours; no timer has run (the laptop was asleep).
  await page.clock.setSystemTime(Date.now() + 2 * 3600_000);
  await page.getByRole('link', { name: 'Products' }).click();
  await expect(page).toHaveURL(/\/login\?next=%2Fproducts$/);
  await expect(page.getByRole('status')).toContainText('Your session expired');
  expect(sentWithToken).toEqual([]);
});

test('sign-out forgets the users looked up', async ({ page, signIn, mintToken }) => {
  await signIn();
  const lookup = page.getByRole('searchbox', { name: 'Find user' });
  await lookup.fill('user_longtext');
  await lookup.press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Maximiliana/);
  await page.getByRole('button', { name: 'Sign out' }).click();

  await page.getByLabel('Access token').fill(await mintToken());
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('table', { name: 'Users' })).toBeVisible();
  await lookup.focus();
  await expect(page.getByRole('group', { name: 'Recent lookups' })).toHaveCount(0);
});

function usersLinkName(page: import('./support/fixtures').Page) {
  return page.getByRole('table', { name: 'Users' }).locator('tbody tr').first().getByRole('link');
}
