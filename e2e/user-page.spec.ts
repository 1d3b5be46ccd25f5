import { expectAccessibleInBothThemes } from './support/axe';
import { nextCopiedText, recordClipboard } from './support/clipboard';
import { expect, test, type Page } from './support/fixtures';

const heading = (page: Page) => page.getByRole('heading', { level: 1 });
const lookupBox = (page: Page) => page.getByRole('combobox', { name: 'Find', exact: true });

test('opens a user from the list and goes back to the same view', async ({ page, signIn }) => {
  await signIn({ next: '/users?page=2&limit=25&sort=name' });
  await expect(page.getByRole('status')).toHaveText('26–50 of 1,000');
  const row = page.getByRole('table', { name: 'Users' }).locator('tbody tr').first();
  const name = await row.locator('td:nth-child(2)').innerText();

  await row.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/users\/user_[A-Za-z0-9_-]+$/);
  await expect(heading(page)).toHaveText(name);

  await page.getByRole('link', { name: 'Back to users' }).click();
  await expect(page).toHaveURL(/\/users\?page=2&limit=25&sort=name$/);
  await expect(page.getByRole('status')).toHaveText('26–50 of 1,000');

  await page.getByRole('link', { name, exact: true }).click();
  await expect(heading(page)).toHaveText(name);
  await page.reload();
  await expect(heading(page)).toHaveText(name);
  await page.getByRole('link', { name: 'Back to users' }).click();
  await expect(page).toHaveURL(/\/users\?page=2&limit=25&sort=name$/);
});

test('shows the profile: avatar, e-mail, location, bio with its line breaks, id', async ({
  page,
  signIn,
}) => {
  await signIn({ next: '/users/user_longtext' });
  const name =
    'Maximiliana Alexandrina Konstantinopoulou-Wolfeschlegelsteinhausenbergerdorff von Schwarzenberg-Ramírez de la Fuente III';
  await expect(heading(page)).toHaveText(name);
  // Stored as a plain-http address on the demo's avatar host, which the mock serves under the
  // API: the demo's own pictures are shown, with no "not shown" note.
  const avatar = page.getByRole('main').getByRole('img', { name });
  await expect(avatar).toHaveAttribute('src', /\/__demo\/avatars\/user_longtext\.svg$/);
  await expect
    .poll(() => avatar.evaluate((image: HTMLImageElement) => image.naturalWidth))
    .toBeGreaterThan(0);
  await expect(page.getByText(/The avatar is not shown/)).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'longtext@example.com' })).toHaveAttribute(
    'href',
    'mailto:longtext@example.com',
  );
  await expect(
    page.getByText('Llanfairpwllgwyngyllgogerychwyrndrobwllllantysiliogogogoch, Wales'),
  ).toBeVisible();
  const bio = page.getByText(/^This profile exists to test/);
  await expect(bio).toHaveCSS('white-space', 'pre-line');
  expect(await bio.innerText()).toContain('\n\nSecond paragraph');
  await expect(page.locator('dl time')).toHaveAttribute('datetime', '2021-06-15T08:30:00.000Z');
  await expect(
    page.getByRole('button', { name: 'Copy ID user_longtext', exact: true }),
  ).toBeVisible();
});

test('looks a user up by id and by a pasted URL', async ({ page, signIn, baseURL }) => {
  await signIn();
  await lookupBox(page).fill('user_longtext');
  await lookupBox(page).press('Enter');
  await expect(page).toHaveURL(/\/users\/user_longtext$/);
  await expect(heading(page)).toHaveText(/^Maximiliana/);

  await lookupBox(page).fill(`${baseURL}/users/user_hostile?from=chat`);
  await page.getByRole('button', { name: 'Find', exact: true }).click();
  await expect(page).toHaveURL(/\/users\/user_hostile$/);
  await expect(heading(page)).toHaveText('<img src=x onerror="alert(1)">Mallory');
});

test('an unknown id shows the 404 alert and how to look up another', async ({ page, signIn }) => {
  await signIn({ next: '/users/user_doesnotexist' });
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('404 Not found');
  await expect(alert).toContainText('User user_doesnotexist not found');
  await expect(alert).toContainText(/Request ID: req_[a-z0-9]+/);
  await expect(alert.getByRole('button', { name: 'Copy request ID' })).toBeVisible();
  // The same id would get the same answer: no Try again, a way to another user instead.
  await expect(alert.getByRole('button', { name: 'Try again' })).toHaveCount(0);
  await expect(page.getByText('Use the Find box above to look up another user.')).toBeVisible();
  await expect(page.getByLabel('Find', { exact: true })).toHaveCount(1);
  await alert.getByRole('button', { name: 'Look up another user' }).click();
  await expect(lookupBox(page)).toBeFocused();
});

test('long values are cut in the table; a hostile user’s values stay inert text', async ({
  page,
  signIn,
}) => {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await signIn({ next: '/users?page=20' });
  const table = page.getByRole('table', { name: 'Users' });

  // The long name is cut in the table, whole on hover (title) and on keyboard focus.
  const longName = table.getByRole('link', { name: /^Maximiliana/ });
  await expect(longName).toHaveAttribute('title', /de la Fuente III$/);
  const collapsed = await longName.boundingBox();
  await longName.focus();
  const expanded = await longName.boundingBox();
  expect(expanded?.height ?? 0).toBeGreaterThan(collapsed?.height ?? 0);
  await longName.blur();

  // The hostile name is text in the table too.
  await table.getByRole('link', { name: '<img src=x onerror="alert(1)">Mallory' }).click();

  await expect(heading(page)).toHaveText('<img src=x onerror="alert(1)">Mallory');
  await expect(page.getByText('Hello <b>admin</b>!')).toBeVisible();
  await expect(page.getByText('<script>alert(1)</script>')).toBeVisible();
  await expect(page.getByText('<svg onload=alert(1)>, Nowhere')).toBeVisible();
  await expect(page.getByRole('main').locator('img, script, b, [onerror], [onload]')).toHaveCount(
    0,
  );
  await expect(page.getByRole('main').locator('a[href^="javascript:"]')).toHaveCount(0);
  expect(dialogs).toEqual([]);
});

test('the user page has no serious accessibility problems', async ({ page, signIn }) => {
  await signIn({ next: '/users/user_longtext' });
  await expectAccessibleInBothThemes(page, () => expect(heading(page)).toBeVisible());
});

test('a generated avatar loads from the mock, under the page’s security policy @both-modes', async ({
  page,
  signIn,
}) => {
  // The first page in the API's own order holds no edge-case user (they come last).
  await signIn();
  const link = page.getByRole('table', { name: 'Users' }).locator('tbody tr a').first();
  const name = (await link.innerText()).trim();
  await link.click();
  // The users list stays on screen until the user page has loaded: wait for the page itself.
  await expect(page).toHaveURL(/\/users\/user_[a-z0-9]+$/);
  await expect(heading(page)).toHaveText(name);
  const avatar = page.getByRole('img', { name });
  await expect(avatar).toHaveAttribute('src', /\/__demo\/avatars\/user_[a-z0-9]+\.svg$/);
  await expect
    .poll(() => avatar.evaluate((image: HTMLImageElement) => image.naturalWidth))
    .toBeGreaterThan(0);
});

test('support hands on: Copy email, the raw JSON answer, and Refresh without leaving the view', async ({
  page,
  signIn,
}) => {
  await recordClipboard(page);
  await signIn({ next: '/users/user_longtext' });
  await expect(heading(page)).toHaveText(/^Maximiliana/);

  await page.getByRole('button', { name: 'Copy email' }).click();
  expect(await nextCopiedText(page, 0)).toBe('longtext@example.com');
  await expect(page.getByRole('main').getByText('Copied', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Raw JSON' }).click();
  const raw = page.getByRole('region', { name: 'User response' });
  const shown = JSON.parse(await raw.innerText()) as { data: Record<string, unknown> };
  expect(shown.data).toMatchObject({
    id: 'user_longtext',
    email: 'longtext@example.com',
    profile: { location: expect.stringContaining('Llanfairpwllgwyngyllgogerychwyrndrobwll') },
  });
  await expectAccessibleInBothThemes(page, () => expect(raw).toBeVisible());

  const updated = page.getByText(/^Updated /).locator('time');
  const before = await updated.getAttribute('datetime');
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(updated).not.toHaveAttribute('datetime', before ?? '');
  await expect(page.getByRole('button', { name: 'Raw JSON' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(raw).toBeVisible();
  await expect(heading(page)).toHaveText(/^Maximiliana/);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('"Updated just now" turning into "1 second ago" moves neither the Refresh button nor the profile', async ({
    page,
    signIn,
  }) => {
    await signIn({ next: '/users/user_longtext' });
    const updated = page.getByText(/^Updated /);
    await expect(updated).toHaveText('Updated just now');
    const refresh = page.getByRole('button', { name: 'Refresh' });
    const email = page.getByText('Email', { exact: true });
    const before = [await refresh.boundingBox(), await email.boundingBox()];
    await expect(updated).toHaveText(/^Updated \d+ seconds? ago$/);
    expect([await refresh.boundingBox(), await email.boundingBox()]).toEqual(before);
  });
});
