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

test('the demo, which needs storage for its service worker, says so instead of starting @demo-only', async ({
  page,
}) => {
  await page.goto('/login');
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('The console cannot start');
  await expect(alert).toContainText('needs the site storage this browser denies');
});
