import { DEMO_SIGNING_SECRET, mintDemoToken, signJwt } from '../src/mocks/jwt';
import { expect, test, type Page } from './support/fixtures';
import { MOCK_API_URL } from './support/ports';
import { receivedBy } from './support/several-apis';

const renewDialog = (page: Page) => page.getByRole('dialog', { name: 'Renew session' });

/** A token the mock accepts, for the page's clock (which a test may have moved on). */
async function freshToken(page: Page): Promise<string> {
  return mintDemoToken('valid', Math.floor((await page.evaluate(() => Date.now())) / 1000));
}

/** Someone else's token (another `sub`), signed with `secret` (another key: the API refuses it). */
function otherPersonToken(secret = DEMO_SIGNING_SECRET): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return signJwt(
    {
      sub: 'demo-auditor',
      name: 'Demo Auditor',
      email: 'auditor@demo.example',
      iat: now,
      exp: now + 3600,
      jti: `other-${Math.random()}`,
    },
    secret,
  );
}

// Changed on purpose (ui-contract §1, renewal in place): a session that ends on a page no longer
// sends the person to /login; the page stays, dimmed and inert, under Renew session, which offers the way
// to the sign-in page with the same `next` and message as before.
test('the session warns before it ends and then ends by itself', async ({ page, signIn }) => {
  await page.clock.install();
  await signIn({ next: '/users?page=2' });
  await expect(page.getByRole('table').getByRole('row').nth(1)).toBeVisible();

  await page.clock.fastForward('56:00');
  await expect(page.getByText(/Your session ends in \d:\d\d/)).toBeVisible();

  await page.clock.fastForward('05:00');
  await expect(renewDialog(page)).toBeVisible();
  await expect(renewDialog(page)).toContainText('Your session has ended');
  // In view, dimmed and inert, under the dialog (issue 31, finding 8).
  await expect(page.locator('[inert] table')).toBeVisible();
  await expect(page).toHaveURL(/\/users\?page=2$/);
  await renewDialog(page).getByRole('button', { name: 'Go to sign-in' }).click();
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
  await expect(renewDialog(page)).toBeVisible();
  await renewDialog(page).getByRole('button', { name: 'Go to sign-in' }).click();
  await expect(page).toHaveURL(/\/login\?next=%2Faccount$/);
  await expect(page.getByRole('status')).toHaveCount(1);
  await expect(page.getByRole('status')).toContainText('Your session ended');
});

test('a user opened in a new tab needs no second sign-in; sign-out there ends both @both-modes', async ({
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

test('after a sleep past exp the token is not sent; the session ends as expired @both-modes', async ({
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
  await expect(renewDialog(page)).toBeVisible();
  await expect(page).toHaveURL(/\/products$/);
  await renewDialog(page).getByRole('button', { name: 'Go to sign-in' }).click();
  await expect(page).toHaveURL(/\/login\?next=%2Fproducts$/);
  await expect(page.getByRole('status')).toContainText('Your session expired');
  expect(sentWithToken).toEqual([]);
});

test('sign-out forgets the users looked up', async ({ page, signIn, mintToken }) => {
  await signIn();
  const lookup = page.getByRole('combobox', { name: 'Find', exact: true });
  await lookup.fill('user_longtext');
  await lookup.press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Maximiliana/);
  await page.getByRole('button', { name: 'Sign out' }).click();

  await page.getByLabel('Access token').fill(await mintToken());
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('table', { name: 'Users' })).toBeVisible();
  await lookup.focus();
  await expect(page.getByRole('listbox', { name: 'Recent lookups' })).toHaveCount(0);
});

function usersLinkName(page: import('./support/fixtures').Page) {
  return page.getByRole('table', { name: 'Users' }).locator('tbody tr').first().getByRole('link');
}

test('renew from the expiry warning keeps a half-typed filter', async ({ page, mintToken }) => {
  await page.goto('/login?next=%2Fproducts%3Flimit%3D10');
  await page.getByLabel('Access token').fill(await mintToken('short'));
  await page.getByLabel('Keep me signed in on this device').check();
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('table', { name: 'Products' }).locator('tbody tr')).toHaveCount(10);
  // Under five minutes left from the start: the warning shows at once.
  await expect(page.getByText(/Your session ends in \d:\d\d/)).toBeVisible();
  await page.getByLabel('Max price', { exact: true }).pressSequentially('12');
  // Nothing reloads: a mark left on the window is still there afterwards.
  await page.evaluate(() => ((window as unknown as { mark: string }).mark = 'still here'));

  await page.getByRole('button', { name: 'Renew session' }).click();
  const fresh = await mintToken();
  await renewDialog(page).getByLabel('Access token').fill(fresh);
  await renewDialog(page).getByRole('button', { name: 'Renew' }).click();
  await expect(renewDialog(page)).toHaveCount(0);
  await expect(page.getByText(/Your session ends in/)).toHaveCount(0);
  await expect(page.getByTitle('Time left in this session')).toContainText(/\b59:\d\d left/);
  await expect(page.getByLabel('Max price', { exact: true })).toHaveValue('12');
  expect(await page.evaluate(() => (window as unknown as { mark?: string }).mark)).toBe(
    'still here',
  );
  // Kept where the first token was (Keep me signed in), replaced by the new one.
  expect(await page.evaluate(() => localStorage.getItem('admin-console.token'))).toContain(fresh);
});

test('a session that ends on a page is renewed in place: dialog, filter and scroll stay', async ({
  page,
  signIn,
}) => {
  await page.clock.install();
  await signIn({ next: '/products?limit=100' });
  const min = page.getByLabel('Min price', { exact: true });
  await min.fill('7');
  await min.press('Enter');
  await expect(page).toHaveURL(/min_price=7/);
  // The filtered rows: when the first page was still loading, the table shows skeleton rows
  // (placeholders, not products), and a click there opens nothing.
  const table = page.getByRole('table', { name: 'Products' });
  await expect(table).toHaveAttribute('aria-busy', 'false');
  await table.locator('tbody tr').first().click();
  const details = page.getByRole('dialog', { name: 'Product details' });
  await expect(details).toBeVisible();
  const url = page.url();
  await page.evaluate(() => window.scrollTo(0, 1500));
  const scrolled = await page.evaluate(() => window.scrollY);
  expect(scrolled).toBeGreaterThan(0);

  await page.clock.fastForward('01:01:00');
  await expect(renewDialog(page)).toBeVisible();
  // The page stays in view, dimmed and inert, while nobody is signed in.
  await expect(page.locator('[inert] table')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign in' })).toHaveCount(0);
  // Escape does not leave it: there is no page to go back to until it is renewed.
  await page.keyboard.press('Escape');
  await expect(renewDialog(page)).toBeVisible();

  await renewDialog(page)
    .getByLabel('Access token')
    .fill(await freshToken(page));
  await renewDialog(page).getByRole('button', { name: 'Renew' }).click();
  await expect(renewDialog(page)).toHaveCount(0);
  await expect(details).toBeVisible();
  await expect(min).toHaveValue('7');
  await expect(table).toBeVisible();
  expect(page.url()).toBe(url);
  expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
});

test('a request refused with 401 meanwhile is asked again once, with the new token', async ({
  page,
  signIn,
  setScenario,
  mintToken,
  apiBase,
}) => {
  const prefetched = page.waitForRequest((request) => /\/v1\/users\?page=2\b/.test(request.url()));
  const token = await signIn();
  await expect(page.getByRole('table').getByRole('row').nth(1)).toBeVisible();
  await (await prefetched).response();
  await setScenario(token, { fail: { path: '/', status: 401, count: 5 } });
  const fresh = await mintToken();
  const accountRequests: string[] = [];
  page.on('request', (request) => {
    if (request.url().startsWith(`${apiBase}/v3/account`)) {
      accountRequests.push(request.headers().authorization ?? '');
    }
  });
  await page.getByRole('link', { name: 'Account' }).click();
  await expect(renewDialog(page)).toBeVisible();
  await expect(page).toHaveURL(/\/account$/);

  // A token the API refuses is explained in the dialog and stays in the box.
  const wrong = await otherPersonToken('not-the-api-key');
  await renewDialog(page).getByLabel('Access token').fill(wrong);
  await renewDialog(page).getByRole('button', { name: 'Renew' }).click();
  await expect(renewDialog(page).getByRole('alert')).toContainText('refused this token');
  await expect(renewDialog(page).getByLabel('Access token')).toHaveValue(wrong);

  await renewDialog(page).getByLabel('Access token').fill(fresh);
  await renewDialog(page).getByRole('button', { name: 'Renew' }).click();
  await expect(page.getByRole('region', { name: 'Account response' })).toBeVisible();
  expect(accountRequests).toEqual([`Bearer ${token}`, `Bearer ${fresh}`]);
});

test('a token for another person goes through a full sign-in and forgets the first', async ({
  page,
  signIn,
  setScenario,
}) => {
  const token = await signIn();
  const lookup = page.getByRole('combobox', { name: 'Find', exact: true });
  await lookup.fill('user_longtext');
  await lookup.press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Maximiliana/);
  await expect(page.getByRole('banner')).toContainText('Demo Admin');
  await setScenario(token, { fail: { path: '/', status: 401, count: 5 } });
  await page.getByRole('link', { name: 'Account' }).click();
  await expect(renewDialog(page)).toBeVisible();

  await renewDialog(page)
    .getByLabel('Access token')
    .fill(await otherPersonToken());
  await renewDialog(page).getByRole('button', { name: 'Renew' }).click();
  await expect(renewDialog(page)).toHaveCount(0);
  await expect(page.getByRole('banner')).toContainText('Demo Auditor');
  // Afresh at the users list: the first person's page is not opened again under this token.
  await expect(page).toHaveURL(/\/users$/);
  await expect(page.getByRole('table', { name: 'Users' })).toBeVisible();
  await lookup.focus();
  await expect(page.getByRole('listbox', { name: 'Recent lookups' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Requests' }).click();
  await expect(page.getByRole('dialog', { name: 'Requests' })).not.toContainText('user_longtext');
});

test('a token the API refuses right after sign-in is explained, the token kept in the box', async ({
  page,
}) => {
  const wrong = await otherPersonToken('a-key-of-another-api');
  await page.goto('/login?next=%2Fproducts');
  await page.getByLabel('Access token').fill(wrong);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/login\?next=%2Fproducts$/);
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('refused this token (401)');
  await expect(alert).toContainText('Token signature is invalid');
  await expect(alert).toContainText(/Is this a token for (Demo|127\.0\.0\.1:\d+)\?/);
  await expect(page.getByText('Your session ended')).toHaveCount(0);
  await expect(page.getByLabel('Access token')).toHaveValue(wrong);
});

test('a renewed token reaches the other tabs of the same person', async ({
  page,
  context,
  signIn,
}) => {
  await page.clock.install();
  // Not "keep me signed in": the other tab got the session over the channel, not from storage.
  await signIn({ next: '/users?limit=10' });
  await expect(usersLinkName(page)).toBeVisible();
  const other = await context.newPage();
  await other.goto('/products?limit=10');
  await expect(other.getByRole('table', { name: 'Products' })).toBeVisible();

  await page.clock.fastForward('56:00');
  await expect(page.getByText(/Your session ends in/)).toBeVisible();
  await expect(other.getByText(/Your session ends in/)).toBeVisible();
  await page.getByRole('button', { name: 'Renew session' }).click();
  await renewDialog(page)
    .getByLabel('Access token')
    .fill(await freshToken(page));
  await renewDialog(page).getByRole('button', { name: 'Renew' }).click();
  await expect(renewDialog(page)).toHaveCount(0);
  await expect(other.getByText(/Your session ends in/)).toHaveCount(0);

  // Past the first token's end: neither tab's session ends.
  await page.clock.fastForward('06:00');
  await other.getByRole('link', { name: 'Users' }).click();
  await expect(other.getByRole('table', { name: 'Users' })).toBeVisible();
  await expect(renewDialog(other)).toHaveCount(0);
  await expect(renewDialog(page)).toHaveCount(0);
  expect(await other.evaluate(() => localStorage.getItem('admin-console.token'))).toBeNull();
});

test('Look up many stops when another person renews mid-run: none of it under their token', async ({
  page,
  request,
  signIn,
  setScenario,
}) => {
  const first = await signIn({ variant: 'short', next: '/users/bulk' });
  // The first person's lookups answer slowly: the run is still going when the second renews.
  await setScenario(first, { latencyMs: 1500 });
  // Apart from other runs of this test against the same servers.
  const prefix = `user_renewed_${Math.random().toString(36).slice(2, 8)}_`;
  const ids = Array.from({ length: 40 }, (_, index) => `${prefix}${index + 1}`);
  await page.getByLabel('IDs, e-mails or links').fill(ids.join('\n'));
  await page.getByRole('button', { name: 'Look up all' }).click();
  await expect(page.getByRole('button', { name: 'Cancel lookup' })).toBeVisible();

  await page.getByRole('button', { name: 'Renew session' }).click();
  const second = await otherPersonToken();
  await renewDialog(page).getByLabel('Access token').fill(second);
  await renewDialog(page).getByRole('button', { name: 'Renew' }).click();
  await expect(page.getByRole('banner')).toContainText('Demo Auditor');
  // The second person's own work goes on meanwhile (their list, where the renewal leads).
  await expect(page.getByRole('status').filter({ hasText: ' of ' })).toHaveText(/^1–50 of /);

  const lookups = (await receivedBy(request, MOCK_API_URL)).filter((entry) =>
    entry.path.startsWith(`/v1/users/${prefix}`),
  );
  expect(lookups.filter((entry) => entry.token === second)).toEqual([]);
  expect(lookups.filter((entry) => entry.token === first).length).toBeLessThan(40);
  await page.getByRole('button', { name: 'Requests', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Requests' })).toContainText('/v1/users');
  await expect(page.getByRole('dialog', { name: 'Requests' })).not.toContainText(prefix);
});
