import type { APIRequestContext } from '@playwright/test';
import { expect, test, type Page } from './support/fixtures';

/**
 * One time zone for every time shown (#38 item 1), in browsers far from UTC: a day searched is the
 * day shown, the Overview's months are the zone's, and the choice is remembered on the device.
 * The expected answers are worked out here from the whole list of users, with the zone's own rules.
 */

const findBox = (page: Page) => page.getByRole('combobox', { name: 'Find', exact: true });
const findStatus = (page: Page) => page.getByRole('status').filter({ hasText: /request/ });
const matches = (page: Page) => page.getByRole('table', { name: 'Matches' });
/** The header's Time zone: a menu button that shows the zone's short name. */
const zoneButton = (page: Page) =>
  page.getByRole('banner').getByRole('button', { name: /^Time zone: / });

async function signUpTimes(request: APIRequestContext, apiBase: string, token: string) {
  const times: { id: string; at: number }[] = [];
  for (let page = 1; ; page += 1) {
    const response = await request.get(`${apiBase}/v1/users?page=${page}&limit=100`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    const body = (await response.json()) as {
      data: { id: string; created_at: string }[];
      meta: { total: number };
    };
    times.push(...body.data.map((user) => ({ id: user.id, at: Date.parse(user.created_at) })));
    if (times.length >= body.meta.total || body.data.length === 0) return times;
  }
}

/** `2022-09-22` for an instant, in a zone. */
function dayIn(zone: string, at: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(at);
}

/** "Sep 22, 2022": how the table writes that day (Playwright's browser speaks en-US). */
function shownDay(zone: string, at: number): string {
  return new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    year: 'numeric',
    month: 'short',
    day: 'numeric',
  }).format(at);
}

function tally(keys: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const key of keys) counts.set(key, (counts.get(key) ?? 0) + 1);
  return counts;
}

/** Searches a day and checks that exactly the users of that day in `zone` are listed, each shown on it. */
async function expectDaySearch(page: Page, day: string, zone: string, times: { at: number }[]) {
  const expected = times.filter((user) => dayIn(zone, user.at) === day);
  await findBox(page).fill(day);
  await findBox(page).press('Enter');
  await expect(page.getByText(`(a day in ${zone}, 00:00 to 24:00)`)).toBeVisible();
  await expect(findStatus(page)).toHaveText(
    new RegExp(`^${expected.length} (?:match|matches) · \\d+ requests?$`),
  );
  const created = matches(page).locator('tbody tr td:last-child time');
  await expect(created).toHaveCount(expected.length);
  const label = shownDay(zone, expected[0]?.at ?? 0);
  for (const cell of await created.all()) {
    await expect(cell).toContainText(label);
    await expect(cell).toContainText(zone === 'UTC' ? /UTC$/ : /(PDT|PST|NZDT|NZST|GMT[+-]\d+)$/);
  }
  return expected.length;
}

test.describe('in Los Angeles', () => {
  test.use({ timezoneId: 'America/Los_Angeles' });

  test('a day searched is the day shown, in UTC and in the device’s zone, and the choice stays', async ({
    page,
    signIn,
    request,
    apiBase,
  }) => {
    const token = await signIn({ next: '/users?limit=10' });
    const times = await signUpTimes(request, apiBase, token);
    // A sign-up in the first hours of a UTC day: the evening before in Los Angeles.
    const early = times.find((user) => user.at % 86_400_000 < 6 * 3_600_000);
    expect(early, 'a sign-up within hours of midnight UTC').toBeDefined();
    const day = dayIn('UTC', early!.at);
    expect(dayIn('America/Los_Angeles', early!.at)).not.toBe(day);

    // UTC by default, and said beside every time.
    await expect(zoneButton(page)).toHaveAccessibleName('Time zone: UTC');
    await expect(page.getByRole('table').locator('tbody time').first()).toHaveText(/UTC$/);
    const inUtc = await expectDaySearch(page, day, 'UTC', times);
    await expect(matches(page)).toContainText(shownDay('UTC', early!.at));

    await zoneButton(page).click();
    const choices = page.getByRole('menu', { name: /^Time zone/ }).getByRole('menuitemradio');
    await expect(choices).toHaveText(['UTC', 'America/Los_Angeles (this device)']);
    await expect(choices.first()).toHaveAttribute('aria-checked', 'true');
    await choices.last().click();
    await expect(zoneButton(page)).toHaveAccessibleName(/^Time zone: (PDT|PST)$/);
    // The same search, counted again for Los Angeles' day: no UTC answer shown as this one.
    await expect(page.getByText('(a day in America/Los_Angeles, 00:00 to 24:00)')).toBeVisible();
    await expectDaySearch(page, day, 'America/Los_Angeles', times);
    expect(inUtc).toBeGreaterThan(0);
    const previous = dayIn('America/Los_Angeles', early!.at);
    await expectDaySearch(page, previous, 'America/Los_Angeles', times);

    // Filter matches' dates are the zone's too.
    await expect(page.getByLabel('Created from (America/Los_Angeles)')).toBeVisible();

    // Remembered on the device; the user page and the token follow it.
    await page.goto(`/users/${early!.id}`);
    await expect(zoneButton(page)).toHaveAccessibleName(/^Time zone: (PDT|PST)$/);
    const created = page.locator('main dd time');
    await expect(created).toHaveText(
      new RegExp(`^${shownDay('America/Los_Angeles', early!.at)}, .*(PDT|PST)$`),
    );
    await expect(created).toHaveAttribute('datetime', new Date(early!.at).toISOString());

    // The Users page's Signed up filter searches the same days.
    await page.goto('/users');
    const filter = page.getByRole('group', { name: 'Signed up' });
    await expect(filter).toContainText('Days in America/Los_Angeles');
    await filter.getByLabel('From').fill(previous);
    await filter.getByRole('button', { name: 'Find sign-ups' }).click();
    const expected = times.filter((user) => dayIn('America/Los_Angeles', user.at) === previous);
    await expect(findStatus(page)).toHaveText(
      new RegExp(`^${expected.length} (?:match|matches) · \\d+ requests?$`),
    );
  });
});

test.describe('in Auckland (UTC+13 in summer)', () => {
  test.use({ timezoneId: 'Pacific/Auckland' });

  test('the Overview counts Auckland’s months, chosen in the command menu, and a month leads to its days', async ({
    page,
    signIn,
    request,
    apiBase,
  }) => {
    test.slow(); // the overview counted twice, the list read whole
    const token = await signIn({ next: '/overview' });
    const times = await signUpTimes(request, apiBase, token);
    const signUps = page.getByRole('figure', { name: 'Sign-ups per month' });
    await expect(signUps).toContainText('counted per month in UTC');

    await page.keyboard.press('Control+k');
    const menu = page.getByRole('dialog', { name: 'Command menu' });
    await menu.getByRole('combobox').fill('time zone');
    await menu.getByRole('option', { name: 'Time zone: Pacific/Auckland (this device)' }).click();
    await expect(signUps).toContainText('counted per month in Pacific/Auckland');
    await expect(zoneButton(page)).toHaveAccessibleName(/^Time zone: (NZDT|NZST|GMT\+1[23])$/);

    // user_hostile signed up at 23:59:59 UTC on 2024-02-29: in Auckland, on 1 March.
    const byMonth = tally(times.map((user) => dayIn('Pacific/Auckland', user.at).slice(0, 7)));
    await signUps.getByRole('button', { name: 'Show as table' }).click();
    const rows = page.getByRole('table', { name: 'Sign-ups per month' }).locator('tbody tr');
    const shown = await rows.evaluateAll((trs) =>
      trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent ?? '')),
    );
    const months = [...byMonth.keys()].sort();
    expect(shown[0]?.[0]).toBe(months[0]);
    expect(shown.at(-1)?.[0]).toBe(months.at(-1));
    for (const [month = '', count = ''] of shown) {
      expect(Number(count.replace(/,/g, '')), month).toBe(byMonth.get(month) ?? 0);
    }
    const utcMonths = tally(times.map((user) => dayIn('UTC', user.at).slice(0, 7)));
    expect(byMonth.get('2024-03')).not.toBe(utcMonths.get('2024-03'));

    await page
      .getByRole('table', { name: 'Sign-ups per month' })
      .getByRole('link', { name: '2024-03' })
      .click();
    await expect(page).toHaveURL(/\/users\/find#q=2024-03-01\.\.2024-03-31$/);
    await expect(page.getByText('(days in Pacific/Auckland)')).toBeVisible();
    await expect(findStatus(page)).toHaveText(
      new RegExp(`^${byMonth.get('2024-03')} (?:match|matches) · \\d+ requests?$`),
    );
    // The first of the month in Auckland, from the last second of February in UTC.
    await findBox(page).fill('2024-03-01');
    await findBox(page).press('Enter');
    await expect(matches(page)).toContainText('Mallory');
    // (The browser writes a narrow no-break space before PM.)
    await expect(matches(page)).toContainText(/Mar 1, 2024, 12:59\sPM GMT\+13/);
  });
});

test('sign-ups dated 0001 and 9999 get a bar before and after the months, not 97,000 bars', async ({
  page,
  signIn,
}) => {
  // The oldest and the newest user, moved to the ends of the calendar in every page read by
  // sign-up date (the first row of the first page, the last row of the last).
  await page.route(/\/v1\/users\?.*sort=created_at/, async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as {
      data: { created_at: string }[];
      meta: { total: number; page: number; limit: number };
    };
    const { page: number, limit, total } = body.meta;
    if (number === 1 && body.data[0]) body.data[0].created_at = '0001-01-01T00:00:00Z';
    const last = body.data.at(-1);
    if (last && number * limit >= total) last.created_at = '9999-12-31T00:00:00Z';
    const headers = { ...response.headers() };
    delete headers['content-length'];
    await route.fulfill({ status: response.status(), headers, json: body });
  });
  await signIn({ next: '/overview' });
  const signUps = page.getByRole('figure', { name: 'Sign-ups per month' });
  await expect(signUps).toContainText('2 more signed up far earlier or later');
  await signUps.getByRole('button', { name: 'Show as table' }).click();
  const rows = page.getByRole('table', { name: 'Sign-ups per month' }).locator('tbody tr');
  expect(await rows.count()).toBeLessThanOrEqual(242);
  await expect(rows.first()).toHaveText(/^Before \d{4}-\d{2}1$/);
  await expect(rows.last()).toHaveText(/^After \d{4}-\d{2}1$/);
  await expect(page.getByRole('definition').first()).toHaveText(/^[\d,]+$/);
  // The users table reads sort=created_at too: no rewriting in flight as the test ends.
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  await rows.first().getByRole('link').click();
  await expect(page).toHaveURL(/\/users\?sort=created_at$/);
});
