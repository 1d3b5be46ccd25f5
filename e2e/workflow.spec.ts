import { expectNoSeriousAxeViolations } from './support/axe';
import { DEMO_SIGNING_SECRET, signJwt } from '../src/mocks/jwt';
import { expect, test, type Page } from './support/fixtures';

/** Staff workflows a new user tripped over: filters, loading states, phones, alerts, lookups. */

const status = (page: Page) => page.getByRole('status');
const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });
const productsTable = (page: Page) => page.getByRole('table', { name: 'Products' });
const usersTable = (page: Page) => page.getByRole('table', { name: 'Users' });

test('typing a category adds one history entry, and Back returns to before the edit', async ({
  page,
  signIn,
}) => {
  await signIn({ next: '/products?page=2' });
  await expect(status(page)).toHaveText('51–100 of 5,000');
  const category = field(page, 'Category');
  // Typed slowly: a pause on the start of a known category sends nothing, one on the whole name
  // applies it.
  for (const part of ['Home', 'Home & ', 'Home & Garden']) await category.fill(part);
  await expect(page).toHaveURL(/category=Home\+%26\+Garden$/);
  await expect(status(page)).toHaveText(/^1–50 of [\d,]+$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/products\?page=2$/);
  await expect(category).toHaveValue('');
});

test('a category that matched nothing suggests the one meant', async ({ page, signIn }) => {
  // The categories of the products seen so far are what it knows (plus config.json's, if any).
  await signIn({ next: '/products' });
  await expect(status(page)).toHaveText('1–50 of 5,000');
  await field(page, 'Category').fill('toys');
  await field(page, 'Category').press('Enter');
  const table = productsTable(page);
  await expect(table).toContainText(
    'No products in category “toys”. Categories are matched exactly: did you mean Toys & Games?',
  );
  await expect(status(page)).toHaveText('No products match');
  await table.getByRole('button', { name: 'Toys & Games' }).click();
  await expect(page).toHaveURL(/\/products\?category=Toys\+%26\+Games$/);
  await expect(status(page)).toHaveText(/^1–50 of [\d,]+$/);
  // Typed in the wrong case, it takes the known spelling.
  await field(page, 'Category').fill('books');
  await field(page, 'Category').press('Enter');
  await expect(page).toHaveURL(/\/products\?category=Books$/);
  // And the box shows the spelling applied.
  await expect(field(page, 'Category')).toHaveValue('Books');
});

/** The console as deployed, with `categories` in its config.json (known before any is seen). */
async function withCategories(page: Page, categories: string[]) {
  await page.route('**/config.json', async (route) => {
    const response = await route.fetch();
    // The test server sends it with a byte-order mark, as some editors save it.
    const text = (await response.text()).replace(/^\uFEFF/, '');
    const config = JSON.parse(text) as Record<string, unknown>;
    await route.fulfill({ response, json: { ...config, categories } });
  });
}

test('a category typed without its accent takes the known spelling; an ambiguous one is not guessed', async ({
  page,
  signIn,
}) => {
  await withCategories(page, ['Cafe', 'Café', 'Électronique']);
  await signIn({ next: '/products' });
  await expect(status(page)).toHaveText('1–50 of 5,000');
  const category = field(page, 'Category');
  const suggestions = page.getByRole('listbox', { name: 'Categories' });
  await category.fill('electro');
  await expect(suggestions.getByRole('option')).toHaveText(['Electronics', 'Électronique']);
  await category.fill('electronique');
  await category.press('Enter');
  await expect(page).toHaveURL(/\/products\?category=%C3%89lectronique$/);
  await expect(category).toHaveValue('Électronique');

  // Cafe or Café: the box does not choose, and the page offers both.
  await category.fill('caf');
  await expect(suggestions.getByRole('option')).toHaveText(['Cafe', 'Café']);
  await expectNoSeriousAxeViolations(page, 'with the Category suggestions open');
  await category.fill('cafe');
  await category.press('Enter');
  await expect(page).toHaveURL(/\/products\?category=cafe$/);
  await expect(category).toHaveValue('cafe');
  const table = productsTable(page);
  await expect(table).toContainText(
    'No products in category “cafe”. Categories are matched exactly: did you mean Cafe or Café?',
  );
  await table.getByRole('button', { name: 'Café' }).click();
  await expect(page).toHaveURL(/\/products\?category=Caf%C3%A9$/);
  await expect(category).toHaveValue('Café');

  // Picked from the list with the keys: sent at once.
  await category.fill('elec');
  await category.press('ArrowDown');
  await category.press('ArrowDown');
  await expect(category).toHaveAttribute(
    'aria-activedescendant',
    (await suggestions.getByRole('option', { name: 'Électronique' }).getAttribute('id')) ?? '',
  );
  await category.press('Enter');
  await expect(page).toHaveURL(/\/products\?category=%C3%89lectronique$/);
  await expect(suggestions).toHaveCount(0);
});

test('invalid or contradictory filters mark the table, and never send', async ({
  page,
  signIn,
}) => {
  const sent: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.endsWith('/v1/products')) sent.push(url.search);
  });
  await signIn({ next: '/products?min_price=50&max_price=10' });
  await expect(page).toHaveURL(/\/products\?min_price=50&max_price=10$/);
  await expect(productsTable(page)).toHaveAttribute('aria-busy', 'false');
  await expect(page.getByText(/^Filters not applied/)).toBeVisible();
  await expect(field(page, 'Max price')).toHaveAccessibleDescription(
    'Max price must not be less than min price.',
  );
  await field(page, 'Max price').fill('60');
  await expect(page).toHaveURL(/\/products\?min_price=50&max_price=60$/);
  await expect(page.getByText(/^Filters not applied/)).toHaveCount(0);

  await field(page, 'Min price').fill('abc');
  await expect(page.getByText(/^Filters not applied/)).toBeVisible();
  await expect(page).toHaveURL(/min_price=50&max_price=60$/);
  expect(sent.filter((search) => /abc|max_price=10/.test(search))).toEqual([]);
});

test('while a page loads, the range and page count describe the rows on screen', async ({
  page,
  signIn,
  setScenario,
}) => {
  const token = await signIn({ next: '/users' });
  await expect(status(page)).toHaveText('1–50 of 1,000');
  await expect(page.getByText('Page 1 of 20')).toBeVisible();
  await setScenario(token, { latencyMs: 1500 });

  await page.getByLabel('Rows per page').selectOption('100');
  await expect(usersTable(page)).toHaveAttribute('aria-busy', 'true');
  // The 50 old rows are still there, so the text still says so: never "1–50" beside "of 10".
  await expect(status(page)).toHaveText('1–50 of 1,000');
  await expect(page.getByText('Page 1 of 20')).toBeVisible();
  await expect(usersTable(page).locator('[data-skeleton]')).toHaveCount(0);
  await expect(status(page)).toHaveText('1–100 of 1,000');
  await expect(page.getByText('Page 1 of 10')).toBeVisible();

  // A sort change looks the same: old rows dimmed, no skeleton.
  await usersTable(page).getByRole('button', { name: 'Name' }).click();
  await expect(usersTable(page)).toHaveAttribute('aria-busy', 'true');
  await expect(usersTable(page).locator('[data-skeleton]')).toHaveCount(0);
  await expect(usersTable(page)).toHaveAttribute('aria-busy', 'false');
});

test('a failure queued in the demo waits for a request the person makes @demo-only', async ({
  page,
  signIn,
  setScenario,
}) => {
  const isUsersPage = (url: string, n: string) =>
    new URL(url).pathname.endsWith('/v1/users') && new URL(url).searchParams.get('page') === n;
  const secondPrefetched = page.waitForResponse((response) => isUsersPage(response.url(), '2'));
  const token = await signIn();
  await secondPrefetched;
  await setScenario(token, { fail: { path: '/v1/users', status: 500, count: 3 } });
  // Page 2 comes from the cache; the prefetch of page 3 it starts must not take the failure.
  const thirdPrefetched = page.waitForResponse((response) => isUsersPage(response.url(), '3'));
  await page.getByRole('button', { name: 'Next page', exact: true }).click();
  expect((await thirdPrefetched).status()).toBe(200);
  await expect(status(page)).toHaveText('51–100 of 1,000');
  // The person's next request gets it.
  await usersTable(page).getByRole('button', { name: 'Name' }).click();
  await expect(page.getByRole('alert')).toContainText('500 Server error', { timeout: 10_000 });
});

test('pages the token may not read are marked unavailable, not linked', async ({
  page,
  signIn,
}) => {
  await signIn({ variant: 'users-only' });
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Users' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Products' })).toHaveCount(0);
  const unavailable = (name: string) => nav.locator('[aria-disabled="true"]', { hasText: name });
  await expect(unavailable('Products')).toHaveAttribute(
    'title',
    'Unavailable: your token lacks the products:read scope',
  );
  await expect(unavailable('Products')).toHaveAccessibleDescription(
    '(unavailable: your token lacks the products:read scope)',
  );
  await expect(unavailable('Account')).toBeVisible();
  // users:read is half of what the Overview reads: a link, saying what the other half lacks.
  await expect(nav.getByRole('link', { name: 'Overview' })).toHaveAccessibleDescription(
    'Partly available: your token lacks the products:read scope',
  );
});

test('a token whose scope list grants every page keeps every page a link', async ({
  page,
  signIn,
}) => {
  // The API's shape of the claim, an array (a space-separated string is read the same way).
  const now = Math.floor(Date.now() / 1000);
  const token = await signJwt(
    {
      sub: 'scoped-admin',
      email: 'scoped@demo.example',
      iat: now,
      exp: now + 3600,
      jti: crypto.randomUUID(),
      scope: ['users:read', 'products:read', 'account:read'],
    },
    DEMO_SIGNING_SECRET,
  );
  await signIn({ token });
  const nav = page.getByRole('navigation', { name: 'Main' });
  for (const name of ['Overview', 'Users', 'Products', 'Account']) {
    await expect(nav.getByRole('link', { name })).toBeVisible();
  }
  await expect(nav.locator('[aria-disabled="true"]')).toHaveCount(0);
  await nav.getByRole('link', { name: 'Overview' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
  // Counted to the end: the API answered the token on both halves.
  await expect(page.getByRole('status').filter({ hasText: /\d+ requests/ })).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('the lookup’s recent list closes after a lookup and on Escape; half an e-mail gets its own answer', async ({
  page,
  signIn,
}) => {
  await signIn();
  const box = page.getByRole('combobox', { name: 'Find', exact: true });
  const recent = page.getByRole('listbox', { name: 'Recent lookups' });
  await box.fill('user_longtext');
  await box.press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Maximiliana/);
  await expect(recent).toHaveCount(0);
  await box.click();
  await expect(recent).toBeVisible();
  await box.press('Escape');
  await expect(recent).toHaveCount(0);

  await box.fill('grace@');
  await box.press('Enter');
  await expect(page.getByRole('alert')).toContainText('is not a whole e-mail address');
});

test('the skip link moves focus to the content without changing the address', async ({
  page,
  signIn,
}) => {
  await signIn({ next: '/users?page=2' });
  await expect(status(page)).toHaveText('51–100 of 1,000');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await skip.focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('main')).toBeFocused();
  await expect(page).toHaveURL(/\/users\?page=2$/);
});

test.describe('at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the header collapses behind Menu; popovers stay on screen; no serious axe problems', async ({
    page,
    signIn,
  }) => {
    await signIn({ next: '/users?limit=10' });
    await expect(status(page)).toHaveText('1–10 of 1,000');
    const header = page.getByRole('banner');
    expect((await header.boundingBox())?.height ?? 999).toBeLessThan(844 / 6);
    // Rows are cards: every column in view, nothing behind a sideways scroll.
    const table = page.getByRole('table', { name: 'Users' });
    const overflow = await table.evaluate((element) => {
      const scroller = element.parentElement as HTMLElement;
      return scroller.scrollWidth - scroller.clientWidth;
    });
    expect(overflow).toBe(0);
    await expect(
      table
        .locator('tbody tr')
        .first()
        .getByText(/@example\./),
    ).toBeInViewport();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();

    const box = page.getByRole('combobox', { name: 'Find', exact: true });
    await box.fill('x');
    await box.press('Enter');
    const bubble = page.getByRole('alert');
    await expect(bubble).toBeVisible();
    const rect = await bubble.boundingBox();
    expect(rect?.x ?? -1).toBeGreaterThanOrEqual(0);
    expect((rect?.x ?? 0) + (rect?.width ?? 999)).toBeLessThanOrEqual(390);
    await box.press('Escape');

    await page.getByRole('button', { name: 'Menu' }).click();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    for (const theme of ['light', 'dark'] as const) {
      await page.getByLabel('Theme').selectOption(theme);
      await expectNoSeriousAxeViolations(page, `at 390 px in the ${theme} theme`, {
        colours: theme === 'dark',
      });
    }
    await page.getByRole('link', { name: 'Products' }).click();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  });
});
