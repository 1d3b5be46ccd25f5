import type { APIRequestContext } from '@playwright/test';
import { expectAccessibleInBothThemes } from './support/axe';
import { expect, test, type Page } from './support/fixtures';
import { E2E_PORTS, MOCK_API_2_URL } from './support/ports';
import { signInHere, tokensForTwoApis } from './support/several-apis';

const SEVERAL_APIS_CONSOLE = `http://127.0.0.1:${E2E_PORTS.severalApis}`;

/**
 * The overview against the real-API mock, checked against counts this test makes itself by
 * reading the whole list (1,000-odd users, 5,000-odd products: 61 pages).
 */

interface Row {
  created_at?: string;
  category?: string;
  price?: number;
}

async function readAll(request: APIRequestContext, apiBase: string, token: string, path: string) {
  const rows: Row[] = [];
  for (let page = 1; ; page += 1) {
    const response = await request.get(`${apiBase}${path}?page=${page}&limit=100`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    const body = (await response.json()) as { data: Row[]; meta: { total: number } };
    rows.push(...body.data);
    if (rows.length >= body.meta.total || body.data.length === 0) return rows;
  }
}

function tally(keys: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const key of keys) counts.set(key, (counts.get(key) ?? 0) + 1);
  return counts;
}

/** The rows of a `table` as [first cell, count] pairs. */
async function tableRows(page: Page, name: string): Promise<[string, number][]> {
  const rows = page.getByRole('table', { name }).locator('tbody tr');
  const texts = await rows.evaluateAll((trs) =>
    trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent ?? '')),
  );
  return texts.map(([key = '', count = '']) => [key, Number(count.replace(/,/g, ''))]);
}

/** An edge as the chart writes it: exact decimals, thousands grouped with commas. */
function priceEdge(text: string): number {
  expect(text).toMatch(/^-?\d{1,3}(?:,\d{3})*(?:\.\d+)?$/);
  return Number(text.replace(/,/g, ''));
}

/** A price range's inclusive bounds: "1,000–1,999.99", one price "9.99", or "Below 0". */
function priceRange(label: string): { min: number; max: number } {
  if (label === 'Below 0') return { min: -Infinity, max: -Number.MIN_VALUE };
  const [min = '', max = min] = label.split('–');
  return { min: priceEdge(min), max: priceEdge(max) };
}

const overviewStatus = (page: Page) => page.getByRole('status').filter({ hasText: /request/ });

/** Reads both lists whole and checks the overview on `page` against them, chart by chart. */
async function expectExactCounts(
  page: Page,
  request: APIRequestContext,
  apiBase: string,
  token: string,
): Promise<{ users: Row[]; products: Row[] }> {
  const [users, products] = await Promise.all([
    readAll(request, apiBase, token, '/v1/users'),
    readAll(request, apiBase, token, '/v1/products'),
  ]);
  await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
  await expect(page).toHaveTitle(/(^|· )Overview · /);
  await expect(overviewStatus(page)).toHaveText(/^Counted with \d+ requests$/, { timeout: 20_000 });

  const totals = page.getByRole('definition');
  await expect(totals.first()).toHaveText(users.length.toLocaleString('en-US'));
  await expect(totals.nth(1)).toHaveText(products.length.toLocaleString('en-US'));

  // Sign-ups: one row per month from the first sign-up's to the last's.
  const signUps = page.getByRole('figure', { name: 'Sign-ups per month' });
  await signUps.getByRole('button', { name: 'Show as table' }).click();
  await expect(page.getByRole('table', { name: 'Sign-ups per month' })).toBeVisible();
  const byMonth = tally(users.map((user) => (user.created_at ?? '').slice(0, 7)));
  const months = [...byMonth.keys()].sort();
  const shown = await tableRows(page, 'Sign-ups per month');
  expect(shown[0]?.[0]).toBe(months[0]);
  expect(shown.at(-1)?.[0]).toBe(months.at(-1));
  for (const [month, count] of shown) expect(count, month).toBe(byMonth.get(month) ?? 0);
  expect(shown.reduce((sum, [, count]) => sum + count, 0)).toBe(users.length);

  const byCategory = tally(products.map((product) => product.category ?? ''));
  await page
    .getByRole('figure', { name: 'Products by category' })
    .getByRole('button', { name: 'Show as table' })
    .click();
  const categoryRows = await tableRows(page, 'Products by category');
  const named = categoryRows.filter(([category]) => category !== 'Other categories');
  for (const [category, count] of named) expect(count, category).toBe(byCategory.get(category));
  const rest = products.length - named.reduce((sum, [, count]) => sum + count, 0);
  expect(categoryRows.find(([category]) => category === 'Other categories')?.[1] ?? 0).toBe(rest);

  await page
    .getByRole('figure', { name: 'Prices' })
    .getByRole('button', { name: 'Show as table' })
    .click();
  const priceRows = await tableRows(page, 'Prices');
  expect(priceRows.length).toBeGreaterThanOrEqual(5);
  let previousMax = -Infinity;
  for (const [range, count] of priceRows) {
    const { min, max } = priceRange(range);
    // In order, apart: every price is in one range only.
    expect(min, range).toBeGreaterThan(previousMax);
    previousMax = max;
    const price = (product: Row) => product.price ?? 0;
    const expected = products.filter((p) => price(p) >= min && price(p) <= max).length;
    expect(count, range).toBe(expected);
    // The ranges follow the data: over half in one only when those products share a price.
    if (count * 2 > products.length) expect(min, range).toBe(max);
  }
  expect(priceRows.reduce((sum, [, count]) => sum + count, 0)).toBe(products.length);

  return { users, products };
}

test('counts sign-ups per month, products per category and per price exactly', async ({
  page,
  signIn,
  request,
  apiBase,
}) => {
  const token = await signIn({ next: '/overview' });
  await expectExactCounts(page, request, apiBase, token);

  // A category leads to the products table with that filter.
  const [firstCategory] = (await tableRows(page, 'Products by category'))[0] ?? [''];
  await page.getByRole('table', { name: 'Products by category' }).getByRole('link').first().click();
  await expect(page).toHaveURL(
    new RegExp(`/products\\?category=${encodeURIComponent(firstCategory).replace(/%20/g, '\\+')}`),
  );
  await expect(page.getByLabel('Category', { exact: true })).toHaveValue(firstCategory);

  // A price range leads to the products table with its inclusive bounds, listing its count.
  await page.goBack();
  await page
    .getByRole('figure', { name: 'Prices' })
    .getByRole('button', { name: 'Show as table' })
    .click();
  await expect(page.getByRole('table', { name: 'Prices' })).toBeVisible();
  const [range, count] = (await tableRows(page, 'Prices')).sort((a, b) => b[1] - a[1])[0] ?? [];
  const { min, max } = priceRange(range ?? '');
  await page.getByRole('table', { name: 'Prices' }).getByRole('link', { name: range }).click();
  await expect(page).toHaveURL(new RegExp(`/products\\?min_price=${min}&max_price=${max}(&|$)`));
  await expect(page.getByRole('status').filter({ hasText: / of / })).toHaveText(
    new RegExp(` of ${(count ?? 0).toLocaleString('en-US')}$`),
  );

  // Kept for the session: back on the overview, nothing is asked again.
  await page.goBack();
  await expect(overviewStatus(page)).toHaveText(/^Counted with \d+ requests$/);
  await expect(page.getByText(/^Updated /)).toBeVisible();
});

test('counts exactly on an API with a lopsided catalogue and prices into the thousands', async ({
  page,
  request,
}) => {
  // The several-APIs console's Production is the second mock server, started with the skewed
  // catalogue (e2e/support/serve-all.ts): categories of very different sizes, prices from 0 to
  // thousands, some with three decimals.
  test.slow(); // a sign-in that restarts the app, then both lists read whole
  const { production: token } = await tokensForTwoApis();
  await page.goto(`${SEVERAL_APIS_CONSOLE}/login`);
  await page.getByRole('combobox', { name: 'API' }).selectOption('Production');
  await expect(page.getByText('Signing in to')).toContainText('Production');
  await signInHere(page, token);
  await page.getByRole('navigation').getByRole('link', { name: 'Overview' }).click();
  const { products } = await expectExactCounts(page, request, MOCK_API_2_URL, token);

  // The data is as lopsided as the test means it to be.
  const sizes = [...tally(products.map((product) => product.category ?? '')).values()];
  expect(Math.max(...sizes)).toBeGreaterThan(5 * Math.min(...sizes));
  const prices = products.map((product) => product.price ?? 0);
  expect(Math.max(...prices)).toBeGreaterThanOrEqual(1000);
  expect(prices.some((price) => /\.\d{3}$/.test(String(price)))).toBe(true);

  // One outlier is one short bar of its own; it does not put the rest into one range.
  const priceRows = await tableRows(page, 'Prices');
  expect(priceRows.at(-1)).toEqual(['1,000,000–1,999,999.999', 1]);
  expect(Math.max(...priceRows.map(([, count]) => count))).toBeLessThan(products.length / 4);
  const priceChart = page.getByRole('figure', { name: 'Prices' });
  await expect(
    priceChart.getByText(/^[\d,]+ products priced from 0 to 1,999,999\.999, in \d+ ranges/),
  ).toBeVisible();
});

test('an API that ignores category= is said to, instead of every category counting all', async ({
  page,
  signIn,
  setScenario,
}) => {
  const token = await signIn({ next: '/account' });
  await setScenario(token, { ignoreProductFilters: ['category'] });
  await page.getByRole('navigation').getByRole('link', { name: 'Overview' }).click();
  const categories = page.getByRole('region', { name: 'Products by category' });
  await expect(categories.getByRole('alert')).toContainText('does not filter by category');
  await expect(page.getByRole('figure', { name: 'Prices' })).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('every chart label is 11 px or more, whole, and clear of the others', async ({
    page,
    signIn,
  }) => {
    await signIn({ next: '/overview' });
    await expect(overviewStatus(page)).toHaveText(/^Counted with \d+ requests$/, {
      timeout: 20_000,
    });
    for (const name of ['Sign-ups per month', 'Products by category', 'Prices']) {
      const figure = page.getByRole('figure', { name });
      // The columns are drawn again once their box is measured.
      await expect.poll(() => figure.evaluate(labelProblems), { message: name }).toEqual([]);
    }
  });
});

/** Text in a chart smaller than 11 CSS px, cut by an edge, or over another label. */
function labelProblems(figure: Element): string[] {
  const problems: string[] = [];
  const inside = (inner: DOMRect, outer: DOMRect) =>
    inner.left >= outer.left - 0.5 && inner.right <= outer.right + 0.5;
  if (figure.scrollWidth > figure.clientWidth) problems.push('the figure scrolls sideways');
  const figureBox = figure.getBoundingClientRect();
  const axis: DOMRect[] = [];
  for (const text of figure.querySelectorAll('svg text')) {
    const svg = (text as SVGTextElement).ownerSVGElement as SVGSVGElement;
    const box = svg.getBoundingClientRect();
    const size =
      parseFloat(getComputedStyle(text).fontSize) * (box.width / svg.viewBox.baseVal.width);
    const rect = text.getBoundingClientRect();
    if (size < 11) problems.push(`${text.textContent} is ${size.toFixed(1)} px`);
    if (!inside(rect, box)) problems.push(`${text.textContent} is cut off`);
    if (/^\d{4}-/.test(text.textContent ?? '')) axis.push(rect);
  }
  axis.slice(1).forEach((rect, index) => {
    if (rect.left < (axis[index] as DOMRect).right) problems.push('axis labels overlap');
  });
  for (const label of figure.querySelectorAll('ul a > span:first-child')) {
    const size = parseFloat(getComputedStyle(label).fontSize);
    if (size < 11) problems.push(`${label.textContent} is ${size} px`);
    if (
      label.scrollWidth > label.clientWidth ||
      !inside(label.getBoundingClientRect(), figureBox)
    ) {
      problems.push(`${label.textContent} is cut off`);
    }
  }
  return problems;
}

test('a month leads to the users who signed up in it', async ({ page, signIn }) => {
  await signIn({ next: '/overview' });
  const bar = page.getByRole('figure', { name: 'Sign-ups per month' }).getByRole('link').last();
  const name = (await bar.getAttribute('aria-label')) ?? '';
  const [, month = '', count = ''] = /^(\d{4}-\d{2}): ([\d,]+) users$/.exec(name) ?? [];
  await bar.click();
  await expect(page).toHaveURL(new RegExp(`/users/find#q=${month}-01\\.\\.${month}-\\d\\d$`));
  await expect(page.getByRole('table', { name: 'Matches' }).locator('tbody tr')).toHaveCount(
    Math.min(Number(count.replace(/,/g, '')), 50),
  );
});

test('an API that refuses sort=created_at: sign-ups cannot be counted, the rest works', async ({
  page,
  signIn,
  setScenario,
}) => {
  const token = await signIn({ next: '/account' });
  await setScenario(token, { userSorts: ['name'] });
  await page.getByRole('navigation').getByRole('link', { name: 'Overview' }).click();
  await expect(page.getByRole('alert')).toContainText('sign-ups cannot be counted');
  await expect(page.getByRole('figure', { name: 'Products by category' })).toBeVisible();
  await expect(page.getByRole('definition').first()).toHaveText(/^[\d,]+$/);
});

test('no permission for products: the users charts work and the page says why', async ({
  page,
  signIn,
  setScenario,
}) => {
  const token = await signIn({ next: '/account' });
  await setScenario(token, { fail: { path: '/v1/products', status: 403, count: 100 } });
  await page.keyboard.press('g');
  await page.keyboard.press('o');
  await expect(page).toHaveURL(/\/overview$/);
  await expect(page.getByRole('figure', { name: 'Sign-ups per month' })).toBeVisible();
  await expect(page.getByRole('alert').first()).toContainText('lacks permission to read products');
});

test('a 5xx stops one chart with Try again, which goes on', async ({
  page,
  signIn,
  setScenario,
}) => {
  const token = await signIn({ next: '/account' });
  await setScenario(token, { fail: { path: '/v1/users', status: 503, count: 1 } });
  await page.goto('/overview');
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('503');
  await expect(page.getByRole('figure', { name: 'Prices' })).toBeVisible();
  await alert.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('figure', { name: 'Sign-ups per month' })).toBeVisible();
});

test('the overview, its tables shown, is accessible', async ({ page, signIn }) => {
  // Two axe runs over 60-odd bars and three tables: on a busy machine one took over 45 s.
  test.slow();
  await signIn({ next: '/overview' });
  await expect(overviewStatus(page)).toHaveText(/^Counted with \d+ requests$/, { timeout: 20_000 });
  for (const name of ['Sign-ups per month', 'Products by category', 'Prices']) {
    await page.getByRole('figure', { name }).getByRole('button', { name: 'Show as table' }).click();
  }
  await expectAccessibleInBothThemes(page, () =>
    expect(page.getByRole('table', { name: 'Prices' })).toBeVisible(),
  );
  // Coming to it from another page puts the focus on its heading.
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: 'Account' }).click();
  await expect(page).toHaveURL(/\/account$/);
  await nav.getByRole('link', { name: 'Overview' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeFocused();
});
