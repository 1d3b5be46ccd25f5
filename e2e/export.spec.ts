import { readFile } from 'node:fs/promises';
import { parseCsv } from '../src/test/parse-csv';
import { expect, test, type Page } from './support/fixtures';

const exportButton = (page: Page) => page.getByRole('button', { name: 'Export CSV' });
const progress = (page: Page) => page.getByRole('progressbar', { name: 'Export progress' });
const columnsButton = (page: Page) => page.getByRole('button', { name: 'Columns', exact: true });
const density = (page: Page) => page.getByRole('combobox', { name: 'Row density' });

/**
 * Waits until the export has at least `rows` rows. Progress moves on by itself, so an exact value
 * could come and go between two looks: poll often, and accept anything past it.
 */
async function exportedAtLeast(page: Page, rows: number) {
  await expect
    .poll(async () => Number((await progress(page).getAttribute('aria-valuenow')) ?? 0), {
      intervals: [50],
    })
    .toBeGreaterThanOrEqual(rows);
}

async function settled(page: Page, table: string) {
  await expect(page.getByRole('table', { name: table })).toHaveAttribute('aria-busy', 'false');
}

/** Asks the API itself, from the page so that in demo mode the service worker answers. */
async function apiTotal(page: Page, apiBase: string, token: string, path: string) {
  return page.evaluate(
    async ({ url, token }) => {
      const response = await fetch(url, {
        headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' },
      });
      const body = (await response.json()) as { meta: { total: number } };
      return body.meta.total;
    },
    { url: `${apiBase}${path}`, token },
  );
}

/** Presses Export CSV (or runs `start`) and returns the downloaded file. */
async function download(page: Page, start?: () => Promise<void>) {
  const downloading = page.waitForEvent('download');
  await (start ? start() : exportButton(page).click());
  const file = await downloading;
  const bytes = await readFile((await file.path()) ?? '');
  return { name: file.suggestedFilename(), bytes, text: bytes.subarray(3).toString('utf8') };
}

function localDate(): string {
  const now = new Date();
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

function ids(rows: string[][]): Set<string> {
  return new Set(rows.map((row) => row[0] ?? ''));
}

test('exports every row of a filtered products view, once, under the API’s header', async ({
  page,
  signIn,
  apiBase,
}) => {
  const token = await signIn({ next: '/products?category=Home+%26+Garden&max_price=20' });
  await settled(page, 'Products');
  const total = await apiTotal(
    page,
    apiBase,
    token,
    `/v1/products?category=${encodeURIComponent('Home & Garden')}&max_price=20&limit=1`,
  );
  // More than one page of 100, so the export has to page.
  expect(total).toBeGreaterThan(100);

  const file = await download(page);
  expect(file.name).toBe(`products-${localDate()}.csv`);
  expect([...file.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const [header, ...rows] = parseCsv(file.text);
  expect(header).toEqual(['id', 'name', 'category', 'price', 'description']);
  expect(rows).toHaveLength(total);
  expect(ids(rows).size).toBe(total);
  for (const row of rows) {
    expect(row[2]).toBe('Home & Garden');
    expect(row[3]).toMatch(/^\d+(\.\d+)?$/);
    expect(Number(row[3])).toBeLessThanOrEqual(20);
  }
  const hostile = rows.find((row) => row[0] === 'prod_csv_hyperlink');
  expect(hostile?.[1]).toBe(`'=HYPERLINK("http://x","Click me")`);
  await expect(page.getByText(`Exported ${total} products to ${file.name}.`)).toBeVisible();
  // The page's own range text is untouched by the export.
  await expect(page.getByRole('status')).toHaveText(`1–50 of ${total}`);
});

test('Export CSV is disabled, saying why, when the view has no rows: products, Find’s matches', async ({
  page,
  signIn,
}) => {
  // The export reads at the API's largest page; the table never does.
  const exportRequests: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.endsWith('/v1/products') && url.searchParams.get('limit') === '100') {
      exportRequests.push(url.search);
    }
  });
  await signIn({ next: '/products?category=No+such+category' });
  await expect(page.getByRole('status')).toHaveText('No products match');
  await expect(exportButton(page)).toBeDisabled();
  await expect(exportButton(page)).toHaveAccessibleDescription(
    'Nothing to export: no products in this view.',
  );
  await expect(page.getByText('Nothing to export: no products in this view.')).toBeVisible();
  // Still reachable by the keyboard, so that it can say why; pressed, it does nothing.
  await exportButton(page).focus();
  await page.keyboard.press('Enter');
  await expect(exportButton(page)).toBeFocused();
  await expect(progress(page)).toHaveCount(0);

  // A filter with rows turns it on again.
  await page.getByLabel('Category', { exact: true }).fill('Books');
  await page.getByLabel('Category', { exact: true }).press('Enter');
  await expect(page.getByRole('status')).toHaveText(/^1–50 of [\d,]+$/);
  await expect(exportButton(page)).toBeEnabled();
  await expect(exportButton(page)).not.toHaveAccessibleDescription(/Nothing to export/);
  // The Enter above sent nothing: by now an export would have asked for its first page.
  expect(exportRequests).toEqual([]);

  await page.goto('/users/find#q=Zzyzx%20Nobody');
  await expect(page.getByRole('status').filter({ hasText: /request/ })).toContainText(
    /^No name starts with “Zzyzx Nobody” · anywhere in names: No matches/,
  );
  await expect(exportButton(page)).toBeDisabled();
  await expect(exportButton(page)).toHaveAccessibleDescription(
    'Nothing to export: no users in this view.',
  );
});

test('a users export keeps formulas from running and quotes what needs quoting', async ({
  page,
  signIn,
}) => {
  await signIn({ next: '/users?sort=-name' });
  await settled(page, 'Users');
  const file = await download(page);
  expect(file.name).toBe(`users-${localDate()}.csv`);
  const [header, ...rows] = parseCsv(file.text);
  expect(header).toEqual(['id', 'name', 'email', 'created_at']);
  expect(rows).toHaveLength(1000);
  expect(ids(rows).size).toBe(1000);
  const nameOf = (id: string) => rows.find((row) => row[0] === id)?.[1];
  expect(nameOf('user_csv_hyperlink')).toBe(`'=HYPERLINK("http://x","y")`);
  expect(nameOf('user_csv_sum')).toBe(`'+SUM(1+1)`);
  expect(nameOf('user_csv_minus')).toBe(`'-2+3`);
  expect(nameOf('user_csv_at')).toBe(`'@cmd`);
  expect(nameOf('user_csv_quote')).toBe('Quote "the" Comma, Person');
  expect(nameOf('user_csv_newline')).toBe('Line\nBreak');
  expect(nameOf('user_hostile')).toBe('<img src=x onerror="alert(1)">Mallory');
  // In the view's order: descending by name puts the symbol-led names last.
  expect(rows.at(-1)?.[0]).toBe('user_csv_minus');
  // No cell of the file starts a formula unless neutralised.
  for (const row of rows) {
    for (const cell of row) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
  }
});

test('a 429 in the middle of an export waits as the server asks, then finishes', async ({
  page,
  signIn,
  setScenario,
}) => {
  const isUsersPage = (url: string, page: string) =>
    url.includes('/v1/users?') && new URL(url).searchParams.get('page') === page;
  // The table prefetches its page 2 once page 1 is in: let that happen first, so the only
  // requests to /v1/users after it are the export's.
  const prefetched = page.waitForResponse((response) => isUsersPage(response.url(), '2'));
  const token = await signIn({ next: '/users' });
  await prefetched;
  // The export's pages after its first two wait at the browser's edge until the 429 is queued, so
  // the export cannot finish first however slow this machine is.
  let release = () => {};
  const queued = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => url.pathname === '/v1/users' && Number(url.searchParams.get('page') ?? '1') > 2,
    async (route) => {
      await queued;
      await route.continue();
    },
  );

  const file = await download(page, async () => {
    await exportButton(page).click();
    await expect(progress(page)).toHaveAttribute('aria-valuemax', '1000');
    await exportedAtLeast(page, 100);
    await setScenario(token, { fail: { path: '/v1/users', status: 429, count: 1, retryAfter: 1 } });
    release();
    await expect(page.getByText(/rate limit was reached.*Going on in 0:0[012]/)).toBeVisible();
    await expect(exportButton(page)).toHaveAttribute('aria-disabled', 'true');
  });
  const [, ...rows] = parseCsv(file.text);
  expect(rows).toHaveLength(1000);
  expect(ids(rows).size).toBe(1000);
  await expect(page.getByText(`Exported 1,000 users to ${file.name}.`)).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('another failure stops with an alert, and Try again goes on from there', async ({
  page,
  signIn,
  setScenario,
}) => {
  const prefetched = page.waitForResponse((response) =>
    /\/v1\/products\?.*page=2/.test(response.url()),
  );
  const token = await signIn({ next: '/products' });
  await prefetched;
  await setScenario(token, { latencyMs: 150 });
  const exportRequests: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.endsWith('/v1/products') && url.searchParams.get('limit') === '100') {
      exportRequests.push(url.searchParams.get('page') ?? '');
    }
  });
  await exportButton(page).click();
  await exportedAtLeast(page, 100);
  // The latency has done its job: the pages after the failure need not crawl.
  await setScenario(token, {
    latencyMs: 0,
    fail: { path: '/v1/products', status: 503, count: 1 },
  });
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('503');
  await expect(alert).toContainText(/req_[a-z0-9]+/);
  const failedAt = Number(exportRequests.at(-1));
  expect(failedAt).toBeGreaterThan(1);

  const file = await download(page, () => alert.getByRole('button', { name: 'Try again' }).click());
  // Pages before the failure were not asked for again.
  expect(exportRequests.slice(0, failedAt)).toEqual(
    Array.from({ length: failedAt }, (_, index) => String(index + 1)),
  );
  expect(exportRequests[failedAt]).toBe(String(failedAt));
  expect(exportRequests).toHaveLength(51);
  const [, ...rows] = parseCsv(file.text);
  expect(rows).toHaveLength(5000);
  expect(ids(rows).size).toBe(5000);
});

test('Cancel export aborts the request in flight and sends no other', async ({
  page,
  signIn,
  setScenario,
}) => {
  const token = await signIn({ next: '/users' });
  await settled(page, 'Users');
  await setScenario(token, { latencyMs: 400 });
  const exportPage = (url: string) => {
    const parsed = new URL(url);
    return parsed.pathname.endsWith('/v1/users') && parsed.searchParams.get('limit') === '100'
      ? Number(parsed.searchParams.get('page'))
      : null;
  };
  const requested: number[] = [];
  const aborted: number[] = [];
  page.on('request', (request) => {
    const number = exportPage(request.url());
    if (number !== null) requested.push(number);
  });
  page.on('requestfailed', (request) => {
    const number = exportPage(request.url());
    if (number !== null) aborted.push(number);
  });
  let downloads = 0;
  page.on('download', () => (downloads += 1));

  await exportButton(page).click();
  await exportedAtLeast(page, 200);
  await page.getByRole('button', { name: 'Cancel export' }).click();
  await expect(
    page.getByText(/^Export cancelled after \d00 users; no file was written\.$/),
  ).toBeVisible();
  await expect(progress(page)).toHaveCount(0);
  await expect.poll(() => aborted.length).toBe(1);

  // Something the page asks for after the cancel, with the same latency: by the time it is
  // answered, an export that went on would have sent its next page.
  const later = page.waitForResponse(
    (response) => response.url().includes('/v1/users?') && response.url().includes('limit=25'),
  );
  await page.getByLabel('Rows per page').selectOption('25');
  await later;
  // Pages 1, 2, … k, one at a time; k was in flight at the cancel and was aborted; none after.
  const last = requested.length;
  expect(last).toBeGreaterThanOrEqual(3);
  expect(requested).toEqual(Array.from({ length: last }, (_, index) => index + 1));
  expect(aborted).toEqual([last]);
  expect(downloads).toBe(0);
  await expect(exportButton(page)).not.toHaveAttribute('aria-disabled');
});

test('Columns: hide Email, still hidden after a reload, Reset columns brings it back', async ({
  page,
  signIn,
}) => {
  await signIn({ next: '/users' });
  const table = page.getByRole('table', { name: 'Users' });
  await expect(table.getByRole('columnheader')).toHaveText(['ID', 'Name', 'Email', 'Created']);

  await columnsButton(page).click();
  const menu = page.getByRole('menu', { name: 'Columns' });
  await expect(menu.getByRole('menuitemcheckbox')).toHaveText(['ID', 'Name', 'Email', 'Created']);
  await expect(menu.getByRole('menuitemcheckbox', { name: 'ID' })).toHaveAttribute(
    'aria-disabled',
    'true',
  );
  await expect(page.getByText(/Export CSV always writes every field/)).toBeVisible();
  await menu.getByRole('menuitemcheckbox', { name: 'Email' }).click();
  await expect(menu.getByRole('menuitemcheckbox', { name: 'Email' })).toHaveAttribute(
    'aria-checked',
    'false',
  );
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
  await expect(columnsButton(page)).toBeFocused();
  await expect(table.getByRole('columnheader')).toHaveText(['ID', 'Name', 'Created']);
  await expect(table.locator('tbody tr').first().locator('td')).toHaveCount(3);

  await page.reload();
  await expect(table.getByRole('columnheader')).toHaveText(['ID', 'Name', 'Created']);

  // By keyboard: the button opens the menu on its first item; End goes to Reset columns.
  await columnsButton(page).focus();
  await page.keyboard.press('Enter');
  await expect(menu.getByRole('menuitemcheckbox', { name: 'ID' })).toBeFocused();
  await page.keyboard.press('End');
  await expect(menu.getByRole('menuitem', { name: 'Reset columns' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(menu).toHaveCount(0);
  await expect(columnsButton(page)).toBeFocused();
  await expect(table.getByRole('columnheader')).toHaveText(['ID', 'Name', 'Email', 'Created']);
});

test('Row density is remembered, and a corrupt stored choice is ignored', async ({
  page,
  signIn,
}) => {
  await signIn({ next: '/products' });
  await expect(density(page)).toHaveValue('comfortable');
  const rowHeight = () =>
    page.getByRole('table', { name: 'Products' }).locator('tbody tr').first().boundingBox();
  await settled(page, 'Products');
  const comfortable = (await rowHeight())?.height ?? 0;
  await density(page).selectOption({ label: 'Compact' });
  await expect.poll(async () => (await rowHeight())?.height ?? 0).toBeLessThan(comfortable);
  await page.reload();
  await expect(density(page)).toHaveValue('compact');

  // Whatever is stored, the page comes up: the parts that make sense are kept.
  await page.evaluate(() => {
    localStorage.setItem('admin-console.view.products', '{"hidden":["id","price"],"density":9');
    localStorage.setItem(
      'admin-console.view.users',
      '{"hidden":["id","email","nope"],"density":"huge"}',
    );
  });
  await page.reload();
  await expect(density(page)).toHaveValue('comfortable');
  await expect(page.getByRole('columnheader')).toHaveText([
    'ID',
    'Name',
    'Category',
    'Price',
    'Description',
  ]);
  await page.getByRole('link', { name: 'Users' }).click();
  await expect(page.getByRole('columnheader')).toHaveText(['ID', 'Name', 'Created']);
  await expect(density(page)).toHaveValue('comfortable');
});
