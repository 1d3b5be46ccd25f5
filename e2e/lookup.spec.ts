import { DEMO_SIGNING_SECRET, mintDemoToken, signJwt } from '../src/mocks/jwt';
import { nextCopiedText, recordClipboard } from './support/clipboard';
import { expect, test, type Page } from './support/fixtures';
import { E2E_PORTS, MOCK_API_2_URL } from './support/ports';
import { LOADED, signInHere, tokensForTwoApis } from './support/several-apis';

/**
 * Support-grade lookups (issue 31): what a help desk pastes is taken as pasted, a search says
 * what it searched, and every match can be reached. One test per finding of the review.
 */

const findBox = (page: Page) => page.getByRole('combobox', { name: 'Find', exact: true });
const bulkBox = (page: Page) => page.getByLabel('IDs, e-mails or links');
const results = (page: Page) => page.getByRole('table', { name: 'Results' });

async function find(page: Page, text: string) {
  await findBox(page).fill(text);
  await findBox(page).press('Enter');
}

test('finding 1: addresses and ids as mail clients and help desks copy them are found', async ({
  page,
  signIn,
}) => {
  await signIn({ next: '/users/bulk' });
  for (const [pasted, name] of [
    ['mailto:emile.zola@example.org?subject=Ticket%20123', 'Émile Zola'],
    ['Grace Hopper <grace.hopper@example.org>', 'Grace Hopper'],
    ['maria.delacruz@example.org.', 'de la Cruz María'],
    ['USER_YAMADA_TARO', '山田 太郎'],
    ['https://console.example.com/users/user_emile_zola?tab=raw#top', 'Émile Zola'],
  ] as const) {
    await find(page, pasted);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name, { timeout: 15_000 });
  }

  await page.goto('/users/bulk');
  await bulkBox(page).fill(
    [
      '<grace.hopper@example.org>',
      '"aleksei.smirnov@example.org"',
      'Émile Zola <emile.zola@example.org>; de la Cruz María <maria.delacruz@example.org>',
      "'yamada.taro@example.org',",
    ].join('\n'),
  );
  await page.getByRole('button', { name: 'Look up all' }).click();
  const rows = results(page).locator('tbody tr');
  await expect(rows).toHaveCount(5);
  const names = ['Grace Hopper', 'Алексей Смирнов', 'Émile Zola', 'de la Cruz María', '山田 太郎'];
  for (const [index, name] of names.entries()) {
    await expect(rows.nth(index)).toContainText('Found');
    await expect(rows.nth(index)).toContainText(name);
  }
});

test('finding 5: a line with spaces is one entry, a name or a name with its address', async ({
  page,
  signIn,
}) => {
  await signIn({ next: '/users/bulk' });
  await bulkBox(page).fill(
    ['not an id at all', 'Grace Hopper', 'user_emile_zola', 'Mårten Okafor, Ada Lovelace'].join(
      '\n',
    ),
  );
  await page.getByRole('button', { name: 'Look up all' }).click();
  const rows = results(page).locator('tbody tr');
  await expect(rows).toHaveCount(4);
  await expect(rows.nth(0).locator('td').first()).toHaveText('not an id at all');
  await expect(rows.nth(1).locator('td').first()).toHaveText('Grace Hopper');
  await expect(rows.nth(2)).toContainText('Émile Zola');
  // A comma between two names is part of one entry: only addresses and ids are split there.
  await expect(rows.nth(3).locator('td').first()).toHaveText('Mårten Okafor, Ada Lovelace');
  // A name is looked up as Find does: how many matched, with a link to them.
  await expect(rows.nth(0)).toContainText('Not found: no name has it');
  await expect(rows.nth(1)).toContainText('Found: 1 match');
  await expect(rows.nth(1).getByRole('link', { name: 'user_grace_hopper' })).toBeVisible();

  await bulkBox(page).fill('Kowalski');
  await page.getByRole('button', { name: 'Look up all' }).click();
  const many = rows.first().getByRole('link', { name: /^\d+ matches$/ });
  await expect(many).toBeVisible();
  await many.click();
  await expect(page).toHaveURL(/\/users\/find#q=Kowalski$/);
});

test('finding 4: Look up many keeps the list and the results for the tab, until sign-out', async ({
  page,
  signIn,
}) => {
  await signIn({ next: '/users/bulk' });
  await bulkBox(page).fill('user_grace_hopper\nuser_nobody_here');
  await page.getByRole('button', { name: 'Look up all' }).click();
  const rows = results(page).locator('tbody tr');
  await expect(rows.nth(1)).toContainText('Not found');
  await rows.nth(0).getByRole('link', { name: 'user_grace_hopper' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Grace Hopper');

  await page.goBack();
  await expect(bulkBox(page)).toHaveValue('user_grace_hopper\nuser_nobody_here');
  await expect(rows.nth(0)).toContainText('Found');
  await expect(rows.nth(1)).toContainText('Not found');
  await page.reload();
  await expect(rows.nth(0)).toContainText('Grace Hopper');

  // On a phone the results are cards.
  await page.setViewportSize({ width: 390, height: 800 });
  await expect(page.getByRole('list', { name: 'Results' }).getByRole('listitem')).toHaveCount(2);
  await page.setViewportSize({ width: 1280, height: 720 });

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login/);
  await signIn({ next: '/users/bulk' });
  await expect(bulkBox(page)).toHaveValue('');
  await expect(results(page)).toHaveCount(0);
});

test('finding 6: fields the console does not know are listed under Other fields, as the API varies', async ({
  page,
  signIn,
  setScenario,
}) => {
  const token = await signIn({ next: '/users/user_grace_hopper' });
  const other = page.getByRole('region', { name: 'Other fields' });
  // The mock's default API adds `role` only.
  await expect(other).toContainText('role');
  await expect(other).not.toContainText('last_login');
  // Another API adds what a "can't log in" ticket needs, one of them nested.
  await setScenario(token, {
    userFields: {
      status: 'locked',
      locked: true,
      last_login: '2026-11-20T08:15:00Z',
      mfa: { methods: ['totp'] },
    },
  });
  await page.reload();
  await expect(other).toContainText('status');
  await expect(other).toContainText('locked');
  await expect(other).toContainText('true');
  await expect(other).toContainText('2026-11-20T08:15:00Z');
  await expect(other).toContainText('"totp"');
  // Raw JSON stays, with the same fields.
  await page.getByRole('button', { name: 'Raw JSON' }).click();
  await expect(page.getByText('"last_login"')).toBeVisible();
});

test('finding 7: Copy for ticket hands the person over in one block', async ({
  page,
  signIn,
  setScenario,
}) => {
  await recordClipboard(page);
  const token = await signIn({ next: '/account' });
  await setScenario(token, { userFields: { status: 'suspended' } });
  await page.goto('/users/user_grace_hopper');
  await page.getByRole('button', { name: 'Copy for ticket' }).click();
  const text = await nextCopiedText(page, 0);
  expect(text).toContain('- ID: `user_grace_hopper`');
  expect(text).toContain('- Name: `Grace Hopper`');
  expect(text).toContain('- E-mail: `grace.hopper@example.org`');
  expect(text).toContain('- Created (UTC): 2022-09-09T09:00:00.000Z');
  expect(text).toMatch(/- Console link: `https?:\/\/[^`]+\/users\/user_grace_hopper`/);
  expect(text).toMatch(/- API: .+ \(`https?:\/\/[^`]+`\)/);
  expect(text).toContain('  - `status`: `suspended`');
  expect(text).toContain('  - `role`: `');
  expect(text).toContain('  - `profile.location`: `Arlington, United States`');
  expect(text).not.toContain(token);
});

test('finding 8: the session-ended dialog keeps the page in view and says why it ended', async ({
  page,
  signIn,
  setScenario,
}) => {
  await page.clock.install();
  await signIn({ next: '/users/user_grace_hopper' });
  const heading = page.getByRole('heading', { level: 1, name: 'Grace Hopper' });
  await expect(heading).toBeVisible();
  const dialog = page.getByRole('dialog', { name: 'Renew session' });

  await page.clock.fastForward('01:01:00');
  await expect(dialog).toContainText(/The token expired at \d\d:\d\d UTC/);
  // The page is still there to see, dimmed and out of reach until renewed.
  await expect(page.locator('h1', { hasText: 'Grace Hopper' })).toBeVisible();
  await expect(page.locator('[inert]')).toContainText('Grace Hopper');

  // Minted for the page's clock, an hour on.
  const fresh = await mintDemoToken(
    'valid',
    Math.floor((await page.evaluate(() => Date.now())) / 1000),
  );
  await dialog.getByLabel('Access token').fill(fresh);
  await dialog.getByRole('button', { name: 'Renew' }).click();
  await expect(dialog).toHaveCount(0);

  // A token the API refuses (revoked) is told apart from an expired one.
  await setScenario(fresh, { fail: { path: '/', status: 401, count: 5 } });
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(dialog).toContainText(
    /The API refused the token \(401\): “[^”]+”\.? Request ID req_/,
  );
  await expect(page.locator('h1', { hasText: 'Grace Hopper' })).toBeVisible();
});

/** Find's own status: what was searched, how many matched, how many requests. */
const findStatus = (page: Page) => page.getByRole('status').filter({ hasText: /request/ });
const matchesTable = (page: Page) => page.getByRole('table', { name: 'Matches' });

test('finding 2: a surname is searched anywhere in names at once, never "not found"', async ({
  page,
  signIn,
}) => {
  await signIn({ next: '/account' });
  const listPages: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (/\/v1\/users$/.test(url.pathname)) listPages.push(url.search);
  });
  await find(page, 'Kowalski');
  await expect(findStatus(page)).toContainText(
    /^No name starts with “Kowalski” · anywhere in names: \d+ matches · \d+ requests$/,
  );
  const rows = matchesTable(page).locator('tbody tr');
  await expect(rows.nth(1)).toBeVisible();
  for (const name of await rows.locator('td:nth-child(2)').allInnerTexts()) {
    expect(name).toContain('Kowalski');
  }
  // The whole list was read, each page once.
  const read = listPages.filter((search) => !search.includes('sort='));
  expect(read.length).toBeGreaterThan(5);
  expect(new Set(read).size).toBe(read.length);

  // A surname only one person has opens that person.
  await find(page, 'hopper');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Grace Hopper');
});

test('finding 3: matches can be narrowed in the page and exported under a telling name', async ({
  page,
  signIn,
}) => {
  await signIn({ next: '/account' });
  await find(page, 'Kowalski');
  await expect(findStatus(page)).toContainText(/anywhere in names: \d+ matches/);
  const total = Number(/(\d+) matches/.exec((await findStatus(page).textContent()) ?? '')?.[1]);
  const filters = page.getByRole('group', { name: 'Filter matches' });
  const sent: string[] = [];
  page.on('request', (request) => sent.push(request.url()));
  await filters.getByLabel('E-mail or domain').fill('@example.org');
  await expect(filters).toContainText(new RegExp(`of ${total} matches shown`));
  for (const email of await matchesTable(page)
    .locator('tbody tr td:nth-child(3)')
    .allInnerTexts()) {
    expect(email).toContain('@example.org');
  }
  await filters.getByLabel('Created to (UTC)').fill('2000-01-01');
  await expect(matchesTable(page)).toContainText('No match passes the filter');
  expect(sent.filter((url) => url.includes('/v1/'))).toEqual([]);
  await filters.getByLabel('Created to (UTC)').fill('');

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await downloading;
  expect(file.suggestedFilename()).toMatch(/^users-find-kowalski-\d{4}-\d\d-\d\d\.csv$/);
});

/** Ids no user has, apart from other runs against the same servers; `count` of them. */
function unknownIds(label: string, count: number): { prefix: string; ids: string[] } {
  const prefix = `user_${label}_${Math.random().toString(36).slice(2, 8)}_`;
  return { prefix, ids: Array.from({ length: count }, (_, index) => `${prefix}${index + 1}`) };
}

/** Someone else's token: another `sub` than the demo tokens'. */
function otherPersonToken(): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return signJwt(
    { sub: 'demo-auditor', name: 'Demo Auditor', iat: now, exp: now + 3600, jti: `${now}` },
    DEMO_SIGNING_SECRET,
  );
}

test('#42: a sign-out mid-lookup keeps none of it for whoever signs in next', async ({
  page,
  signIn,
  setScenario,
}) => {
  const first = await signIn({ next: '/users/bulk' });
  // Slow answers: the lookup is still going at the sign-out.
  await setScenario(first, { latencyMs: 1500 });
  const { prefix, ids } = unknownIds('signed_out', 40);
  await bulkBox(page).fill(ids.join('\n'));
  await page.getByRole('button', { name: 'Look up all' }).click();
  await expect(page.getByRole('button', { name: 'Cancel lookup' })).toBeVisible();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login/);

  await signIn({ token: await otherPersonToken(), next: '/users/bulk' });
  await expect(page.getByRole('banner')).toContainText('Demo Auditor');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Look up many users');
  await expect(bulkBox(page)).toHaveValue('');
  await expect(results(page)).toHaveCount(0);
  expect(await page.evaluate(() => JSON.stringify({ ...sessionStorage }))).not.toContain(prefix);
});

test('#42: another API chosen mid-lookup shows none of it; back on the first, what it answered is there', async ({
  page,
}) => {
  test.slow(); // two sign-ins and three app restarts: over 30 s on a loaded machine
  const tokens = await tokensForTwoApis();
  const apiSelect = page.getByRole('combobox', { name: 'API' });
  const heading = page.getByRole('heading', { name: 'Look up many users', level: 1 });
  await page.goto(`http://127.0.0.1:${E2E_PORTS.severalApis}/login?next=%2Fusers%2Fbulk`);
  await signInHere(page, tokens.staging);
  await expect(heading).toBeVisible(LOADED);
  await apiSelect.selectOption('Production');
  await signInHere(page, tokens.production);
  await expect(heading).toBeVisible(LOADED);
  // Production answers slowly: its lookups are in flight at the switch.
  const slow = await page.request.post(`${MOCK_API_2_URL}/__demo/scenario`, {
    headers: { Authorization: `Bearer ${tokens.production}` },
    data: { latencyMs: 1500 },
  });
  expect(slow.status()).toBe(204);
  const { prefix, ids } = unknownIds('switched', 40);
  await bulkBox(page).fill(ids.join('\n'));
  await page.getByRole('button', { name: 'Look up all' }).click();
  await expect(page.getByRole('button', { name: 'Cancel lookup' })).toBeVisible();

  await apiSelect.selectOption('Staging');
  await expect(page.getByRole('note', { name: 'Production' })).toHaveCount(0);
  await expect(heading).toBeVisible(LOADED);
  await expect(bulkBox(page)).toHaveValue('');
  await expect(results(page)).toHaveCount(0);
  // Opened again, still nothing of Production's: nothing was written under Staging's key.
  await page.getByRole('link', { name: 'Back to Users' }).click();
  await page.goBack();
  await expect(heading).toBeVisible(LOADED);
  await expect(bulkBox(page)).toHaveValue('');
  await expect(results(page)).toHaveCount(0);

  await apiSelect.selectOption('Production');
  await expect(page.getByRole('note', { name: 'Production' })).toBeVisible(LOADED);
  await expect(bulkBox(page)).toHaveValue(ids.join('\n'));
  const rows = results(page).locator('tbody tr');
  await expect(rows).toHaveCount(40);
  await expect(rows.last()).toContainText(
    'Not looked up: the lookup stopped when the page was left',
  );
  await expect(rows.first()).toContainText(prefix);
});
