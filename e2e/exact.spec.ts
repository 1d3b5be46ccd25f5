import { nextCopiedText, recordClipboard } from './support/clipboard';
import { expect, test, type Page } from './support/fixtures';

/**
 * What the API sent, as it sent it: prices with every decimal (the mock's `productPrices: "mills"`
 * scenario answers 19.999 where the default answers 20.00), a user's fields the console does not
 * know (the mock's `role`, and a scenario's `status`), a product as a link, and a category filter
 * that waits for a word, not a part of one. Against the standalone mock over HTTP: the transport
 * does not change any of it. The tests that set a scenario and then load a page are the real
 * server's only: the demo's mock lives in the page, and a page load starts it afresh.
 */

const productsTable = (page: Page) => page.getByRole('table', { name: 'Products' });
const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });
const details = (page: Page) => page.getByRole('dialog', { name: 'Product details' });

async function prices(page: Page): Promise<string[]> {
  await expect(productsTable(page)).toHaveAttribute('aria-busy', 'false');
  return productsTable(page).locator('tbody tr td:nth-child(4)').allInnerTexts();
}

/** The query strings of every products request the page sends from now on. */
function productRequests(page: Page): URLSearchParams[] {
  const sent: URLSearchParams[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.endsWith('/v1/products')) sent.push(url.searchParams);
  });
  return sent;
}

test('shows 19.999 as 19.999, and a link and the boxes filter on it as sent @real-api-only', async ({
  page,
  signIn,
  setScenario,
}) => {
  const token = await signIn({ next: '/account' });
  await setScenario(token, { productPrices: 'mills' });
  const sent = productRequests(page);
  await page.goto('/products?min_price=19.999&max_price=19.999');

  await expect(page).toHaveURL(/\/products\?min_price=19\.999&max_price=19\.999$/);
  await expect(field(page, 'Min price')).toHaveValue('19.999');
  const shown = await prices(page);
  expect(shown.length).toBeGreaterThan(0);
  expect(new Set(shown)).toEqual(new Set(['19.999']));
  expect(sent.some((search) => search.get('min_price') === '19.999')).toBe(true);
  expect(sent.every((search) => search.get('max_price') === '19.999')).toBe(true);
  await expect(page.getByText('at least, inclusive')).toBeVisible();
  await expect(page.getByText('at most, inclusive')).toBeVisible();

  await productsTable(page).locator('tbody tr').first().click();
  await expect(details(page).locator('dd').nth(3)).toHaveText('19.999');
  await page.keyboard.press('Escape');
  await expect(details(page)).toHaveCount(0);

  // More decimals than two are typed and sent as they are; bounds are inclusive.
  await field(page, 'Min price').fill('19.9985');
  await field(page, 'Min price').press('Enter');
  await expect(page).toHaveURL(/\/products\?min_price=19\.9985&max_price=19\.999$/);
  await expect(field(page, 'Min price')).not.toHaveAttribute('aria-invalid');
  expect(new Set(await prices(page))).toEqual(new Set(['19.999']));
  expect(sent.some((search) => search.get('min_price') === '19.9985')).toBe(true);

  await field(page, 'Min price').fill('19.9991');
  await field(page, 'Min price').press('Enter');
  await expect(field(page, 'Min price')).toHaveAttribute('aria-invalid', 'true');
  await expect(field(page, 'Min price')).toHaveAccessibleDescription(
    'Min price must not be more than max price.',
  );
});

test('shows the default prices with two decimals, 20 as 20.00', async ({ page, signIn }) => {
  await signIn({ next: '/products?min_price=20&max_price=20' });
  const shown = await prices(page);
  expect(shown.length).toBeGreaterThan(0);
  expect(new Set(shown)).toEqual(new Set(['20.00']));
});

test('Raw JSON and Copy JSON show the user as the API sent it, unknown fields included @real-api-only', async ({
  page,
  signIn,
  setScenario,
}) => {
  await recordClipboard(page);
  const token = await signIn({ next: '/account' });
  await setScenario(token, { userFields: { status: 'suspended' } });
  await page.goto('/users/user_longtext');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Maximiliana/);
  // The profile lists what the console does not read under Other fields; the raw view shows the
  // answer as the API sent it.
  await expect(page.getByRole('region', { name: 'Other fields' })).toContainText('suspended');

  await page.getByRole('button', { name: 'Raw JSON' }).click();
  const raw = page.getByRole('region', { name: 'User response' });
  const shown = JSON.parse(await raw.innerText()) as { data: Record<string, unknown> };
  expect(shown.data).toMatchObject({ id: 'user_longtext', status: 'suspended' });
  expect(shown.data.role).toEqual(expect.any(String));
  expect(Object.keys(shown.data)).toEqual([
    'id',
    'name',
    'email',
    'created_at',
    'role',
    'profile',
    'status',
  ]);

  await page.getByRole('button', { name: 'Copy JSON' }).click();
  const copied = JSON.parse(await nextCopiedText(page, 0)) as { data: Record<string, unknown> };
  expect(copied).toEqual(shown);
});

test('a product has a link: reload reopens it, Back closes it, Forward opens it again', async ({
  page,
  signIn,
}) => {
  await signIn({ next: '/products?category=Books&page=2' });
  const row = productsTable(page).locator('tbody tr').nth(2);
  await expect(productsTable(page)).toHaveAttribute('aria-busy', 'false');
  const id = (await row.locator('td').first().innerText()).trim();
  await row.click();
  await expect(details(page)).toContainText(id);
  const linked = new RegExp(`/products\\?category=Books&page=2&product=${id}$`);
  await expect(page).toHaveURL(linked);

  // A reload starts the whole app again: on a busy machine that takes more than the usual wait.
  await page.reload();
  await expect(details(page)).toContainText(id, { timeout: 20_000 });

  await page.goBack();
  await expect(details(page)).toHaveCount(0);
  await expect(page).toHaveURL(/\/products\?category=Books&page=2$/);
  await page.goForward();
  await expect(details(page)).toContainText(id);

  // Closing is Back too: no entry is left behind that reopens it.
  await details(page).getByRole('button', { name: 'Close' }).click();
  await expect(details(page)).toHaveCount(0);
  await expect(page).toHaveURL(/\/products\?category=Books&page=2$/);
  await expect(row).toBeFocused();
});

test('a product link to an id no product has says so, after reading the view it names', async ({
  page,
  signIn,
}) => {
  await signIn({ next: '/products?category=Books&product=prod_gone' });
  // The category narrows the reading: Books' pages only, then a plain answer, no alert.
  await expect(page.getByText('No product with id “prod_gone” in category “Books”.')).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByText(/not on this page/)).toHaveCount(0);
  await expect(details(page)).toHaveCount(0);
  await expect(page.getByRole('alert')).toHaveCount(0);
  await page.getByRole('button', { name: 'Dismiss' }).click();
  await expect(page).toHaveURL(/\/products\?category=Books$/);
  await expect(page.getByText(/No product with id/)).toHaveCount(0);

  // Markup and a 10,000-character id: shown as text, cut short, nothing run, nothing read.
  const hostile = `<img src=x onerror="document.title='pwned'">${'x'.repeat(10_000)}`;
  await page.goto(`/products?product=${encodeURIComponent(hostile)}`);
  const notice = page.getByText(/No product with id/);
  await expect(notice).toContainText('<img src=x');
  await expect(notice).toContainText('product IDs start with prod_');
  expect((await notice.innerText()).length).toBeLessThan(300);
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
  await expect(page).toHaveTitle(/Products/);
  await expect(productsTable(page).locator('tbody tr')).toHaveCount(50);
});

test('the Category box offers matching categories and sends no partial word', async ({
  page,
  signIn,
}) => {
  await signIn({ next: '/products' });
  await expect(productsTable(page)).toHaveAttribute('aria-busy', 'false');
  const sent = productRequests(page);
  const category = field(page, 'Category');
  await category.fill('Hom');
  const suggestions = page.getByRole('listbox', { name: 'Categories' });
  await expect(suggestions.getByRole('option')).toHaveText(['Home & Garden']);
  await expect(category).toHaveAttribute('aria-expanded', 'true');
  // A price typed after it applies after the pause; the partial category does not go with it.
  await field(page, 'Min price').fill('1');
  await expect(page).toHaveURL(/\/products\?min_price=1$/);
  await expect(productsTable(page)).toHaveAttribute('aria-busy', 'false');
  await expect(category).toHaveValue('Hom');
  await expect(page.getByText(/No products in category/)).toHaveCount(0);
  expect(sent.filter((search) => search.has('category'))).toEqual([]);

  // The whole word is sent after a pause.
  await category.fill('Home & Garden');
  await expect(page).toHaveURL(/\/products\?category=Home\+%26\+Garden&min_price=1$/);
});

test('Enter sends a partial category, and the page suggests what it may mean', async ({
  page,
  signIn,
}) => {
  await signIn({ next: '/products?min_price=1' });
  await expect(productsTable(page)).toHaveAttribute('aria-busy', 'false');
  const sent = productRequests(page);
  const category = field(page, 'Category');
  await category.fill('Hom');
  await category.press('Enter');
  await expect(page).toHaveURL(/\/products\?category=Hom&min_price=1$/);
  await page.getByRole('button', { name: 'Home & Garden' }).click();
  await expect(page).toHaveURL(/\/products\?category=Home\+%26\+Garden&min_price=1$/);
  expect(sent.filter((search) => search.get('category') === 'Hom')).toHaveLength(1);
});
