import { expect, test } from './support/fixtures';

test('the session warns before it ends and then ends by itself', async ({ page, signIn }) => {
  await page.clock.install();
  await signIn({ next: '/users?page=2' });
  await expect(page.getByRole('table').getByRole('row').nth(1)).toBeVisible();

  await page.clock.fastForward('56:00');
  await expect(page.getByText(/Your session ends in \d:\d\d/)).toBeVisible();

  await page.clock.fastForward('05:00');
  await expect(page).toHaveURL(/\/login\?next=%2Fusers%3Fpage%3D2$/);
  await expect(page.getByRole('status')).toContainText('Your session expired');
});

test('sign out clears the session in this tab and in another tab', async ({
  page,
  context,
  mintToken,
}) => {
  await page.goto('/login');
  await page.getByLabel('Access token').fill(await mintToken());
  await page.getByLabel('Keep me signed in on this device').check();
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/users$/);

  const other = await context.newPage();
  await other.goto('/products');
  await expect(other.getByRole('navigation', { name: 'Main' })).toBeVisible();

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(other).toHaveURL(/\/login\?next=%2Fproducts$/);
  await expect(other.getByRole('status')).toContainText('signed out in another tab');
  expect(await page.evaluate(() => localStorage.getItem('admin-console.token'))).toBeNull();

  // Back must not show a signed-in page again.
  await page.goBack();
  await expect(page).not.toHaveURL(/\/users/);
});

test('a 401 mid-session ends the session once and keeps the way back', async ({
  page,
  signIn,
  setScenario,
}) => {
  const token = await signIn();
  await expect(page.getByRole('table').getByRole('row').nth(1)).toBeVisible();
  // Every API path fails, so the account and any prefetches all get a 401 at once.
  await setScenario(token, { fail: { path: '/', status: 401, count: 5 } });
  await page.getByRole('link', { name: 'Account' }).click();
  await expect(page).toHaveURL(/\/login\?next=%2Faccount$/);
  await expect(page.getByRole('status')).toHaveCount(1);
  await expect(page.getByRole('status')).toContainText('Your session ended');
});
