import { expect, test } from '@playwright/test';
import { OIDC_CONSOLE_URL, PROVIDER_URL } from './support/ports';
import { person, signInThroughProvider, withoutFonts } from './support/provider';

/**
 * No countdown to an end that is not coming (#38, 7): a provider's session that renews itself
 * shows who is signed in and through what; the time left, and the warning before the end, only
 * once its renewal has failed. A test of its own page (not the fixtures'): the provider made
 * unreachable is a console error Chromium logs.
 */
test.use({ baseURL: OIDC_CONSOLE_URL });
test.beforeEach(({ context }) => withoutFonts(context));

test('a provider’s session that renews itself has no countdown; once its renewal fails it counts down, warns, and Renew session offers Sign in again first', async ({
  page,
}) => {
  // 40-second tokens: 30 usable, renewed after 20.
  test.setTimeout(90_000);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const login = person('ttl40-header');
  await signInThroughProvider(page, login);
  const banner = page.getByRole('banner');
  await expect(banner).toContainText(`${login}@example.com · Mock SSO`);
  const timeLeft = page.getByTitle('Time left in this session');
  await expect(timeLeft).toHaveCount(0);

  // The provider stops answering (offline, down): the renewal cannot be made.
  await page.route(`${PROVIDER_URL}/token`, (route) => route.abort('connectionrefused'));
  await expect(timeLeft).toHaveText(/\d:\d\d left/, { timeout: 30_000 });
  await expect(banner).not.toContainText('· Mock SSO');
  await expect(
    page.getByText(/Your session ends in \d:\d\d: Mock SSO could not renew it/),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Renew session' }).click();
  const dialog = page.getByRole('dialog', { name: 'Renew session' });
  await expect(dialog.getByRole('button', { name: 'Sign in again' })).toBeFocused();
  await expect(dialog).toContainText('Mock SSO could not renew your session');
  expect(errors).toEqual([]);
});
