import { expect, test, type Page } from './support/fixtures';

/** Find by sign-up date, against the real-API mock, checked against the whole list read here. */

const findBox = (page: Page) => page.getByRole('combobox', { name: 'Find', exact: true });
const findStatus = (page: Page) => page.getByRole('status').filter({ hasText: /request/ });

async function createdDates(page: Page, apiBase: string, token: string): Promise<string[]> {
  const dates: string[] = [];
  for (let n = 1; ; n += 1) {
    const response = await page.request.get(`${apiBase}/v1/users?page=${n}&limit=100`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    const body = (await response.json()) as {
      data: { created_at: string }[];
      meta: { total: number };
    };
    dates.push(...body.data.map((user) => user.created_at));
    if (dates.length >= body.meta.total || body.data.length === 0) return dates;
  }
}

test('finds exactly the users who signed up on a day and in a range', async ({
  page,
  signIn,
  apiBase,
}) => {
  const token = await signIn({ next: '/account' });
  const dates = await createdDates(page, apiBase, token);
  // The busiest day, so there is something to find.
  const days = new Map<string, number>();
  for (const date of dates) days.set(date.slice(0, 10), (days.get(date.slice(0, 10)) ?? 0) + 1);
  const [day = ''] = [...days.entries()].sort((a, b) => b[1] - a[1])[0] ?? [];
  const sent: URL[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.endsWith('/v1/users')) sent.push(url);
  });

  await findBox(page).fill(day);
  await findBox(page).press('Enter');
  await expect(page).toHaveURL(new RegExp(`/users/find#q=${day}$`));
  await expect(page.getByText(/in UTC/)).toBeVisible();
  const expected = days.get(day) ?? 0;
  await expect(findStatus(page)).toHaveText(
    new RegExp(`^${expected} (?:match|matches) · \\d+ requests?$`),
  );
  await expect(page.getByRole('table', { name: 'Matches' }).locator('tbody tr')).toHaveCount(
    expected,
  );
  expect(sent.length).toBeGreaterThan(0);
  expect(sent.every((url) => url.searchParams.get('sort') === 'created_at')).toBe(true);

  const month = day.slice(0, 7);
  const range = `${month}-01..${month}-10`;
  const inRange = dates.filter((date) => date >= `${month}-01` && date < `${month}-11`).length;
  await findBox(page).fill(range);
  await findBox(page).press('Enter');
  await expect(findStatus(page)).toHaveText(
    new RegExp(`^${inRange.toLocaleString('en-US')} (?:match|matches) · \\d+ requests?$`),
  );
});

test('refuses days that do not exist, and sends nothing', async ({ page, signIn }) => {
  await signIn({ next: '/account' });
  const sent: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.endsWith('/v1/users')) sent.push(request.url());
  });
  for (const [text, problem] of [
    ['2025-02-30', /2025-02 has 28 days/],
    ['2025-03-31..2025-03-01', /runs backwards/],
    ['1960-01-01', /before 1970/],
  ] as const) {
    await findBox(page).fill(text);
    await findBox(page).press('Enter');
    await expect(page.getByText(problem)).toBeVisible();
  }
  expect(sent).toEqual([]);
});

test('an API that refuses sort=created_at offers to read the list', async ({
  page,
  signIn,
  setScenario,
}) => {
  const token = await signIn({ next: '/account' });
  await setScenario(token, { userSorts: ['name'] });
  await page.goto('/users/find?q=2023-04-01');
  await expect(page.getByText(/refused sort=created_at/)).toBeVisible();
  await page.getByRole('link', { name: 'Search by reading every user instead' }).click();
  await expect(findStatus(page)).toHaveText(/^\d+ (?:match|matches) · \d+ requests$/);
  await expect(page.getByRole('table', { name: 'Matches' })).toContainText('Quote');
});

test('the Users table’s Signed up filter opens the search by date', async ({ page, signIn }) => {
  await signIn({ next: '/users' });
  const filter = page.getByRole('group', { name: 'Signed up' });
  await filter.getByLabel('From').fill('2024-03-01');
  await filter.getByLabel('To').fill('2024-03-31');
  await filter.getByRole('button', { name: 'Find sign-ups' }).click();
  await expect(page).toHaveURL(/\/users\/find#q=2024-03-01\.\.2024-03-31$/);
  await expect(findStatus(page)).toHaveText(/^[\d,]+ (?:match|matches) · \d+ requests?$/);
});
