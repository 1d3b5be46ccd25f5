import { DEMO_SIGNING_SECRET, mintDemoToken, signJwt } from '../src/mocks/jwt';
import { expect, test } from './support/fixtures';

/**
 * A session belongs to its person: someone else signing in where it ended (even after a reload,
 * when the tab only remembers whose it was) starts afresh and sees nothing of the first person.
 */

function auditorToken(): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return signJwt(
    {
      sub: 'demo-auditor',
      name: 'Demo Auditor',
      email: 'auditor@demo.example',
      iat: now,
      exp: now + 3600,
      jti: `auditor-${Math.random()}`,
    },
    DEMO_SIGNING_SECRET,
  );
}

test('another person signing in after a reload past the first one’s end starts at the users list, with none of their lookups', async ({
  page,
  signIn,
}) => {
  // 20 seconds, of which 10 usable: the session ends on the page soon after the lookup.
  await signIn({ token: await mintDemoToken('valid', undefined, 20) });
  const lookup = page.getByRole('combobox', { name: 'Find', exact: true });
  await lookup.fill('user_longtext');
  await lookup.press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Maximiliana/);
  await expect(page.getByRole('dialog', { name: 'Renew session' })).toBeVisible({
    timeout: 20_000,
  });

  await page.reload();
  await expect(page).toHaveURL(/\/login\?next=%2Fusers%2Fuser_longtext$/);
  await page.getByLabel('Access token').fill(await auditorToken());
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/users$/);
  await expect(page.getByRole('banner')).toContainText('Demo Auditor');
  await lookup.focus();
  await expect(page.getByRole('listbox', { name: 'Recent lookups' })).toHaveCount(0);
});

test('the same person signing in again after such a reload comes back to where they were', async ({
  page,
  signIn,
}) => {
  await signIn({
    token: await mintDemoToken('valid', undefined, 20),
    next: '/users/user_longtext',
  });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Maximiliana/);
  await expect(page.getByRole('dialog', { name: 'Renew session' })).toBeVisible({
    timeout: 20_000,
  });
  await page.reload();
  await page.getByLabel('Access token').fill(await mintDemoToken());
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/users\/user_longtext$/);
});

test('another person kept signed in on this device while a tab holds the first one’s ended session: the device keeps the new person, and both tabs go on as them', async ({
  page,
  context,
  mintToken,
}) => {
  await context.clock.install();
  await page.goto('/login');
  // This tab only: the other tab will not find the first person's record.
  await page.getByLabel('Access token').fill(await mintToken());
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('banner')).toBeVisible();
  await context.clock.fastForward('01:01:00');
  await expect(page.getByRole('dialog', { name: 'Renew session' })).toBeVisible();

  // Another tab: the device's record is expired, so it signs in afresh, as someone else.
  const other = await context.newPage();
  await other.goto('/login');
  const now = Math.floor((await other.evaluate(() => Date.now())) / 1000);
  const auditor = await signJwt(
    {
      sub: 'demo-auditor',
      name: 'Demo Auditor',
      email: 'auditor@demo.example',
      iat: now,
      exp: now + 3600,
      jti: `auditor-${Math.random()}`,
    },
    DEMO_SIGNING_SECRET,
  );
  await other.getByLabel('Access token').fill(auditor);
  await other.getByLabel('Keep me signed in on this device').check();
  await other.getByRole('button', { name: 'Sign in' }).click();
  await expect(other.getByRole('banner')).toContainText('Demo Auditor');
  // The first tab lets its person go and follows the new one...
  await expect(page.getByRole('banner')).toContainText('Demo Auditor');
  await expect(page).toHaveURL(/\/users$/);
  // ...without removing the new person's record from the device as it forgot its own person.
  expect(await page.evaluate(() => localStorage.getItem('admin-console.token'))).toContain(auditor);
  await other.reload();
  await expect(other.getByRole('banner')).toContainText('Demo Auditor');
});
