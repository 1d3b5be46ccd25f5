import { expectAccessibleInBothThemes } from './support/axe';
import { nextCopiedText, recordClipboard } from './support/clipboard';
import type { Locator } from '@playwright/test';
import { expect, test, type Page } from './support/fixtures';

// Sticky headers, fixed and resizable columns, saved views (issue #21, items 1 and 2).

const usersTable = (page: Page) => page.getByRole('table', { name: 'Users' });
const bodyRows = (page: Page) => usersTable(page).locator('tbody tr');
const header = (page: Page, name: string) =>
  usersTable(page).getByRole('columnheader', { name, exact: true });
const handle = (page: Page, name: string) =>
  page.getByRole('separator', { name: `Resize ${name} column` });
const viewsButton = (page: Page) => page.getByRole('button', { name: 'Views', exact: true });

async function settled(page: Page) {
  await expect(usersTable(page)).toHaveAttribute('aria-busy', 'false', { timeout: 15_000 });
}

/** On screen and not covered by anything else (the point at its centre is its own). */
function uncovered(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return (
      box.top >= 0 && box.bottom <= window.innerHeight && hit !== null && element.contains(hit)
    );
  });
}

async function headerLefts(page: Page): Promise<number[]> {
  return usersTable(page)
    .getByRole('columnheader')
    .evaluateAll((cells) => cells.map((cell) => Math.round(cell.getBoundingClientRect().left)));
}

test('the column headers and the page header stay in view while the rows scroll', async ({
  page,
  signIn,
}) => {
  await signIn();
  await settled(page);
  await expect(bodyRows(page)).toHaveCount(50);
  // Down the rows as far as they go: the table's own area, then the page down to the pager
  // (what follows the table, such as the demo's panel, takes the table out of view, as it should).
  await bodyRows(page).nth(49).scrollIntoViewIfNeeded();
  await page
    .getByRole('button', { name: 'Next page' })
    .evaluate((pager) =>
      window.scrollTo(0, pager.getBoundingClientRect().bottom + window.scrollY + 16 - innerHeight),
    );
  await expect(bodyRows(page).first()).not.toBeInViewport();
  await expect(bodyRows(page).nth(49)).toBeInViewport();
  for (const name of ['ID', 'Name', 'Email', 'Created']) {
    expect(await uncovered(header(page, name)), `${name} header in view`).toBe(true);
  }
  expect(await uncovered(page.getByRole('button', { name: 'Sign out' }))).toBe(true);
  // And the pager is reachable without scrolling back.
  await expect(page.getByRole('button', { name: 'Next page' })).toBeInViewport();
});

test('columns keep their places across six pages of users', async ({ page, signIn }) => {
  test.slow();
  await signIn();
  await settled(page);
  const first = await headerLefts(page);
  expect(first).toHaveLength(4);
  for (let pageNumber = 2; pageNumber <= 6; pageNumber += 1) {
    await page.getByRole('button', { name: 'Next page' }).click();
    await expect(page).toHaveURL(new RegExp(`page=${pageNumber}$`));
    await settled(page);
    expect(await headerLefts(page), `header positions on page ${pageNumber}`).toEqual(first);
  }
});

test('a column is resized with the keyboard and the pointer, clamped, remembered and reset', async ({
  page,
  signIn,
}) => {
  test.slow();
  await signIn();
  await settled(page);
  const email = handle(page, 'Email');
  const start = Number(await email.getAttribute('aria-valuenow'));
  const width = async () => Math.round((await header(page, 'Email').boundingBox())?.width ?? 0);
  expect(await width()).toBe(start);

  await email.focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Shift+ArrowRight');
  await expect(email).toHaveAttribute('aria-valuenow', String(start + 60));
  await page.keyboard.press('ArrowLeft');
  await expect(email).toHaveAttribute('aria-valuenow', String(start + 50));
  expect(await width()).toBe(start + 50);

  await page.reload();
  await settled(page);
  await expect(email).toHaveAttribute('aria-valuenow', String(start + 50));
  expect(await width()).toBe(start + 50);

  // Dragged far past either end: clamped.
  const box = await email.boundingBox();
  if (!box) throw new Error('no resize handle');
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + box.width / 2, y);
  await page.mouse.down();
  await page.mouse.move(box.x - 10_000, y, { steps: 2 });
  await expect(email).toHaveAttribute('aria-valuenow', '60');
  await page.mouse.move(box.x + 10_000, y, { steps: 2 });
  await expect(email).toHaveAttribute('aria-valuenow', '800');
  await page.mouse.up();
  await page.keyboard.press('Home');
  await expect(email).toHaveAttribute('aria-valuenow', '60');

  // Reset columns restores the default widths.
  await page.getByRole('button', { name: 'Columns' }).click();
  await page.getByRole('menuitem', { name: 'Reset columns' }).click();
  await expect(email).toHaveAttribute('aria-valuenow', String(start));
  await page.reload();
  await expect(email).toHaveAttribute('aria-valuenow', String(start));
});

async function openViews(page: Page) {
  await viewsButton(page).click();
  await expect(page.getByRole('menu', { name: 'Views' })).toBeVisible();
}

async function saveView(page: Page, name: string) {
  await openViews(page);
  await page.getByRole('menuitem', { name: 'Save view…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save view' });
  await dialog.getByLabel('View name').fill(name);
  await dialog.getByRole('button', { name: 'Save' }).click();
  return dialog;
}

test('a saved view restores filters, sort, size, columns, widths and density, after a reload and a sign-out', async ({
  page,
  signIn,
}) => {
  test.slow();
  await recordClipboard(page);
  await signIn({ next: '/users?sort=-created_at&limit=25' });
  await settled(page);
  await page.getByRole('button', { name: 'Columns' }).click();
  await page.getByRole('menuitemcheckbox', { name: 'Email' }).click();
  await page.keyboard.press('Escape');
  await page.getByLabel('Row density').selectOption('compact');
  await handle(page, 'Name').focus();
  await page.keyboard.press('Shift+ArrowRight');
  const nameWidth = await handle(page, 'Name').getAttribute('aria-valuenow');

  // Names that cannot be kept are explained, and the dialog stays with what was typed.
  await openViews(page);
  await page.getByRole('menuitem', { name: 'Save view…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save view' });
  await expect(dialog.getByLabel('View name')).toBeFocused();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Give the view a name.');
  await dialog.getByLabel('View name').fill('x'.repeat(1000));
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    'A view name can be at most 100 characters; this one is 1,000.',
  );
  await dialog.getByLabel('View name').fill('  <b>Newest</b>\u202E first  ');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(viewsButton(page)).toBeFocused();

  // Back to the plain table, then the view again, after a reload and after signing out.
  await page.getByRole('navigation').getByRole('link', { name: 'Users' }).click();
  await expect(page).toHaveURL(/\/users$/);
  await page.getByRole('button', { name: 'Columns' }).click();
  await page.getByRole('menuitem', { name: 'Reset columns' }).click();
  await page.getByLabel('Row density').selectOption('comfortable');
  await page.reload();
  await settled(page);
  await expect(header(page, 'Email')).toBeVisible();

  for (const round of ['after a reload', 'after signing out and in']) {
    if (round !== 'after a reload') {
      await page.getByRole('button', { name: 'Sign out' }).click();
      await signIn();
      await settled(page);
    }
    await openViews(page);
    await page.getByRole('menuitem', { name: '<b>Newest</b> first', exact: true }).click();
    await expect(page, round).toHaveURL(/\/users\?limit=25&sort=-created_at$/);
    await settled(page);
    await expect(header(page, 'Email'), round).toHaveCount(0);
    await expect(page.getByLabel('Row density'), round).toHaveValue('compact');
    await expect(handle(page, 'Name'), round).toHaveAttribute('aria-valuenow', nameWidth ?? '');
    await expect(page.getByRole('status')).toHaveText('1–25 of 1,000');
    // Back to the plain table for the next round.
    await page.goBack();
    await expect(page).toHaveURL(/\/users$/);
  }

  // Copy link carries the view: another browser's table opens in it.
  await openViews(page);
  await page.getByRole('menuitem', { name: 'Newest' }).first().click();
  await expect(page).toHaveURL(/sort=-created_at/);
  await openViews(page);
  await page.getByRole('menuitem', { name: 'Copy link' }).click();
  const link = await nextCopiedText(page, 0);
  expect(new URL(link).searchParams.get('sort')).toBe('-created_at');
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.evaluate(() => localStorage.clear());
  await signIn({ next: new URL(link).pathname + new URL(link).search });
  await settled(page);
  await expect(page).toHaveURL(/\/users\?limit=25&sort=-created_at$/);
  await expect(header(page, 'Email')).toHaveCount(0);
  await expect(page.getByLabel('Row density')).toHaveValue('compact');
});

test('a default view opens the plain table; rename and delete', async ({ page, signIn }) => {
  test.slow();
  await signIn({ next: '/users?sort=name' });
  await settled(page);
  await saveView(page, 'By name');
  await openViews(page);
  await page.getByRole('menuitem', { name: 'Manage views…' }).click();
  const manage = page.getByRole('dialog', { name: 'Manage views' });
  await manage.getByRole('button', { name: 'Make default: By name' }).click();
  await manage.getByRole('button', { name: 'Rename By name' }).click();
  await manage.getByLabel('New name for By name').fill('A to Z');
  await manage.getByRole('button', { name: 'Save' }).click();
  await expect(manage.getByText('A to Z')).toBeVisible();
  await manage.getByRole('button', { name: 'Close' }).click();

  await page.goto('/users');
  await expect(page).toHaveURL(/\/users\?sort=name$/);
  await settled(page);
  // Clearing what the default set does not bring it back.
  await page.getByRole('table', { name: 'Users' }).getByRole('button', { name: 'Name' }).click();
  await page.getByRole('table', { name: 'Users' }).getByRole('button', { name: 'Name' }).click();
  await expect(page).toHaveURL(/\/users$/);
  await settled(page);

  await openViews(page);
  await page.getByRole('menuitem', { name: 'Manage views…' }).click();
  await manage.getByRole('button', { name: 'Delete A to Z' }).click();
  await expect(manage.getByText('No saved views.')).toBeVisible();
  await manage.getByRole('button', { name: 'Close' }).click();
  await page.goto('/users');
  await expect(page).toHaveURL(/\/users$/);
});

test('damaged and crowded storage: said, and nothing breaks', async ({ page, signIn }) => {
  test.slow();
  await signIn();
  await settled(page);
  // Damaged storage: said in the menu, and saving still works.
  await page.evaluate(() => localStorage.setItem('admin-console.views.users', '{"views": ['));
  await page.reload();
  await openViews(page);
  await expect(page.getByRole('menu', { name: 'Views' })).toHaveAccessibleDescription(/damaged/);
  await page.keyboard.press('Escape');
  await saveView(page, 'Fresh');
  await openViews(page);
  await expect(page.getByRole('menuitem', { name: 'Fresh' })).toBeVisible();
  await page.keyboard.press('Escape');

  // 200 stored: the first 100 are offered, and saving another is refused with the reason.
  await page.evaluate(() => {
    const views = Array.from({ length: 200 }, (_, index) => ({
      id: `v${index}`,
      name: `View ${index + 1}`,
      search: '',
      hidden: ['gone-column'],
      density: 'compact',
      widths: { email: 99_999 },
    }));
    localStorage.setItem('admin-console.views.users', JSON.stringify({ views }));
  });
  await page.reload();
  await openViews(page);
  await expect(page.getByRole('menu', { name: 'Views' }).getByRole('menuitem')).toHaveCount(
    100 + 3,
  );
  await page.getByRole('menuitem', { name: 'View 100', exact: true }).click();
  await expect(handle(page, 'Email')).toHaveAttribute('aria-valuenow', '800');
  const dialog = await saveView(page, 'One more');
  await expect(dialog.getByRole('alert')).toContainText('already has 100 saved views');
});

test('the Views menu is accessible in both themes', async ({ page, signIn }) => {
  await signIn();
  await settled(page);
  await expectAccessibleInBothThemes(page, async () => {
    // Choosing a theme need not move the focus, so the menu may still be open from the last run.
    if (!(await page.getByRole('menu', { name: 'Views' }).isVisible())) await openViews(page);
    await expect(page.getByRole('menuitem', { name: 'Save view…' })).toBeFocused();
  });
});

test('the Views menu from the keyboard (APG menu button)', async ({ page, signIn }) => {
  await signIn();
  await settled(page);
  await viewsButton(page).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'Save view…' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(viewsButton(page)).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(page.getByRole('menuitem', { name: 'Copy link' })).toBeFocused();
  await page.keyboard.press('Home');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Save view' })).toBeVisible();
});
