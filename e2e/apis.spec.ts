import { expect, test } from './support/fixtures';
import { E2E_PORTS, MOCK_API_2_URL, MOCK_API_URL } from './support/ports';
import {
  LOADED,
  receivedBy,
  rangeStatus,
  signInHere,
  tokensForTwoApis,
  tokensSeenBy,
} from './support/several-apis';

/**
 * Several APIs in one console (config.json's `apis`): the build served with Staging on the first
 * mock server and Production (marked production) on a second, another origin. Each API keeps its
 * own session; a token only ever reaches the server it was signed in against, which the mock
 * servers' request logs show.
 */
const CONSOLE = `http://127.0.0.1:${E2E_PORTS.severalApis}`;

test('keeps a session per API, switches back without sign-in, and never crosses tokens', async ({
  page,
  request,
}) => {
  test.slow(); // two sign-ins and app restarts: over 30 s on a loaded machine
  const tokens = await tokensForTwoApis();
  await page.goto(`${CONSOLE}/login`);
  const apiSelect = page.getByRole('combobox', { name: 'API' });
  await expect(apiSelect).toHaveValue('Staging');
  await expect(page.getByText('Signing in to')).toContainText(`Staging (${MOCK_API_URL})`);
  await expect(page.getByRole('note', { name: 'Production' })).toHaveCount(0);
  await expect(page).toHaveTitle('Sign in · Admin console');

  await signInHere(page, tokens.staging);
  await expect(rangeStatus(page)).toHaveText('1–50 of 1,000', LOADED);
  await expect(page).toHaveTitle('Users · Admin console');

  // The header's select: Production has no session yet, so it asks for one, marked production.
  await page.getByRole('combobox', { name: 'API' }).selectOption('Production');
  await expect(page).toHaveURL(`${CONSOLE}/login?next=%2Fusers`);
  await expect(page.getByRole('note', { name: 'Production' })).toBeVisible();
  await expect(page).toHaveTitle('PRODUCTION · Sign in · Admin console');
  await expect(page.getByText('Signing in to')).toContainText(`Production (${MOCK_API_2_URL})`);
  await signInHere(page, tokens.production);
  await expect(rangeStatus(page)).toHaveText('1–50 of 1,000', LOADED);
  await expect(page).toHaveTitle('PRODUCTION · Users · Admin console');
  await expect(page.getByRole('note', { name: 'Production' })).toBeVisible();
  await expect(page.getByRole('banner').getByText('Production', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(rangeStatus(page)).toHaveText('51–100 of 1,000', LOADED);

  // Back to Staging: still signed in there, on the same page, not marked production.
  await page.getByRole('combobox', { name: 'API' }).selectOption('Staging');
  await expect(rangeStatus(page)).toHaveText('51–100 of 1,000', LOADED);
  await expect(page).toHaveURL(`${CONSOLE}/users?page=2`);
  await expect(page.getByRole('note', { name: 'Production' })).toHaveCount(0);
  await expect(page).toHaveTitle('Users · Admin console');

  // Signing out of Staging leaves Production signed in.
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login/);
  await page.getByRole('combobox', { name: 'API' }).selectOption('Production');
  await expect(rangeStatus(page)).toBeVisible(LOADED);
  await expect(page).not.toHaveURL(/\/login/);
  await expect(page).toHaveTitle(/^PRODUCTION · /);

  expect(await tokensSeenBy(request, MOCK_API_URL, tokens)).toEqual(['staging']);
  expect(await tokensSeenBy(request, MOCK_API_2_URL, tokens)).toEqual(['production']);
});

test('keeps the tab on its API over a reload, and a new tab asks that API’s open tabs', async ({
  page,
  request,
}) => {
  test.slow(); // two sign-ins and app restarts: over 30 s on a loaded machine
  const tokens = await tokensForTwoApis();
  await page.goto(`${CONSOLE}/login`);
  await page.getByRole('combobox', { name: 'API' }).selectOption('Production');
  await expect(page.getByText('Signing in to')).toContainText('Production');
  await signInHere(page, tokens.production);
  await expect(rangeStatus(page)).toHaveText('1–50 of 1,000', LOADED);

  // On a first load the Production marking comes with the page, in the same frame: the first
  // time the page's heading is in the document, the bar is too.
  await page.addInitScript(() => {
    const seen = window as unknown as { productionWithHeading?: boolean };
    new MutationObserver((_, observer) => {
      if (!document.querySelector('main h1')) return;
      seen.productionWithHeading =
        document.querySelector('[role="note"][aria-label="Production"]') !== null;
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true });
  });
  await page.reload();
  await expect(rangeStatus(page)).toHaveText('1–50 of 1,000', LOADED);
  await expect(page.getByRole('combobox', { name: 'API' })).toHaveValue('Production');
  expect(
    await page.evaluate(
      () => (window as unknown as { productionWithHeading?: boolean }).productionWithHeading,
    ),
  ).toBe(true);

  // Not kept beyond the tab, but a tab opened from this one gets the session from it.
  const second = await page.context().newPage();
  await second.goto(`${CONSOLE}/account`);
  await expect(second.getByRole('heading', { name: 'Account', level: 1 })).toBeVisible(LOADED);
  await expect(second.getByRole('combobox', { name: 'API' })).toHaveValue('Production');
  await expect(second.getByRole('note', { name: 'Production' })).toBeVisible();

  // The command menu switches too; Staging has no session in either tab.
  await second.keyboard.press('Control+k');
  const menu = second.getByRole('dialog', { name: 'Command menu' });
  await menu.getByRole('combobox').fill('switch');
  await expect(menu.getByRole('option', { name: 'Switch to API Staging' })).toBeVisible();
  await second.keyboard.press('Enter');
  await expect(second).toHaveURL(/\/login\?next=%2Faccount/);
  await expect(second.getByRole('note', { name: 'Production' })).toHaveCount(0);
  await second.close();

  expect(await tokensSeenBy(request, MOCK_API_URL, tokens)).toEqual([]);
  expect(await tokensSeenBy(request, MOCK_API_2_URL, tokens)).toEqual(['production']);
});

test('keeps a Requests log per API', async ({ page }) => {
  test.slow(); // two sign-ins and app restarts: over 30 s on a loaded machine
  const tokens = await tokensForTwoApis();
  await page.goto(`${CONSOLE}/login?next=%2Fproducts`);
  await signInHere(page, tokens.staging);
  await expect(rangeStatus(page)).toHaveText('1–50 of 5,000', LOADED);
  await page.getByRole('navigation').getByRole('link', { name: 'Account' }).click();
  await expect(page.getByRole('heading', { name: 'Account', level: 1 })).toBeVisible(LOADED);
  await page.getByRole('combobox', { name: 'API' }).selectOption('Production');
  await expect(page).toHaveURL(/\/login\?next=%2Faccount/);
  await signInHere(page, tokens.production);
  await expect(page.getByRole('heading', { name: 'Account', level: 1 })).toBeVisible(LOADED);

  // Production's log has its account request, and none of Staging's products pages.
  const requestsButton = page.getByRole('button', { name: 'Requests', exact: true });
  const panel = page.getByRole('dialog', { name: 'Requests' });
  await requestsButton.click();
  await expect(panel.getByText('/v3/account')).toBeVisible();
  await expect(panel.getByText('/v1/products')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(panel).toHaveCount(0);
  await page.getByRole('combobox', { name: 'API' }).selectOption('Staging');
  await expect(page.getByRole('heading', { name: 'Account', level: 1 })).toBeVisible(LOADED);
  await requestsButton.click();
  await expect(panel.getByText('/v1/products?page=1&limit=50')).toBeVisible();
});

test('refuses a bad apis list at start-up with a message, never falling back to the demo', async ({
  page,
}) => {
  const cases: [unknown, string][] = [
    [{ name: 'x' }, 'it must be a list of APIs'],
    [
      Array.from({ length: 50 }, (_, i) => ({ name: `A${i}`, baseUrl: `https://a${i}.test` })),
      'it lists 50 APIs; at most 20',
    ],
    [
      [{ name: 'x'.repeat(1000), baseUrl: 'https://a.test' }],
      'is 1000 characters long; at most 60',
    ],
    [[{ name: '<img src=x onerror=alert(1)>', baseUrl: 'https://a.test' }], 'contains < or >'],
    [
      [
        { name: 'A', baseUrl: 'https://a.test' },
        { name: 'a', baseUrl: 'https://b.test' },
      ],
      'two entries are named "a"',
    ],
    [[{ name: 'A', baseUrl: 'http://api.example.com' }], 'only https: is allowed'],
    [[{ name: 'A' }], 'has no baseUrl'],
  ];
  for (const [apis, message] of cases) {
    await page.route('**/config.json', (route) => route.fulfill({ json: { apis } }));
    await page.goto(`${CONSOLE}/login`);
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('The console cannot start');
    await expect(alert).toContainText(message);
    await expect(page.getByRole('button', { name: 'Use demo token' })).toHaveCount(0);
    await page.unroute('**/config.json');
  }
});

test('Look up many stops on its API when another is chosen mid-run: none of it goes there', async ({
  page,
  request,
}) => {
  test.slow(); // two sign-ins and app restarts: over 30 s on a loaded machine
  const tokens = await tokensForTwoApis();
  const heading = page.getByRole('heading', { name: 'Look up many users', level: 1 });
  await page.goto(`${CONSOLE}/login?next=%2Fusers%2Fbulk`);
  await signInHere(page, tokens.staging);
  await expect(heading).toBeVisible(LOADED);
  await page.getByRole('combobox', { name: 'API' }).selectOption('Production');
  await signInHere(page, tokens.production);
  await expect(heading).toBeVisible(LOADED);
  // Both answer slowly: Production's lookups are in flight at the switch, and Staging's list has
  // not loaded before they would have settled (and the rest gone out, to Staging).
  for (const [url, token] of [
    [MOCK_API_2_URL, tokens.production],
    [MOCK_API_URL, tokens.staging],
  ] as const) {
    const response = await request.post(`${url}/__demo/scenario`, {
      headers: { Authorization: `Bearer ${token}` },
      data: { latencyMs: 1500 },
    });
    expect(response.status()).toBe(204);
  }
  // Apart from other runs of this test against the same servers.
  const prefix = `user_switched_${Math.random().toString(36).slice(2, 8)}_`;
  const ids = Array.from({ length: 40 }, (_, index) => `${prefix}${index + 1}`);
  await page.getByLabel('IDs, e-mails or links').fill(ids.join('\n'));
  await page.getByRole('button', { name: 'Look up all' }).click();
  await expect(page.getByRole('button', { name: 'Cancel lookup' })).toBeVisible();

  await page.getByRole('combobox', { name: 'API' }).selectOption('Staging');
  await expect(page.getByRole('note', { name: 'Production' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Back to Users' }).click();
  await expect(rangeStatus(page)).toHaveText('1–50 of 1,000', LOADED);

  const lookups = async (url: string) =>
    (await receivedBy(request, url)).filter((entry) =>
      entry.path.startsWith(`/v1/users/${prefix}`),
    );
  expect(await lookups(MOCK_API_URL)).toEqual([]);
  const production = await lookups(MOCK_API_2_URL);
  expect(production.every((entry) => entry.token === tokens.production)).toBe(true);
  expect(production.length).toBeLessThan(40);
  // Staging's Requests panel has none of them either.
  await page.getByRole('button', { name: 'Requests', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Requests' })).toContainText('/v1/users');
  await expect(page.getByRole('dialog', { name: 'Requests' })).not.toContainText(prefix);
});
