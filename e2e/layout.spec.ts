import { DEMO_SIGNING_SECRET, signJwt } from '../src/mocks/jwt';
import { expect, test, type Page } from './support/fixtures';
import { MOCK_API_URL } from './support/ports';

/** What screenshots showed: the header's one row, the heading's focus, row density, phones. */

const heading = (page: Page) => page.getByRole('heading', { level: 1 });
const status = (page: Page) => page.getByRole('status');

/**
 * Presses the keys once, then waits for what they do. Once only: a key pressed before the
 * shortcuts' module arrives is kept and handled when it does (shortcuts-when-ready.tsx), so
 * pressing it again when that is slow doubles it (a second `/` typed into the box the first one
 * had focused: the flake this replaced).
 */
async function pressThen(page: Page, keys: string[], done: () => Promise<void>) {
  for (const key of keys) await page.keyboard.press(key);
  await done();
}

/** Whether two boxes share a horizontal band (sit on one row). */
function sameRow(a: { y: number; height: number }, b: { y: number; height: number }): boolean {
  return a.y < b.y + b.height && b.y < a.y + a.height;
}

test.describe('the header with a long API host and a long e-mail', () => {
  // The API is served under a long host name by routing it to the mock; the policy the build's
  // server sends names the mock's real origin, so the page's own policy check is set aside.
  test.use({ bypassCSP: true });
  const LONG_HOST =
    'https://customer-operations-api.eu-west-1.staging.internal.example-corporation.com';
  const LONG_EMAIL =
    'maximiliana.alexandrova-featherstonehaugh@customer-operations.example-corporation.com';

  test('stays one row at 1024, 1280 and 1600 px, the host and e-mail cut with the whole in a title', async ({
    page,
    signIn,
  }) => {
    await page.route('**/config.json', (route) =>
      route.fulfill({ json: { apiBaseUrl: LONG_HOST } }),
    );
    await page.route(`${LONG_HOST}/**`, async (route) => {
      const url = route.request().url().replace(LONG_HOST, MOCK_API_URL);
      await route.fulfill({ response: await route.fetch({ url }) });
    });
    const now = Math.floor(Date.now() / 1000);
    const token = await signJwt(
      { sub: 'support-7', email: LONG_EMAIL, iat: now, exp: now + 3600 },
      DEMO_SIGNING_SECRET,
    );
    // Through the form: the session must name the long host config.json gives.
    await signIn({ token, next: '/users?limit=10', form: true });
    await expect(status(page)).toHaveText('1–10 of 1,000');

    const banner = page.getByRole('banner');
    const title = banner.getByText('Admin console', { exact: true });
    const host = banner.getByTitle(LONG_HOST);
    const who = banner.getByTitle(LONG_EMAIL);
    const lookup = page.getByRole('combobox', { name: 'Find', exact: true });
    const firstLink = page.getByRole('link', { name: 'Users' });
    const signOut = page.getByRole('button', { name: 'Sign out' });
    const box = async (locator: ReturnType<Page['locator']>) => {
      const rect = await locator.boundingBox();
      expect(rect, 'a header item on screen').not.toBeNull();
      return rect as NonNullable<typeof rect>;
    };
    for (const width of [1024, 1280, 1600]) {
      await page.setViewportSize({ width, height: 800 });
      const first = await box(title);
      for (const item of [host, firstLink, lookup, who, signOut]) {
        expect(sameRow(first, await box(item)), `${width} px: one row`).toBe(true);
      }
      const last = await box(signOut);
      expect(last.x + last.width, `${width} px: nothing beyond the edge`).toBeLessThanOrEqual(
        width,
      );
      // One row of controls: a wrapped header would be about twice this.
      expect((await box(banner)).height, `${width} px: header height`).toBeLessThan(64);
    }
    // At the narrowest, the long texts are cut, not the page's controls.
    await page.setViewportSize({ width: 1024, height: 800 });
    for (const cut of [host, who]) {
      expect(await cut.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
    }
    await expect(page.getByRole('navigation', { name: 'Main' })).toHaveText(
      'OverviewUsersProductsAccount',
    );
  });
});

test('the heading takes the focus without a ring; a keyboard user’s ring is unchanged', async ({
  page,
  signIn,
}) => {
  await signIn();
  await pressThen(page, ['g', 'p'], () => expect(page).toHaveURL(/\/products$/));
  await expect(heading(page)).toBeFocused();
  // After keys, a focus by script matches :focus-visible in Chromium: the heading opts out.
  expect(await heading(page).evaluate((element) => element.matches(':focus-visible'))).toBe(true);
  expect(await heading(page).evaluate((element) => getComputedStyle(element).outlineStyle)).toBe(
    'none',
  );
  await page.keyboard.press('Tab');
  const focused = page.locator(':focus');
  await expect(focused).toHaveAccessibleName('Refresh');
  expect(await focused.evaluate((element) => getComputedStyle(element).outlineStyle)).toBe('solid');
});

test('Requests is a button that looks like one; Compact rows are about 28 px', async ({
  page,
  signIn,
}) => {
  await signIn({ next: '/users?limit=10' });
  await expect(status(page)).toHaveText('1–10 of 1,000');
  const requests = page.getByRole('button', { name: 'Requests' });
  const signOut = page.getByRole('button', { name: 'Sign out' });
  const border = (element: Element) => getComputedStyle(element).borderTopWidth;
  expect(await requests.evaluate(border)).toBe('1px');
  expect(await requests.evaluate(border)).toBe(await signOut.evaluate(border));

  const row = page.getByRole('table', { name: 'Users' }).locator('tbody tr').first();
  const comfortable = (await row.boundingBox())?.height ?? 0;
  await page.getByLabel('Row density').selectOption('compact');
  await expect(async () => {
    const compact = (await row.boundingBox())?.height ?? 0;
    expect(compact).toBeGreaterThanOrEqual(26);
    expect(compact).toBeLessThanOrEqual(30);
  }).toPass();
  expect(comfortable).toBeGreaterThanOrEqual(36);
});

test('a user page and its error alert share one width', async ({ page, signIn }) => {
  await signIn({ next: '/users/user_missing_for_width' });
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('404');
  // The full alert (loaded after a first, plain one) is the one to measure.
  await expect(alert.getByRole('button', { name: 'Copy request ID' })).toBeVisible();
  const back = page.getByRole('link', { name: 'Back to users' });
  const content = back.locator('..');
  const alertBox = await alert.boundingBox();
  const contentBox = await content.boundingBox();
  expect(alertBox?.width).toBe(contentBox?.width);
  // The profile's own width (max-w-3xl, 768 px), not the page's.
  expect(alertBox?.width ?? 0).toBeLessThanOrEqual(768);
});

test('the Requests panel keeps each entry’s buttons in the same place', async ({
  page,
  signIn,
}) => {
  await signIn({ next: '/users?limit=10' });
  await expect(status(page)).toHaveText('1–10 of 1,000');
  // Requests of different paths and lengths: a list, a user, a missing user.
  // In-app navigation: the log lives in the page.
  const lookup = page.getByRole('combobox', { name: 'Find', exact: true });
  await lookup.fill('user_longtext');
  await lookup.press('Enter');
  await expect(heading(page)).toHaveText(/^Maximiliana/);
  await lookup.fill('user_zzzzzzzzzz');
  await lookup.press('Enter');
  await expect(page.getByRole('alert')).toContainText('404');
  await page.getByRole('button', { name: 'Requests' }).click();
  const panel = page.getByRole('dialog', { name: 'Requests' });
  const curl = panel.getByRole('button', { name: 'Copy as curl' });
  await expect(curl.nth(1)).toBeVisible();
  const count = await curl.count();
  const rights = new Set<number>();
  for (let index = 0; index < count; index += 1) {
    const rect = await curl.nth(index).boundingBox();
    rights.add(Math.round((rect?.x ?? 0) + (rect?.width ?? 0)));
  }
  expect([...rights], 'the right edges of Copy as curl').toHaveLength(1);
  const ids = panel.getByRole('button', { name: 'Copy request ID' });
  const idRights = new Set<number>();
  for (let index = 0; index < (await ids.count()); index += 1) {
    const rect = await ids.nth(index).boundingBox();
    idRights.add(Math.round((rect?.x ?? 0) + (rect?.width ?? 0)));
  }
  expect([...idRights], 'the right edges of Copy request ID').toHaveLength(1);
});

test.describe('at 390 × 844', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the filters fold behind Filters, so the first product shows above the fold', async ({
    page,
    signIn,
  }) => {
    await signIn({ next: '/products' });
    await expect(status(page)).toHaveText('1–50 of 5,000');
    // Named Filters, then how many are set: "Filters (1 set)".
    const filters = page.getByRole('button', { name: /^Filters\b/ });
    await expect(filters).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByLabel('Category', { exact: true })).toBeHidden();
    const firstRow = page.getByRole('table', { name: 'Products' }).locator('tbody tr').first();
    const rect = await firstRow.boundingBox();
    expect((rect?.y ?? 999) + (rect?.height ?? 999), 'the first product’s bottom').toBeLessThan(
      844,
    );

    await filters.click();
    await expect(filters).toHaveAttribute('aria-expanded', 'true');
    await page.getByLabel('Category', { exact: true }).fill('Books');
    await page.getByLabel('Category', { exact: true }).press('Enter');
    await expect(page).toHaveURL(/category=Books/);
    await expect(filters).toHaveText('Filters (1 set)');
    await filters.click();
    await expect(page.getByLabel('Category', { exact: true })).toBeHidden();
    // Filters in effect are shown at first.
    await page.reload();
    await expect(filters).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByLabel('Category', { exact: true })).toHaveValue('Books');
  });

  test('cards off screen are not rendered until they scroll near, yet stay in the table', async ({
    page,
    signIn,
  }) => {
    await signIn({ next: '/users' });
    const table = page.getByRole('table', { name: 'Users' });
    await expect(status(page)).toHaveText(/^1–50 of /);
    const rows = table.locator('tbody tr');
    await expect(rows).toHaveCount(50);
    // What content-visibility skips, checkVisibility reports as not rendered.
    const rendered = (row: number) =>
      rows.nth(row).evaluate((element) => {
        const cell = element.querySelector('td');
        return cell !== null && cell.checkVisibility({ contentVisibilityAuto: true });
      });
    expect(await rendered(0), 'the first card').toBe(true);
    expect(await rendered(49), 'the last card, off screen').toBe(false);
    // Still a row of the table for assistive technology and find-in-page.
    await expect(table.getByRole('row')).toHaveCount(51);
    await rows.nth(49).scrollIntoViewIfNeeded();
    await expect.poll(() => rendered(49)).toBe(true);
    const box = await rows.nth(49).boundingBox();
    expect(box?.height ?? 0, 'the last card, at its own height').toBeGreaterThan(60);
  });
});
