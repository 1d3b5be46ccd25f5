import { readFile } from 'node:fs/promises';
import { SEARCH_PRODUCTS } from '../src/mocks/data';
import { parseCsv } from '../src/test/parse-csv';
import { expect, test, type Page } from './support/fixtures';

/**
 * Every product reachable (#40): the API has no request for one product and no search, so a
 * product link, Find product's id or link, and Find product's words read the list (100 rows a
 * request, a few at a time) under the filters given, after the in-tab index. The mock's catalogue
 * is 5,000 products; the two to find sit on page 48 of 50 (src/mocks/data.ts SEARCH_PRODUCTS).
 */

const [torch, cookbook] = SEARCH_PRODUCTS as [
  (typeof SEARCH_PRODUCTS)[number],
  (typeof SEARCH_PRODUCTS)[number],
];
const findBox = (page: Page) => page.getByRole('searchbox', { name: 'Find product' });
const details = (page: Page) => page.getByRole('dialog', { name: 'Product details' });
const matches = (page: Page) => page.getByRole('table', { name: 'Matches' });
/** Find product's own status: how many matched and how many requests. */
const searchStatus = (page: Page) => page.getByRole('status').filter({ hasText: /request/ });

async function findProduct(page: Page, text: string) {
  await findBox(page).fill(text);
  await findBox(page).press('Enter');
}

/** The pages read to find products from now on: the list at 100 rows, which the table never asks. */
function countReadings(page: Page) {
  const urls: URL[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (/\/v1\/products$/.test(url.pathname) && url.searchParams.get('limit') === '100') {
      urls.push(url);
    }
  });
  return urls;
}

test('a link to a product on page 48 of 50 opens its details; the second look makes no request @both-modes', async ({
  page,
  signIn,
}) => {
  await signIn({ next: '/account' });
  const read = countReadings(page);
  await page.goto(`/products?product=${torch.id}`);
  await expect(details(page)).toContainText(torch.name, { timeout: 20_000 });
  await expect(details(page)).toContainText(torch.id);
  // Page 48 holds it: the reading stops there (two more may be in flight beside it).
  const pages = read.map((url) => Number(url.searchParams.get('page')));
  expect(pages).toContain(48);
  expect(pages.length).toBeLessThanOrEqual(50);
  expect(new Set(pages).size).toBe(pages.length);

  await details(page).getByRole('button', { name: 'Close' }).click();
  await expect(details(page)).toHaveCount(0);
  await expect(page).toHaveURL(/\/products$/);
  const before = read.length;
  // The id again, typed this time: the in-tab index has it.
  await findProduct(page, torch.id.toUpperCase());
  await expect(details(page)).toContainText(torch.name);
  await expect(page).toHaveURL(new RegExp(`/products\\?product=${torch.id}$`));
  expect(read.length).toBe(before);
});

test('the header Find box opens a product by its id or a pasted product link, from any page @both-modes', async ({
  page,
  signIn,
  baseURL,
}) => {
  await signIn({ next: '/users' });
  const headerFind = page.getByRole('combobox', { name: 'Find', exact: true });
  const read = countReadings(page);
  // The id a new user pasted (#40), once told it "is not a user ID".
  await headerFind.fill(torch.id);
  await headerFind.press('Enter');
  await expect(details(page)).toContainText(torch.name, { timeout: 20_000 });
  await expect(page).toHaveURL(new RegExp(`/products\\?product=${torch.id}$`));
  await expect(page.getByRole('alert')).toHaveCount(0);
  expect(read.map((url) => Number(url.searchParams.get('page')))).toContain(48);

  await page.goto('/account');
  const before = read.length;
  await headerFind.fill(`${baseURL}/products?category=Books&page=3&product=${cookbook.id}`);
  await headerFind.press('Enter');
  await expect(details(page)).toContainText(cookbook.name, { timeout: 20_000 });
  await expect(page).toHaveURL(new RegExp(`/products\\?category=Books&product=${cookbook.id}$`));
  const books = read.slice(before);
  expect(books.length).toBeGreaterThan(0);
  expect(books.every((url) => url.searchParams.get('category') === 'Books')).toBe(true);

  // Now seen in this tab, it is suggested by its name as it is typed, and opens with no request.
  await page.keyboard.press('Escape');
  await expect(details(page)).toHaveCount(0);
  const seen = read.length;
  await headerFind.fill('creme brul');
  const option = page.getByRole('option', { name: new RegExp(cookbook.name) });
  await expect(option).toContainText(`product · ${cookbook.id}`);
  await option.click();
  await expect(details(page)).toContainText(cookbook.name);
  await expect(page).toHaveURL(new RegExp(`/products\\?product=${cookbook.id}$`));
  expect(read.length).toBe(seen);
});

test('a pasted product link opens the product, reading only the view the link names', async ({
  page,
  signIn,
  baseURL,
}) => {
  await signIn({ next: '/products' });
  const read = countReadings(page);
  await findProduct(page, `${baseURL}/products?category=Books&page=7&product=${cookbook.id}#x`);
  await expect(details(page)).toContainText(cookbook.name, { timeout: 20_000 });
  await expect(page).toHaveURL(new RegExp(`/products\\?category=Books&product=${cookbook.id}$`));
  expect(read.length).toBeGreaterThan(0);
  // Books are about a seventh of the catalogue: 7 pages of 100 at most, never the 50 of all.
  expect(read.length).toBeLessThanOrEqual(8);
  expect(read.every((url) => url.searchParams.get('category') === 'Books')).toBe(true);
});

test('an id no product has says "No product with id", after reading the whole list', async ({
  page,
  signIn,
}) => {
  await signIn({ next: '/products' });
  await findProduct(page, 'prod_doesnotexist');
  await expect(page.getByRole('status').filter({ hasText: 'No product with id' })).toHaveText(
    'No product with id “prod_doesnotexist”. Read 5,000 of 5,000 products with 50 requests.',
    { timeout: 20_000 },
  );
  await expect(page.getByText(/not on this page/)).toHaveCount(0);
  await expect(details(page)).toHaveCount(0);
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('finds products by words of their name, accents aside, narrowed by category; filters and exports the matches', async ({
  page,
  signIn,
}) => {
  await signIn({ next: '/products' });
  const read = countReadings(page);
  await findProduct(page, 'creme BRULEE');
  await expect(page).toHaveURL(/\/products\?find=creme\+BRULEE$/);
  await expect(searchStatus(page)).toHaveText('2 matches · 50 requests', { timeout: 20_000 });
  await expect(matches(page).locator('tbody tr')).toHaveCount(2);
  await expect(matches(page)).toContainText(torch.name);
  await expect(matches(page)).toContainText(cookbook.name);

  // Filter matches: no request.
  const before = read.length;
  await page.getByLabel('Description contains').fill('custards');
  await expect(matches(page).locator('tbody tr')).toHaveCount(1);
  await expect(page.getByText('1 of 2 matches shown')).toBeVisible();
  await page.getByLabel('Description contains').fill('');
  expect(read.length).toBe(before);

  // Export CSV writes the matches, under the API's header.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await downloading;
  expect(file.suggestedFilename()).toMatch(/^products-find-creme-brulee-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = (await readFile((await file.path()) ?? '')).subarray(3).toString('utf8');
  const [header, ...rows] = parseCsv(text);
  expect(header).toEqual(['id', 'name', 'category', 'price', 'description']);
  expect(rows.map((row) => row[0])).toEqual([torch.id, cookbook.id]);

  // A category narrows the read: Books' pages only.
  read.length = 0;
  await page.getByLabel('Category', { exact: true }).fill('Books');
  await page.getByLabel('Category', { exact: true }).press('Enter');
  await expect(page).toHaveURL(/\/products\?category=Books&find=creme\+BRULEE$/);
  await expect(searchStatus(page)).toHaveText(/^1 match · [1-8] requests?$/, { timeout: 20_000 });
  await expect(matches(page).locator('tbody tr')).toHaveCount(1);
  await expect(matches(page)).toContainText(cookbook.name);
  expect(read.every((url) => url.searchParams.get('category') === 'Books')).toBe(true);

  // A match opens its details; Back closes them, and the matches are still there.
  await matches(page).getByText(cookbook.name, { exact: true }).click();
  await expect(details(page)).toContainText(cookbook.id);
  await page.goBack();
  await expect(details(page)).toHaveCount(0);
  await expect(matches(page).locator('tbody tr')).toHaveCount(1);

  await page.getByRole('button', { name: 'Clear search' }).click();
  await expect(page).toHaveURL(/\/products\?category=Books$/);
  await expect(page.getByRole('table', { name: 'Products' })).toBeVisible();
  await expect(findBox(page)).toHaveValue('');
});

test('Cancel stops a name search and a lookup, keeping what was read, and asks nothing more', async ({
  page,
  signIn,
  setScenario,
}) => {
  const token = await signIn({ next: '/products' });
  // A second a page: the 50 pages take over 12 s at four at a time, so Cancel comes first.
  await setScenario(token, { latencyMs: 1_000 });
  const read = countReadings(page);
  await findProduct(page, 'brulee');
  const progress = page.getByRole('progressbar', { name: 'Search progress' });
  await expect(progress).toHaveAttribute('aria-valuenow', /^[1-9]\d*$/, { timeout: 20_000 });
  await expect(searchStatus(page)).toHaveText(
    /^Searching… No matches so far · \d+ requests so far$/,
  );
  await page.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(searchStatus(page)).toHaveText(
    /^Search cancelled · No matches so far · \d+ requests$/,
  );
  await expect(progress).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Search again' })).toBeVisible();
  const afterCancel = read.length;
  expect(afterCancel).toBeLessThan(50);

  await page.getByRole('button', { name: 'Clear search' }).click();
  await findProduct(page, cookbook.id);
  const lookup = page.getByRole('progressbar', { name: 'Lookup progress' });
  await expect(lookup).toHaveAttribute('aria-valuenow', /^[1-9]\d*$/, { timeout: 20_000 });
  await page.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'cancelled' })).toContainText(
    `Lookup of product “${cookbook.id}” cancelled. Read `,
  );
  await expect(page.getByRole('button', { name: 'Look again' })).toBeVisible();
  const afterLookup = read.length;
  expect(afterLookup - afterCancel).toBeLessThan(50);
  // Nothing new starts once cancelled.
  await page.getByRole('button', { name: 'Dismiss' }).click();
  await expect(page).toHaveURL(/\/products$/);
  await expect(page.getByRole('table', { name: 'Products' })).toHaveAttribute('aria-busy', 'false');
  expect(read.length).toBe(afterLookup);
});

test('the command menu suggests products the tab has seen and offers Find product @both-modes', async ({
  page,
  signIn,
}) => {
  await signIn({ next: '/products' });
  // Page 1 of the table: its products are in the tab's index from now on.
  const firstRow = page.getByRole('table', { name: 'Products' }).locator('tbody tr').first();
  await expect(firstRow).toContainText(/prod_/);
  const seenName = (await firstRow.locator('td').nth(1).innerText()).trim();
  const read = countReadings(page);
  const menu = page.getByRole('dialog', { name: 'Command menu' });
  const openMenu = async () => {
    await page.locator('main').click({ position: { x: 1, y: 1 } });
    await expect(async () => {
      await page.keyboard.press('Control+k');
      await expect(menu).toBeVisible({ timeout: 500 });
    }).toPass();
  };
  await openMenu();
  await menu.getByRole('combobox').fill(seenName.toLowerCase());
  const seen = menu.getByRole('option', { name: `Open product ${seenName} (`, exact: false });
  await expect(seen.first()).toBeVisible();
  await seen.first().click();
  await expect(details(page)).toContainText(seenName);
  expect(read).toHaveLength(0);
  await details(page).getByRole('button', { name: 'Close' }).click();

  await openMenu();
  await menu.getByRole('combobox').fill('creme brulee');
  await menu.getByRole('option', { name: 'Find product “creme brulee”' }).click();
  await expect(page).toHaveURL(/\/products\?find=creme\+brulee$/);
  await expect(matches(page).getByRole('row')).toHaveCount(3, { timeout: 20_000 });
  await expect(matches(page)).toContainText(torch.name);
  await expect(matches(page)).toContainText(cookbook.name);
});

test('Look up many takes product ids beside user ids: one reading for all, a missing id Not found', async ({
  page,
  signIn,
}) => {
  await signIn({ next: '/users/bulk' });
  const read = countReadings(page);
  await page
    .getByLabel('IDs, e-mails or links')
    .fill(
      `${torch.id}\nuser_grace_hopper\nprod_doesnotexist\n/products?category=Books&product=${cookbook.id}`,
    );
  await page.getByRole('button', { name: 'Look up all' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Looked up' })).toHaveText(
    'Looked up 4 entries.',
    { timeout: 30_000 },
  );
  const results = page.getByRole('table', { name: 'Results' });
  const rows = results.getByRole('row');
  await expect(rows.nth(1)).toContainText(`Found${torch.id}${torch.name}`);
  await expect(rows.nth(2)).toContainText('Grace Hopper');
  await expect(rows.nth(3)).toContainText('prod_doesnotexistNot found');
  await expect(rows.nth(4)).toContainText(`Found${cookbook.id}${cookbook.name}`);
  // The missing id needs the whole list: read once for all three ids, each page once.
  const pages = read.map((url) => Number(url.searchParams.get('page')));
  expect(pages.length).toBe(50);
  expect(new Set(pages).size).toBe(50);
  expect(read.every((url) => url.searchParams.get('category') === null)).toBe(true);

  // Found products open their details; the in-tab index has them, so no reading at all.
  await results.getByRole('link', { name: cookbook.id }).click();
  await expect(details(page)).toContainText(cookbook.name);
  expect(read.length).toBe(50);
});
