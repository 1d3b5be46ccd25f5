import { readFile } from 'node:fs/promises';
import { parseCsv } from '../src/test/parse-csv';
import { foldText } from '../src/lib/list-search/text-fold';
import { expect, test, type Page } from './support/fixtures';

/**
 * Find user and Look up many. Every test runs against the real-API server; those tagged
 * @both-modes also in demo mode, where the mock answers from the page's service worker (its
 * scenarios, the 400 for sort=email, and the requests the index must not make). The mock varies
 * what the spec leaves open (how `sort=name` orders names, whether `sort=email` is taken) per
 * token, so each search is checked against more than one API.
 */

const findBox = (page: Page) => page.getByRole('combobox', { name: 'Find', exact: true });
/** Find's own status: how many matched and how many requests (the table has a status too). */
const findStatus = (page: Page) => page.getByRole('status').filter({ hasText: /request/ });

async function find(page: Page, text: string) {
  await findBox(page).fill(text);
  await findBox(page).press('Enter');
}

/**
 * Records the searches' requests from now on: pages of the users list at 100 rows, which only
 * Find asks for (the tables ask for 50 unless told otherwise).
 */
function countListRequests(page: Page) {
  const urls: URL[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (/\/v1\/users$/.test(url.pathname) && url.searchParams.get('limit') === '100') {
      urls.push(url);
    }
  });
  return urls;
}

// Through the service worker too, in one order: the order changes the search, not the transport.
for (const nameOrder of ['locale', 'code-unit'] as const) {
  test(`finds a name, typed in any case, by halving the list (names in ${nameOrder} order)${nameOrder === 'locale' ? ' @both-modes' : ''}`, async ({
    page,
    signIn,
    setScenario,
  }) => {
    const token = await signIn({ next: '/account' });
    await setScenario(token, { nameOrder });
    const sent = countListRequests(page);
    await find(page, 'grace hopper');
    // One match opens that user (issue 31).
    await expect(page).toHaveURL(/\/users\/user_grace_hopper$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Grace Hopper');
    // 1,000-odd users are 11 pages: never the whole list.
    expect(sent.length).toBeLessThanOrEqual(8);
    expect(sent.every((url) => url.searchParams.get('sort') === 'name')).toBe(true);
  });
}

test('finds names in other scripts, and says when nobody matches', async ({ page, signIn }) => {
  await signIn();
  await find(page, 'алексей');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Алексей Смирнов');
  await find(page, '山田');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('山田 太郎');
  await find(page, 'Zzyzx Nobody');
  await expect(findStatus(page)).toContainText(
    /^No name starts with “Zzyzx Nobody” · anywhere in names: No matches · \d+ requests?$/,
  );
  // Reload runs the search again from the URL.
  await page.reload();
  await expect(findStatus(page)).toContainText(/^No name starts with/);
});

test('the same e-mail, name or id opens the user every time, with or without a reload between', async ({
  page,
  signIn,
}) => {
  test.slow(); // 24 searches and 12 reloads
  await signIn({ next: '/account' });
  const heading = page.getByRole('heading', { level: 1 });
  const searches = [
    ...['grace.hopper@example.org', 'grace hopper', 'user_grace_hopper'].flatMap((text) =>
      Array<string>(3).fill(text),
    ),
    // One address as mail clients paste it: one search, so the second and third are the cache's.
    'Grace Hopper <grace.hopper@example.org>',
    '"grace.hopper@example.org"',
    'mailto:grace.hopper@example.org?subject=Ticket',
  ];
  for (const reload of [false, true]) {
    for (const [index, text] of searches.entries()) {
      await find(page, text);
      await expect(page, `search ${index + 1}: ${text}`).toHaveURL(/\/users\/user_grace_hopper$/);
      await expect(heading).toHaveText('Grace Hopper');
      await page.getByRole('navigation').getByRole('link', { name: 'Account' }).click();
      await expect(page).toHaveURL(/\/account$/);
      if (reload) {
        await page.reload();
        await expect(findBox(page)).toBeVisible();
      }
    }
  }
});

test('opens the one user an e-mail address belongs to, case aside', async ({ page, signIn }) => {
  await signIn();
  await find(page, 'GRACE.HOPPER@example.org');
  await expect(page).toHaveURL(/\/users\/user_grace_hopper$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Grace Hopper');
});

test('reads the list for an e-mail when the API refuses sort=email, with progress and Cancel @both-modes', async ({
  page,
  signIn,
  setScenario,
}) => {
  const token = await signIn({ next: '/account' });
  // A list that claims a million users (pages past the real thousand come back empty): the read
  // is still going when Cancel is pressed, however slow the machine.
  await setScenario(token, {
    userSorts: ['name', 'created_at'],
    latencyMs: 400,
    userTotal: 1_000_000,
  });
  const sent = countListRequests(page);
  await find(page, 'nobody.at.all@example.org');
  const progress = page.getByRole('progressbar', { name: 'Search progress' });
  await expect(progress).toHaveAttribute('aria-valuemax', /^\d+$/);
  await expect(progress).toHaveAttribute('aria-valuenow', /^[1-9]\d*$/);
  await page.getByRole('button', { name: 'Cancel search' }).click();
  await expect(findStatus(page)).toContainText('Search cancelled');
  const afterCancel = sent.length;
  // sort=email was asked once (a 400), then the list was read 100 rows at a time.
  expect(sent.filter((url) => url.searchParams.get('sort') === 'email')).toHaveLength(1);
  expect(sent.filter((url) => url.searchParams.get('limit') === '100').length).toBeGreaterThan(1);
  await expect(page.getByRole('button', { name: 'Search again' })).toBeVisible();
  expect(sent.length).toBe(afterCancel);

  // The next e-mail search does not ask for sort=email again, and stops at the match.
  await setScenario(token, { latencyMs: 0, userTotal: 1_000 });
  await find(page, 'maria.delacruz@example.org');
  await expect(page).toHaveURL(/\/users\/user_maria_delacruz$/);
  expect(sent.filter((url) => url.searchParams.get('sort') === 'email')).toHaveLength(1);
});

test('counts a user the API repeats at a page edge once, and opens them (e-mail and name)', async ({
  page,
  request,
  apiBase,
  signIn,
  setScenario,
}) => {
  const token = await signIn({ next: '/account' });
  await setScenario(token, { repeatEdgeRow: true });
  type Row = { id: string; name: string; email: string };
  const listPage = async (sort: string, number: number): Promise<Row[]> => {
    const response = await request.get(
      `${apiBase}/v1/users?sort=${sort}&limit=100&page=${number}`,
      { headers: { Authorization: `Bearer ${token}` } },
    );
    expect(response.status()).toBe(200);
    return ((await response.json()) as { data: Row[] }).data;
  };
  // The last row of page 1 by e-mail comes again first on page 2.
  const [byEmail, nextByEmail] = [await listPage('email', 1), await listPage('email', 2)];
  const edge = byEmail.at(-1) as Row;
  expect(nextByEmail[0]).toEqual(edge);
  await find(page, edge.email);
  await expect(page).toHaveURL(new RegExp(`/users/${edge.id}$`));

  // By name: a page's last row with a plain name that starts no neighbour's: one user matches.
  let named: Row | undefined;
  for (let number = 1; number < 9 && !named; number += 1) {
    const [rows, next] = [await listPage('name', number), await listPage('name', number + 1)];
    const last = rows.at(-1) as Row;
    const folded = foldText(last.name);
    const neighbours = [rows.at(-2), next[1]].map((row) => foldText(row?.name ?? ''));
    const plain = /^\p{L}[\p{L} .'-]+$/u.test(last.name);
    if (plain && next[0]?.id === last.id && neighbours.every((name) => !name.startsWith(folded))) {
      named = last;
    }
  }
  expect(named, 'a page edge with a name of its own').toBeDefined();
  await find(page, named?.name ?? '');
  await expect(page).toHaveURL(new RegExp(`/users/${named?.id}$`));
});

test('waits out a 429 during a search and goes on', async ({ page, signIn, setScenario }) => {
  const token = await signIn({ next: '/account' });
  await setScenario(token, { fail: { path: '/v1/users', status: 429, count: 1, retryAfter: 1 } });
  await find(page, 'emile zola');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Émile Zola', {
    timeout: 15_000,
  });
});

test('a 500 mid-search stops with the standard alert, and Try again goes on', async ({
  page,
  signIn,
  setScenario,
}) => {
  const token = await signIn({ next: '/account' });
  await setScenario(token, { fail: { path: '/v1/users', status: 500, count: 3 } });
  await find(page, 'grace hopper');
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('500');
  await expect(alert).toContainText(/req_[a-z0-9]+/);
  await expect(alert.getByRole('button', { name: 'Copy as curl' })).toBeVisible();
  await expect(findStatus(page)).toContainText(/^Search stopped by an error/);
  await alert.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Grace Hopper');
});

test('says an API that did not sort by name did not, and offers to read the list', async ({
  page,
  signIn,
  setScenario,
}) => {
  const token = await signIn({ next: '/account' });
  await setScenario(token, { nameOrder: 'unsorted' });
  await find(page, 'grace hopper');
  await expect(page.getByText('The API did not sort the users by name')).toBeVisible();
  await page.getByRole('link', { name: 'Search by reading every user instead' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Grace Hopper');
});

test('bad input gets a message under the box and sends nothing', async ({ page, signIn }) => {
  await signIn();
  const sent = countListRequests(page);
  for (const [text, message] of [
    ['g', 'at least 2 characters'],
    ['grace@', 'not a whole e-mail address'],
    ['x'.repeat(10_000), 'this is 10,000'],
    ['Ad\u202Ea', 'invisible character'],
  ] as const) {
    await findBox(page).fill(text);
    await findBox(page).press('Enter');
    await expect(page.getByRole('alert')).toContainText(message);
    await findBox(page).press('Escape');
  }
  expect(page.url()).not.toContain('/users/find');
  expect(sent).toHaveLength(0);
});

test('suggests users the tab has seen from Find and Ctrl+K, with no request @both-modes', async ({
  page,
  signIn,
}) => {
  await signIn();
  const nameLink = page
    .getByRole('table', { name: 'Users' })
    .locator('tbody tr')
    .nth(3)
    .getByRole('link');
  await expect(nameLink).toHaveText(/\S/);
  const firstName = (await nameLink.innerText()).trim();
  const sent = countListRequests(page);
  await findBox(page).fill(firstName);
  await expect(page.getByRole('listbox', { name: 'Seen in this tab' })).toContainText(firstName);
  await findBox(page).press('Escape');
  await page.locator('main').click();
  const menu = page.getByRole('dialog', { name: 'Command menu' });
  await expect(async () => {
    await page.keyboard.press('Control+k');
    await expect(menu).toBeVisible({ timeout: 500 });
  }).toPass();
  await menu.getByRole('combobox').fill(firstName);
  const escaped = firstName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  await expect(
    menu.getByRole('option', { name: new RegExp(`^Open ${escaped}`) }).first(),
  ).toBeVisible();
  expect(sent).toHaveLength(0);
});

test('looks up many users at once, in the order given, and exports the answers', async ({
  page,
  signIn,
}) => {
  await signIn();
  await page.getByRole('link', { name: 'Look up many' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Look up many users');
  await page
    .getByLabel('IDs, e-mails or links')
    .fill(
      'user_grace_hopper, user_nobody_here\nemile.zola@example.org user_grace_hopper\nnot-an-id',
    );
  await page.getByRole('button', { name: 'Look up all' }).click();
  const results = page.getByRole('table', { name: 'Results' });
  await expect(page.getByRole('progressbar', { name: 'Lookup progress' })).toHaveAttribute(
    'aria-valuenow',
    '4',
  );
  const rows = results.locator('tbody tr');
  await expect(rows).toHaveCount(4);
  await expect(rows.nth(0)).toContainText('Found');
  await expect(rows.nth(0)).toContainText('Grace Hopper');
  await expect(rows.nth(1)).toContainText('Not found');
  await expect(rows.nth(2)).toContainText('Émile Zola');
  // A name now (issue 31): searched as Find does, anywhere in names when nothing starts with it.
  await expect(rows.nth(3)).toContainText('Not found: no name has it');

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await downloading;
  const text = (await readFile((await file.path()) ?? '')).subarray(3).toString('utf8');
  const csv = parseCsv(text);
  expect(csv[0]).toEqual(['input', 'status', 'id', 'name', 'email', 'created_at']);
  expect(csv.slice(1).map((row) => row[1])).toEqual([
    'Found',
    'Not found',
    'Found',
    'Not found: no name has it',
  ]);
});

test('bulk lookup slows down on a 429 and answers every row', async ({
  page,
  signIn,
  setScenario,
}) => {
  const token = await signIn({ next: '/users/bulk' });
  await setScenario(token, {
    fail: { path: '/v1/users/user_grace_hopper', status: 429, count: 1, retryAfter: 1 },
  });
  await page
    .getByLabel('IDs, e-mails or links')
    .fill(
      [
        'user_grace_hopper',
        'user_emile_zola',
        'user_yamada_taro',
        'user_aleksei_smirnov',
        'user_longtext',
        'user_hostile',
      ].join('\n'),
    );
  await page.getByRole('button', { name: 'Look up all' }).click();
  const rows = page.getByRole('table', { name: 'Results' }).locator('tbody tr');
  await expect(page.getByRole('status')).toContainText('Looked up 6 entries', { timeout: 15_000 });
  for (let i = 0; i < 6; i += 1) await expect(rows.nth(i)).toContainText('Found');
});

test('the search stays out of what leaves the tab: the query string, the title, the Referer', async ({
  page,
  signIn,
}) => {
  // An older link still opens; the search moves into the fragment, in place.
  await signIn({ next: '/users/find?q=Mar' });
  await expect(page).toHaveURL(/\/users\/find#q=Mar$/);
  await expect(page).toHaveTitle('Find user · Admin console');
  // From here on, nothing the tab sends (the reload's document included) carries the search.
  const sent: { url: string; referer: string | undefined }[] = [];
  page.on('request', (request) =>
    sent.push({ url: request.url(), referer: request.headers()['referer'] }),
  );
  await page.reload();
  await expect(findStatus(page)).toHaveText(/match/);
  expect(sent.length).toBeGreaterThan(0);
  expect(sent.filter(({ url }) => /Mar/.test(url))).toEqual([]);
  expect(sent.filter(({ referer }) => referer)).toEqual([]);
  // Back keeps the search, within the tab.
  await find(page, 'Ada');
  await expect(page).not.toHaveURL(/#q=Mar$/);
  await page.goBack();
  await expect(page).toHaveURL(/#q=Mar$/);
  await expect(findStatus(page)).toHaveText(/match/);
});
