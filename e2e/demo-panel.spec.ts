import { expect, test } from './support/fixtures';

test('the demo panel queues a failure that the account page then explains @demo-only', async ({
  page,
  signIn,
}) => {
  await signIn();
  await page.getByText('Demo scenarios').click();
  await page.getByLabel('Fail requests to').selectOption('/v3/account');
  await page.getByLabel('With status').selectOption('403');
  await page.getByRole('button', { name: 'Queue failure' }).click();
  await expect(
    page.getByText('The next 1 request to /v3/account will fail with 403.'),
  ).toBeVisible();

  await page.getByRole('link', { name: 'Account' }).click();
  await expect(page.getByRole('alert')).toContainText('403 Permission denied');
  // A 403 would only repeat, so the alert offers no Try again; the queued failure is used up.
  await expect(page.getByRole('alert').getByRole('button', { name: 'Try again' })).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('region', { name: 'Account response' })).toBeVisible();
});
