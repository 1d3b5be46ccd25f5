import { expectAccessibleInBothThemes } from './support/axe';
import { expect, test, type Page } from './support/fixtures';

// The mock API sorts names with this collator; comparing with it keeps the test honest about
// accents and case.
const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

const usersTable = (page: Page) => page.getByRole('table', { name: 'Users' });
const status = (page: Page) => page.getByRole('status');
const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });
const bodyRows = (page: Page) => usersTable(page).locator('tbody tr');

/** Waits until the rows on screen are the ones the URL asks for. */
async function settled(page: Page) {
  await expect(usersTable(page)).toHaveAttribute('aria-busy', 'false');
}

async function columnTexts(page: Page, column: number): Promise<string[]> {
  await settled(page);
  return bodyRows(page).locator(`td:nth-child(${column})`).allInnerTexts();
}

async function createdTimes(page: Page): Promise<number[]> {
  await settled(page);
  const values = await bodyRows(page)
    .locator('td:nth-child(4) time')
    .evaluateAll((times) => times.map((time) => time.getAttribute('datetime') ?? ''));
  return values.map((value) => Date.parse(value));
}

function expectOrdered<T>(values: T[], compare: (a: T, b: T) => number) {
  expect(values.length).toBeGreaterThan(1);
  for (let i = 1; i < values.length; i += 1) {
    expect(
      compare(values[i - 1] as T, values[i] as T),
      `${values[i - 1]} before ${values[i]}`,
    ).toBeLessThanOrEqual(0);
  }
}

test('pages forward, back, to the last and first page, and changes the page size', async ({
  page,
  signIn,
}) => {
  await signIn();
  await expect(status(page)).toHaveText('1–50 of 1,000');
  await expect(page.getByRole('status')).toHaveCount(1);
  await expect(button(page, 'First page')).toBeDisabled();
  await expect(button(page, 'Previous page')).toBeDisabled();
  const firstPageIds = await columnTexts(page, 1);

  await button(page, 'Next page').click();
  await expect(page).toHaveURL(/\/users\?page=2$/);
  await expect(status(page)).toHaveText('51–100 of 1,000');
  const secondPageIds = await columnTexts(page, 1);
  expect(secondPageIds).toHaveLength(50);
  expect(secondPageIds).not.toContain(firstPageIds[0]);

  await button(page, 'Previous page').click();
  await expect(page).toHaveURL(/\/users$/);
  await expect(status(page)).toHaveText('1–50 of 1,000');
  expect(await columnTexts(page, 1)).toEqual(firstPageIds);

  await button(page, 'Last page').click();
  await expect(page).toHaveURL(/\/users\?page=20$/);
  await expect(status(page)).toHaveText('951–1,000 of 1,000');
  await expect(button(page, 'Next page')).toBeDisabled();
  await expect(button(page, 'Last page')).toBeDisabled();

  await button(page, 'First page').click();
  await expect(page).toHaveURL(/\/users$/);
  await expect(status(page)).toHaveText('1–50 of 1,000');

  // A new page size starts again at page 1.
  await button(page, 'Next page').click();
  await expect(status(page)).toHaveText('51–100 of 1,000');
  await page.getByLabel('Rows per page').selectOption('25');
  await expect(page).toHaveURL(/\/users\?limit=25$/);
  await expect(status(page)).toHaveText('1–25 of 1,000');
  await expect(bodyRows(page)).toHaveCount(25);
  await page.getByLabel('Rows per page').selectOption('100');
  await expect(status(page)).toHaveText('1–100 of 1,000');
  await expect(bodyRows(page)).toHaveCount(100);
});

test('sorts by name and by created date, both ways, and off again', async ({ page, signIn }) => {
  await signIn({ next: '/users?page=2' });
  await expect(status(page)).toHaveText('51–100 of 1,000');
  const nameHeader = page.getByRole('columnheader', { name: 'Name', exact: true });
  const createdHeader = page.getByRole('columnheader', { name: 'Created', exact: true });
  await expect(nameHeader).toHaveAttribute('aria-sort', 'none');
  await expect(page.getByRole('columnheader', { name: 'Email' })).not.toHaveAttribute('aria-sort');

  await nameHeader.getByRole('button', { name: 'Name' }).click();
  await expect(page).toHaveURL(/\/users\?sort=name$/);
  await expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
  await expect(status(page)).toHaveText('1–50 of 1,000');
  const ascending = await columnTexts(page, 2);
  expectOrdered(ascending, collator.compare);

  await nameHeader.getByRole('button', { name: 'Name' }).click();
  await expect(page).toHaveURL(/\/users\?sort=-name$/);
  await expect(nameHeader).toHaveAttribute('aria-sort', 'descending');
  const descending = await columnTexts(page, 2);
  expectOrdered(descending, (a, b) => collator.compare(b, a));
  expect(collator.compare(descending[0] ?? '', ascending[0] ?? '')).toBeGreaterThan(0);

  await createdHeader.getByRole('button', { name: 'Created' }).click();
  await expect(page).toHaveURL(/\/users\?sort=created_at$/);
  await expect(createdHeader).toHaveAttribute('aria-sort', 'ascending');
  await expect(nameHeader).toHaveAttribute('aria-sort', 'none');
  expectOrdered(await createdTimes(page), (a, b) => a - b);

  await createdHeader.getByRole('button', { name: 'Created' }).click();
  await expect(page).toHaveURL(/\/users\?sort=-created_at$/);
  await expect(createdHeader).toHaveAttribute('aria-sort', 'descending');
  expectOrdered(await createdTimes(page), (a, b) => b - a);

  await createdHeader.getByRole('button', { name: 'Created' }).click();
  await expect(page).toHaveURL(/\/users$/);
  await expect(createdHeader).toHaveAttribute('aria-sort', 'none');
});

test('reload, back and forward restore the view', async ({ page, signIn }) => {
  await signIn({ next: '/users?limit=25&sort=-name' });
  await expect(status(page)).toHaveText('1–25 of 1,000');
  await button(page, 'Next page').click();
  await expect(page).toHaveURL(/\/users\?page=2&limit=25&sort=-name$/);
  await expect(status(page)).toHaveText('26–50 of 1,000');
  const secondPage = await columnTexts(page, 1);

  await page.reload();
  await expect(status(page)).toHaveText('26–50 of 1,000');
  await expect(page.getByLabel('Rows per page')).toHaveValue('25');
  await expect(page.getByRole('columnheader', { name: 'Name', exact: true })).toHaveAttribute(
    'aria-sort',
    'descending',
  );
  expect(await columnTexts(page, 1)).toEqual(secondPage);

  await page.goBack();
  await expect(page).toHaveURL(/\/users\?limit=25&sort=-name$/);
  await expect(status(page)).toHaveText('1–25 of 1,000');

  await page.goForward();
  await expect(page).toHaveURL(/\/users\?page=2&limit=25&sort=-name$/);
  await expect(status(page)).toHaveText('26–50 of 1,000');
  expect(await columnTexts(page, 1)).toEqual(secondPage);
});

test('a pasted link shows the view it names; malformed values are corrected in place', async ({
  page,
  signIn,
}) => {
  await signIn();
  await page.goto('/users?page=3&limit=10&sort=-created_at');
  await expect(status(page)).toHaveText('21–30 of 1,000');
  await expect(page.getByLabel('Rows per page')).toHaveValue('10');
  await expect(page.getByRole('columnheader', { name: 'Created', exact: true })).toHaveAttribute(
    'aria-sort',
    'descending',
  );
  expectOrdered(await createdTimes(page), (a, b) => b - a);

  await page.goto('/users?page=-3&limit=5000&sort=bogus');
  await expect(page).toHaveURL(/\/users\?limit=100$/);
  await expect(status(page)).toHaveText('1–100 of 1,000');
  await button(page, 'Next page').click();
  await expect(status(page)).toHaveText('101–200 of 1,000');
  // Corrected by replacing: Back skips the malformed address and goes to the view before it.
  await page.goBack();
  await expect(page).toHaveURL(/\/users\?limit=100$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/users\?page=3&limit=10&sort=-created_at$/);

  // A page past the end moves to the last page.
  await page.goto('/users?page=999');
  await expect(page).toHaveURL(/\/users\?page=20$/);
  await expect(status(page)).toHaveText('951–1,000 of 1,000');
});

test('the next page is prefetched, so Next page needs no request', async ({ page, signIn }) => {
  const isUsersPage = (url: string, pageNumber: string) => {
    const parsed = new URL(url);
    return parsed.pathname.endsWith('/v1/users') && parsed.searchParams.get('page') === pageNumber;
  };
  const prefetched = page.waitForResponse((response) => isUsersPage(response.url(), '2'));
  await signIn();
  await expect(status(page)).toHaveText('1–50 of 1,000');
  await prefetched;

  const requested: string[] = [];
  page.on('request', (request) => {
    if (isUsersPage(request.url(), '2')) requested.push(request.url());
  });
  // The page after it is prefetched in turn, which shows requests are still being observed.
  const thirdPrefetched = page.waitForResponse((response) => isUsersPage(response.url(), '3'));
  await button(page, 'Next page').click();
  // Shown from the cache: no busy state, no placeholder rows.
  await expect(status(page)).toHaveText('51–100 of 1,000', { timeout: 1000 });
  await expect(usersTable(page)).toHaveAttribute('aria-busy', 'false');
  await thirdPrefetched;
  expect(requested).toEqual([]);
});

test('the users table has no serious accessibility problems', async ({ page, signIn }) => {
  // Ten rows show every kind of cell; more would only slow axe down.
  await signIn({ next: '/users?limit=10&sort=name' });
  await expectAccessibleInBothThemes(page, () => settled(page));
});
