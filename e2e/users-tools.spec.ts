import { expect, test, type Page } from './support/fixtures';

// The Users page's tools in view, a table that does not take the wheel, and no strip left empty
// beside it (#40, item 3).

const usersTable = (page: Page) => page.getByRole('table', { name: 'Users' });
const lookUpMany = (page: Page) => page.getByRole('link', { name: 'Look up many' });
const signedUp = (page: Page) => page.getByRole('group', { name: 'Signed up' });

async function settled(page: Page) {
  await expect(usersTable(page)).toHaveAttribute('aria-busy', 'false', { timeout: 15_000 });
  await expect(usersTable(page).locator('tbody tr')).toHaveCount(50);
}

test.describe('on a 1280×800 screen', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('Look up many and Signed up are in view above the table, which is centred', async ({
    page,
    signIn,
  }) => {
    await signIn();
    await settled(page);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await expect(lookUpMany(page)).toBeInViewport({ ratio: 1 });
    await expect(signedUp(page)).toBeInViewport({ ratio: 1 });
    const table = await usersTable(page).boundingBox();
    const tools = [await lookUpMany(page).boundingBox(), await signedUp(page).boundingBox()];
    for (const box of tools) expect(box!.y + box!.height).toBeLessThanOrEqual(table!.y);
    // No empty strip on one side: what the table leaves of the page's width is shared out.
    const main = await page.locator('main').evaluate((element) => {
      const box = element.getBoundingClientRect();
      const style = getComputedStyle(element);
      return {
        left: box.left + parseFloat(style.paddingLeft),
        right: box.right - parseFloat(style.paddingRight),
      };
    });
    const leftGap = table!.x - main.left;
    const rightGap = main.right - (table!.x + table!.width);
    expect(Math.abs(leftGap - rightGap)).toBeLessThanOrEqual(2);
  });

  test('the wheel over the table scrolls the page until the header row sticks under the page header', async ({
    page,
    signIn,
  }) => {
    await signIn();
    await settled(page);
    const scrollArea = usersTable(page).locator(
      'xpath=ancestor::div[contains(@class, "data-table-scroll")]',
    );
    const row = usersTable(page).locator('tbody tr').nth(5);
    const box = await row.boundingBox();
    await page.mouse.move(box!.x + 40, box!.y + box!.height / 2);
    await page.mouse.wheel(0, 300);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    for (let turn = 0; turn < 6; turn += 1) await page.mouse.wheel(0, 400);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
    // The table's area never scrolled on its own: the page did.
    expect(await scrollArea.evaluate((element) => element.scrollTop)).toBe(0);
    await expect(usersTable(page).locator('tbody tr').first()).not.toBeInViewport();
    const banner = await page.getByRole('banner').boundingBox();
    const header = usersTable(page).getByRole('columnheader', { name: 'Email', exact: true });
    await expect
      .poll(async () => Math.round((await header.boundingBox())!.y))
      .toBe(Math.round(banner!.y + banner!.height));
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the tools fold behind one button, so the rows come first', async ({ page, signIn }) => {
    await signIn();
    await expect(usersTable(page)).toHaveAttribute('aria-busy', 'false', { timeout: 15_000 });
    await expect(lookUpMany(page)).toBeHidden();
    await expect(signedUp(page)).toBeHidden();
    const more = page.getByRole('button', { name: 'More ways to find users' });
    await expect(more).toHaveAttribute('aria-expanded', 'false');
    await more.click();
    await expect(more).toHaveAttribute('aria-expanded', 'true');
    await expect(lookUpMany(page)).toBeVisible();
    await expect(signedUp(page)).toBeVisible();
    await signedUp(page).getByLabel('From').fill('2024-01-01');
    await signedUp(page).getByRole('button', { name: 'Find sign-ups' }).click();
    await expect(page).toHaveURL(/\/users\/find#q=2024-01-01$/);
  });
});
