import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expectNoSeriousAxeViolations } from './support/axe';
import { copiedTexts, nextCopiedText, recordClipboard } from './support/clipboard';
import { expect, test, type Page } from './support/fixtures';

const run = promisify(execFile);

const requestsButton = (page: Page) => page.getByRole('button', { name: 'Requests', exact: true });
const panel = (page: Page) => page.getByRole('dialog', { name: 'Requests' });
const rows = (page: Page) => panel(page).getByRole('listitem');

const CURL =
  /^curl --globoff -H 'Accept: application\/json' -H "Authorization: Bearer \$TOKEN" '[^']+'$/;

/**
 * The app's request log, read from the running page: the entry chunk exports it to the panel's
 * chunk, so importing the entry again (the same module instance) reaches it.
 */
async function requestLogJson(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const script = document.querySelector<HTMLScriptElement>('script[type="module"][src]');
    if (!script) throw new Error('The page has no entry script.');
    const exports = (await import(script.src)) as Record<string, unknown>;
    const logs = Object.values(exports).filter(
      (value): value is { entries(): unknown[] } =>
        typeof value === 'object' &&
        value !== null &&
        ['entries', 'record', 'subscribe'].every(
          (name) => typeof (value as Record<string, unknown>)[name] === 'function',
        ),
    );
    if (logs.length !== 1) {
      throw new Error(`Expected one request log among the entry's exports, found ${logs.length}.`);
    }
    return JSON.stringify(logs[0]!.entries());
  });
}

test('lists what the console asked, narrows to errors after a 500, copies curl but never the token, Escape closes', async ({
  page,
  signIn,
  setScenario,
}) => {
  await recordClipboard(page);
  const token = await signIn();
  const signature = token.split('.')[2] ?? '';
  expect(signature.length).toBeGreaterThan(10);
  await expect(page.getByRole('status')).toHaveText('1–50 of 1,000');
  await page.getByRole('link', { name: 'Products' }).click();
  await expect(page.getByRole('status')).toHaveText('1–50 of 5,000');

  // The first try and both automatic retries fail.
  await setScenario(token, { fail: { path: '/v3/account', status: 500, count: 3 } });
  await page.getByRole('link', { name: 'Account' }).click();
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('500 Server error', { timeout: 10_000 });
  await alert.getByRole('button', { name: 'Copy as curl' }).click();
  const alertCurl = await nextCopiedText(page, 0);
  expect(alertCurl).toMatch(CURL);
  expect(alertCurl).toContain('/v3/account');

  const logged = (JSON.parse(await requestLogJson(page)) as unknown[]).length;
  await requestsButton(page).click();
  await expect(panel(page)).toBeVisible();
  await expect(rows(page)).toHaveCount(logged);
  await expect(rows(page).first()).toContainText(/^GET \S*\/v3\/account 500 Server error/);
  await expect(rows(page).first()).toContainText('500 Server error');
  await expect(rows(page).first()).toContainText('Simulated 500');
  await expect(rows(page).first()).toContainText(/\d+ ms/);
  await expect(rows(page).last()).toContainText('/v1/users?page=1&limit=50');
  await expect(rows(page).last()).toContainText('200');
  await expect(rows(page).filter({ hasText: '/v1/products?page=1&limit=50' })).toHaveCount(1);

  await panel(page).getByRole('checkbox', { name: 'Errors only' }).check();
  await expect(rows(page)).toHaveCount(3);
  for (const row of await rows(page).all()) await expect(row).toContainText('500 Server error');

  const newest = rows(page).first();
  await newest.getByRole('button', { name: 'Copy as curl' }).click();
  expect(await nextCopiedText(page, 1)).toBe(alertCurl);
  await newest.getByRole('button', { name: 'Copy request ID' }).click();
  const requestId = await nextCopiedText(page, 2);
  expect(requestId).toMatch(/^req_[a-z0-9]+$/);
  await expect(newest).toContainText(requestId);

  // The token is nowhere: not in the panel, not on the clipboard, not in the log.
  const html = await panel(page).evaluate((dialog) => dialog.outerHTML);
  const log = await requestLogJson(page);
  for (const text of [html, log, ...(await copiedTexts(page))]) {
    expect(text).not.toContain(signature);
  }
  // Opening the panel and using it asked the API nothing.
  expect(JSON.parse(log) as unknown[]).toHaveLength(logged);

  await page.keyboard.press('Escape');
  await expect(panel(page)).toBeHidden();
  await expect(requestsButton(page)).toBeFocused();
});

test('a copied curl command runs in a shell and returns what the console showed @real-api-only', async ({
  page,
  signIn,
}) => {
  await recordClipboard(page);
  const token = await signIn();
  await expect(page.getByRole('status')).toHaveText('1–50 of 1,000');
  const idCells = page.getByRole('table', { name: 'Users' }).locator('tbody tr td:first-child');
  const shownIds = (await idCells.allInnerTexts()).map((text) => text.trim());
  expect(shownIds).toHaveLength(50);

  await requestsButton(page).click();
  const row = rows(page).filter({ hasText: '/v1/users?page=1&limit=50' });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: 'Copy as curl' }).click();
  const command = await nextCopiedText(page, 0);
  expect(command).toMatch(CURL);
  expect(command).not.toContain(token);

  const { TOKEN: _unset, ...environment } = process.env;
  const { stdout } = await run('sh', ['-c', command], {
    env: { ...environment, TOKEN: token },
    timeout: 10_000,
  });
  const body = JSON.parse(stdout) as { data: { id: string }[]; meta: { total: number } };
  expect(body.data.map((user) => user.id)).toEqual(shownIds);
  expect(body.meta.total).toBe(1000);

  // The command carries $TOKEN and nothing else: without it, the API refuses.
  const refused = await run('sh', ['-c', `${command} -s -o /dev/null -w '%{http_code}'`], {
    env: environment,
    timeout: 10_000,
  });
  expect(refused.stdout).toBe('401');
});

test('the open panel is accessible in both themes and fits a 390 px wide screen', async ({
  page,
  signIn,
  setScenario,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const token = await signIn();
  await expect(page.getByRole('status')).toHaveText('1–50 of 1,000');
  // A failed request too, so its colours are checked.
  await setScenario(token, { fail: { path: '/v3/account', status: 403 } });
  // At this width the header's pages and tools are behind its Menu button.
  const menu = page.getByRole('button', { name: 'Menu' });
  await menu.click();
  await page.getByRole('link', { name: 'Account' }).click();
  await expect(page.getByRole('alert')).toContainText('403 Permission denied');
  await menu.click();

  for (const theme of ['light', 'dark'] as const) {
    await page.getByLabel('Theme').selectOption(theme);
    await expect(page.locator('html')).toHaveClass(
      theme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/,
    );
    await requestsButton(page).click();
    await expect(rows(page).first()).toContainText('403 Permission denied');
    await expectNoSeriousAxeViolations(page, `on the open Requests panel in the ${theme} theme`, {
      colours: theme === 'dark',
    });
    const overflow = await panel(page).evaluate((dialog) => ({
      dialog: dialog.getBoundingClientRect().width,
      content: dialog.scrollWidth - dialog.clientWidth,
    }));
    expect(overflow.dialog).toBeLessThanOrEqual(390);
    expect(overflow.content).toBe(0);
    await expect(rows(page).first().getByRole('button', { name: 'Copy as curl' })).toBeInViewport();
    await page.keyboard.press('Escape');
    await expect(panel(page)).toBeHidden();
  }
});
