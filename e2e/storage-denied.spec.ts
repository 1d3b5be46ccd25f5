import { expect, test } from './support/fixtures';

/**
 * A browser that denies storage altogether (Chrome's "block all cookies", some enterprise
 * policies, a frame on another site): reading `sessionStorage` or `localStorage` throws a
 * SecurityError. The console then runs on memory alone, and says once that the session and the
 * settings last only for this page.
 */
test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    for (const name of ['sessionStorage', 'localStorage']) {
      Object.defineProperty(window, name, {
        configurable: true,
        get() {
          throw new DOMException(
            `Failed to read the '${name}' property from 'Window': Access is denied for this document.`,
            'SecurityError',
          );
        },
      });
    }
  });
});

test('a browser that denies storage can sign in and browse, and is told once', async ({
  page,
  signIn,
}) => {
  await signIn({ form: true });
  const notice = page.getByText(/only for this page/);
  await expect(notice).toHaveCount(1);
  const table = page.getByRole('table');
  await expect(table.getByRole('row')).toHaveCount(51);
  // Settings work for the page: the theme, and the next page of the table.
  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(page.getByRole('status').filter({ hasText: /^51–100 of/ })).toBeVisible();
  await table.getByRole('row').nth(1).click();
  await expect(page).toHaveURL(/\/users\/user_/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(notice).toHaveCount(1);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByLabel('Access token')).toBeVisible();
});

test('a browser that denies storage keeps the last list view and the lookups for the page; saved views say why they cannot be kept', async ({
  page,
  signIn,
}) => {
  await signIn({ form: true });
  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(page.getByRole('status').filter({ hasText: /^51–100 of/ })).toBeVisible();

  // A user reached by Find carries no way back of its own: Back to users is the last list view.
  const box = page.getByRole('combobox', { name: 'Find', exact: true });
  await box.fill('user_longtext');
  await box.press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Maximiliana/);
  await box.click();
  await expect(
    page.getByRole('listbox', { name: 'Recent lookups' }).getByRole('option'),
  ).toHaveText([/user_longtext/]);
  await box.press('Escape');
  await page.getByRole('link', { name: 'Back to users' }).click();
  await expect(page).toHaveURL(/\/users\?page=2$/);
  await expect(page.getByRole('status').filter({ hasText: /^51–100 of/ })).toBeVisible();

  await page.getByRole('button', { name: 'Views', exact: true }).click();
  const menu = page.getByRole('menu', { name: 'Views' });
  await expect(menu).toHaveAccessibleDescription(/storage is turned off or blocked/);
  await menu.getByRole('menuitem', { name: 'Save view…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save view' });
  await dialog.getByLabel('View name').fill('Second page');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByRole('alert')).toContainText('views cannot be saved here');
});

test('the demo, which needs storage for its service worker, says so instead of starting @demo-only', async ({
  page,
}) => {
  await page.goto('/login');
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('The console cannot start');
  await expect(alert).toContainText('needs the site storage this browser denies');
});
