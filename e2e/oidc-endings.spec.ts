import { expect, test } from './support/fixtures';
import { OIDC_CONSOLE_URL, PROVIDER_URL } from './support/ports';
import {
  heldTokens,
  loginAtProvider,
  person,
  refreshStillWorks,
  signInThroughProvider,
  withoutFonts,
} from './support/provider';

/**
 * Every way a provider's session ends revokes its refresh token and forgets it (docs/security.md),
 * against the real provider, which is then asked whether the token still renews.
 */
test.use({ baseURL: OIDC_CONSOLE_URL });
test.beforeEach(({ context }) => withoutFonts(context));

const revocation = `${PROVIDER_URL}/token/revocation`;

test('sign-out from a tab that got its session from another tab revokes the refresh token and ends the provider’s session with the ID token', async ({
  page,
  context,
  request,
}) => {
  const login = person();
  await signInThroughProvider(page, login);
  const held = await heldTokens(page);
  expect(held?.refreshToken).toBeTruthy();

  // A second tab gets the session from the first over the channel, and holds no tokens of its own.
  const other = await context.newPage();
  await other.goto('/users');
  await expect(other.getByRole('banner')).toContainText(login);
  expect(await heldTokens(other)).toBeNull();

  const revoked = other.waitForRequest((r) => r.url() === revocation && r.method() === 'POST');
  const ended = other.waitForRequest((r) => r.url().startsWith(`${PROVIDER_URL}/session/end`));
  await other.getByRole('button', { name: 'Sign out' }).click();
  expect(new URLSearchParams((await revoked).postData() ?? '').get('token')).toBe(
    held?.refreshToken,
  );
  expect(new URL((await ended).url()).searchParams.get('id_token_hint')).toBe(held?.idToken);
  await other.getByRole('button', { name: 'Yes, sign me out' }).click();
  await expect(other).toHaveURL(`${OIDC_CONSOLE_URL}/login`);

  await expect(page.getByRole('status')).toContainText('signed out in another tab');
  await expect.poll(() => heldTokens(page)).toBeNull();
  expect(await refreshStillWorks(request, held?.refreshToken ?? '')).toBe(false);
});

test('a provider’s session that expired, then Go to sign-in: its refresh token is revoked and gone from the tab', async ({
  page,
  request,
}) => {
  await page.clock.install();
  await signInThroughProvider(page, person());
  await expect(page.getByRole('status').filter({ hasText: ' of ' })).toBeVisible();
  const held = await heldTokens(page);
  expect(held?.refreshToken).toBeTruthy();

  // The laptop slept past the token's end: no timer ran, so nothing was renewed.
  await page.clock.setSystemTime(Date.now() + 2 * 3600_000);
  await page.getByRole('link', { name: 'Products' }).click();
  const dialog = page.getByRole('dialog', { name: 'Renew session' });
  await expect(dialog).toBeVisible();
  const revoked = page.waitForRequest((r) => r.url() === revocation && r.method() === 'POST');
  await dialog.getByRole('button', { name: 'Go to sign-in' }).click();
  expect(new URLSearchParams((await revoked).postData() ?? '').get('token')).toBe(
    held?.refreshToken,
  );
  await expect(page).toHaveURL(/\/login\?next=%2Fproducts$/);
  expect(await heldTokens(page)).toBeNull();
  expect(await refreshStillWorks(request, held?.refreshToken ?? '')).toBe(false);
});

test('Sign in again completed by another person ends the first session everywhere; the second starts at the users list with nothing of the first', async ({
  page,
  context,
}) => {
  // 30-second tokens that the provider will not renew (the login says so): Renew session comes
  // after about 13 s with Sign in again.
  test.setTimeout(90_000);
  const alice = person('ttl30-refuse-alice');
  await signInThroughProvider(page, alice, '/users/bulk');
  await page.getByLabel('IDs, e-mails or links').fill('user_longtext');
  await page.getByRole('button', { name: 'Look up all' }).click();
  await expect(page.getByRole('table', { name: 'Results' })).toContainText('Found');
  const aliceTab = await context.newPage();
  await aliceTab.goto('/users');
  await expect(aliceTab.getByRole('banner')).toContainText(alice);

  const dialog = page.getByRole('dialog', { name: 'Renew session' });
  await expect(dialog).toBeVisible({ timeout: 30_000 });
  // Someone else is at the keyboard: the provider no longer knows Alice and asks who it is.
  await context.clearCookies();
  const bob = person('bob');
  await dialog.getByRole('button', { name: 'Sign in again' }).click();
  await loginAtProvider(page, bob);

  // Not Alice's page (Look up many, with her results): afresh, at the users list.
  await expect(page).toHaveURL(`${OIDC_CONSOLE_URL}/users`);
  await expect(page.getByRole('banner')).toContainText(bob);
  await expect(page.getByRole('banner')).not.toContainText(alice);
  await page.goto('/users/bulk');
  await expect(page.getByLabel('IDs, e-mails or links')).toHaveValue('');
  await expect(page.getByRole('table', { name: 'Results' })).toHaveCount(0);

  // Alice's other tab has ended, and holds nothing of Bob's.
  await expect(aliceTab.getByRole('status')).toContainText('signed out in another tab');
  const kept = await aliceTab.evaluate(() => JSON.stringify({ ...sessionStorage }));
  expect(kept).not.toContain(bob);
});
