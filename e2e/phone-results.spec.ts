import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/fixtures';

/**
 * Find's and Look up many's results on a phone (390 × 844): the page's own scroll and nothing
 * else (no box inside a box), and at least four cards in view at once once the results are
 * reached, the filters folded. Checked from what the browser laid out, with a screenshot attached.
 */

test.use({ viewport: { width: 390, height: 844 } });

/** Elements other than the page that scroll their own content (form fields aside). */
function innerScrollers(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('body *')]
      .filter((element) => {
        if (element instanceof HTMLTextAreaElement || element instanceof HTMLInputElement)
          return false;
        const style = getComputedStyle(element);
        const scrollsY =
          /auto|scroll/.test(style.overflowY) && element.scrollHeight > element.clientHeight + 1;
        const scrollsX =
          /auto|scroll/.test(style.overflowX) && element.scrollWidth > element.clientWidth + 1;
        return scrollsY || scrollsX;
      })
      .map((element) => `${element.tagName.toLowerCase()}.${element.className}`),
  );
}

/**
 * Scrolls the page so the first card starts just under the sticky page header, then counts the
 * cards wholly in view and not covered (by a sticky pager, say) at their centre.
 */
async function cardsInView(cards: Locator): Promise<number> {
  await cards.first().evaluate((first: Element) => {
    const header = document.querySelector('header')?.getBoundingClientRect().bottom ?? 0;
    window.scrollBy(0, first.getBoundingClientRect().top - Math.max(0, header) - 4);
  });
  return cards.evaluateAll((all: Element[]) => {
    const header = Math.max(
      0,
      document.querySelector('header')?.getBoundingClientRect().bottom ?? 0,
    );
    return all.filter((card: Element) => {
      const box = card.getBoundingClientRect();
      if (box.height === 0 || box.top < header - 1 || box.bottom > window.innerHeight + 1) {
        return false;
      }
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      return hit !== null && card.contains(hit);
    }).length;
  });
}

test('Find’s matches: the page scrolls, filters folded behind Filters, four cards and more in view', async ({
  page,
  signIn,
}, testInfo) => {
  await signIn({ next: '/users/find?q=Mar' });
  await expect(
    page.getByRole('status').filter({ hasText: /^\d+ matches · \d+ requests$/ }),
  ).toBeVisible({
    timeout: 20_000,
  });
  const filters = page.getByRole('button', { name: /^Filters\b/ });
  await expect(filters).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByLabel('E-mail or domain')).toBeHidden();
  const cards = page.getByRole('table', { name: 'Matches' }).locator('tbody tr');
  await expect(cards.first()).toBeVisible();
  expect(await innerScrollers(page)).toEqual([]);
  expect(await cardsInView(cards)).toBeGreaterThanOrEqual(4);
  await testInfo.attach('find-phone', { body: await page.screenshot(), contentType: 'image/png' });

  // Unfolded, the filters work as before, and say what is set once folded again.
  await filters.click();
  await page.getByLabel('E-mail or domain').fill('@example.org');
  await filters.click();
  await expect(filters).toHaveText('Filters (1 set)');
  await expect(page.getByLabel('E-mail or domain')).toBeHidden();
});

test('Look up many: not found marked and shown alone on request, the page scrolls, four cards and more in view, created_at exported', async ({
  page,
  signIn,
}, testInfo) => {
  await signIn({ next: '/users/bulk' });
  const entries = [
    'user_grace_hopper',
    ...Array.from({ length: 9 }, (_, index) => `user_nobody_${index}`),
    'Maria',
  ];
  await page.getByLabel('IDs, e-mails or links').fill(entries.join('\n'));
  await page.getByRole('button', { name: 'Look up all' }).click();
  await expect(page.getByRole('status')).toHaveText('Looked up 11 entries.');
  const cards = page.getByRole('list', { name: 'Results' }).getByRole('listitem');
  await expect(cards).toHaveCount(11);
  await expect(page.getByText(/11 of 11 answered · 2 found · 9 not found/)).toBeVisible();
  expect(await innerScrollers(page)).toEqual([]);
  expect(await cardsInView(cards)).toBeGreaterThanOrEqual(4);
  await testInfo.attach('lookup-phone', {
    body: await page.screenshot(),
    contentType: 'image/png',
  });

  // A not-found card stands out from a found one (beside its words).
  const background = (card: Locator) =>
    card.evaluate((element: Element) => getComputedStyle(element).backgroundColor);
  const found = cards.filter({ hasText: 'user_grace_hopper' });
  const missing = cards.filter({ hasText: 'user_nobody_0' });
  await expect(missing).toContainText('Not found');
  expect(await background(missing)).not.toBe(await background(found));

  await page.getByLabel('Show only not found').check();
  await expect(cards).toHaveCount(9);
  await expect(cards.filter({ hasText: 'user_grace_hopper' })).toHaveCount(0);
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await downloading;
  expect(file.suggestedFilename()).toMatch(/^users-lookup-not-found-.*\.csv$/);
  const notFound = (await readFile((await file.path()) ?? '')).subarray(3).toString('utf8');
  expect(notFound.split('\r\n').filter(Boolean)).toHaveLength(10);

  await page.getByLabel('Show only not found').uncheck();
  await expect(cards).toHaveCount(11);
  const everything = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const all = (await readFile((await (await everything).path()) ?? ''))
    .subarray(3)
    .toString('utf8');
  const [header, grace] = all.split('\r\n');
  expect(header).toBe('input,status,id,name,email,created_at');
  expect(grace).toMatch(
    /^"user_grace_hopper","Found","user_grace_hopper","Grace Hopper","grace\.hopper@example\.org","\d{4}-\d\d-\d\dT[^"]+"$/,
  );
});
