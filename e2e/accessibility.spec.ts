import {
  expectAccessibleInBothSystemThemes,
  expectAccessibleInBothThemes,
  expectNoSeriousAxeViolations,
} from './support/axe';
import { expect, test } from './support/fixtures';

test('the sign-in page, with a token preview and a token problem, is accessible', async ({
  page,
  mintToken,
}) => {
  await page.goto('/login');
  await page.getByLabel('Access token').fill(await mintToken());
  await expectAccessibleInBothSystemThemes(page, () =>
    expect(page.getByRole('region', { name: 'What this token says' })).toBeVisible(),
  );
  await page.getByLabel('Access token').fill('not a token');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expectAccessibleInBothSystemThemes(page, () =>
    expect(page.getByRole('alert')).toBeVisible(),
  );
});

test('the account page is accessible', async ({ page, signIn }) => {
  await signIn({ next: '/account' });
  await expectAccessibleInBothThemes(page, () =>
    expect(page.getByRole('region', { name: 'Account response' })).toBeVisible(),
  );
});

test('an error alert and the not-found page are accessible', async ({
  page,
  signIn,
  setScenario,
}) => {
  const token = await signIn();
  await setScenario(token, { fail: { path: '/v3/account', status: 403 } });
  await page.getByRole('link', { name: 'Account' }).click();
  await expectAccessibleInBothThemes(page, () =>
    expect(page.getByRole('alert')).toContainText('403 Permission denied'),
  );

  await page.goto('/no/such/page');
  await expectAccessibleInBothThemes(page, () =>
    expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible(),
  );
});

test('the axe check fails on a planted problem, the colour-only run on poor contrast', async ({
  page,
}) => {
  await page.goto('/login');
  await expect(page.getByLabel('Access token')).toBeVisible();
  await page.evaluate(() => {
    const button = document.createElement('button');
    const faint = document.createElement('p');
    faint.textContent = 'Barely there';
    faint.style.cssText = 'color: #777; background: #888';
    document.querySelector('main')?.append(button, faint);
  });
  await expect(expectNoSeriousAxeViolations(page, 'planted')).rejects.toThrow(/button-name/);
  await expect(expectNoSeriousAxeViolations(page, 'planted', { colours: true })).rejects.toThrow(
    /color-contrast/,
  );
});
