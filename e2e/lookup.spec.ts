import { expect, test, type Page } from './support/fixtures';

/**
 * Support-grade lookups (issue 31): what a help desk pastes is taken as pasted, a search says
 * what it searched, and every match can be reached. One test per finding of the review.
 */

const findBox = (page: Page) => page.getByRole('searchbox', { name: 'Find user' });
const bulkBox = (page: Page) => page.getByLabel('IDs, e-mails or links');
const results = (page: Page) => page.getByRole('table', { name: 'Results' });

async function find(page: Page, text: string) {
  await findBox(page).fill(text);
  await findBox(page).press('Enter');
}

test('finding 1: addresses and ids as mail clients and help desks copy them are found', async ({
  page,
  signIn,
}) => {
  await signIn({ next: '/users/bulk' });
  for (const [pasted, name] of [
    ['mailto:emile.zola@example.org?subject=Ticket%20123', 'Émile Zola'],
    ['Grace Hopper <grace.hopper@example.org>', 'Grace Hopper'],
    ['maria.delacruz@example.org.', 'de la Cruz María'],
    ['USER_YAMADA_TARO', '山田 太郎'],
    ['https://console.example.com/users/user_emile_zola?tab=raw#top', 'Émile Zola'],
  ] as const) {
    await find(page, pasted);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  }

  await page.goto('/users/bulk');
  await bulkBox(page).fill(
    [
      '<grace.hopper@example.org>',
      '"aleksei.smirnov@example.org"',
      'Émile Zola <emile.zola@example.org>; de la Cruz María <maria.delacruz@example.org>',
      "'yamada.taro@example.org',",
    ].join('\n'),
  );
  await page.getByRole('button', { name: 'Look up all' }).click();
  const rows = results(page).locator('tbody tr');
  await expect(rows).toHaveCount(5);
  const names = ['Grace Hopper', 'Алексей Смирнов', 'Émile Zola', 'de la Cruz María', '山田 太郎'];
  for (const [index, name] of names.entries()) {
    await expect(rows.nth(index)).toContainText('Found');
    await expect(rows.nth(index)).toContainText(name);
  }
});

test('finding 5: a line with spaces is one entry, a name or a name with its address', async ({
  page,
  signIn,
}) => {
  await signIn({ next: '/users/bulk' });
  await bulkBox(page).fill(
    ['not an id at all', 'Grace Hopper', 'user_emile_zola', 'Mårten Okafor, Ada Lovelace'].join(
      '\n',
    ),
  );
  await page.getByRole('button', { name: 'Look up all' }).click();
  const rows = results(page).locator('tbody tr');
  await expect(rows).toHaveCount(4);
  await expect(rows.nth(0).locator('td').first()).toHaveText('not an id at all');
  await expect(rows.nth(1).locator('td').first()).toHaveText('Grace Hopper');
  await expect(rows.nth(2)).toContainText('Émile Zola');
  // A comma between two names is part of one entry: only addresses and ids are split there.
  await expect(rows.nth(3).locator('td').first()).toHaveText('Mårten Okafor, Ada Lovelace');
});
