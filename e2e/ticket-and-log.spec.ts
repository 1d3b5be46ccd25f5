import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { Har } from 'har-format';
import { harProblems } from '../src/test/har-validator';
import { copiedTexts, nextCopiedText, recordClipboard } from './support/clipboard';
import { expect, test, type Page } from './support/fixtures';

const requestsButton = (page: Page) => page.getByRole('button', { name: 'Requests', exact: true });
const panel = (page: Page) => page.getByRole('dialog', { name: 'Requests' });
const rows = (page: Page) => panel(page).getByRole('listitem');

const VERSION = (
  JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
    version: string;
  }
).version;

// Each test waits out automatic retries (backoff) or writes and validates a file: on a shared,
// loaded machine that takes longer than the suite's default 30 s.
test.slow();

/** The request ids a ticket lists, in its order. */
function ticketIds(ticket: string): string[] {
  return [...ticket.matchAll(/^ {2}\d+\. `(req_[^`]+)`/gm)].map((match) => match[1] ?? '');
}

function localDate(): string {
  const now = new Date();
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

test('Copy for ticket on an alert after retries lists every try’s request id, as the panel does @both-modes', async ({
  page,
  signIn,
  setScenario,
  mode,
  apiBase,
}) => {
  await recordClipboard(page);
  const token = await signIn();
  await expect(page.getByRole('status')).toHaveText('1–50 of 1,000', { timeout: 30_000 });
  // The first try and both automatic retries fail.
  await setScenario(token, { fail: { path: '/v3/account', status: 500, count: 3 } });
  await page.getByRole('link', { name: 'Account' }).click();
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('500 Server error', { timeout: 30_000 });
  await alert.getByRole('button', { name: 'Copy for ticket' }).click();
  const ticket = await nextCopiedText(page, 0);

  expect(ticket).toMatch(/^Admin console request: 500 Server error\n/);
  expect(ticket).toContain(`- Request: GET \`${apiBase}/v3/account\``);
  expect(ticket).toContain('- Status: 500 Server error');
  expect(ticket).toContain(
    '- Message: `Server error (HTTP 500): Simulated 500 (demo scenario).`\n',
  );
  expect(ticket).toContain(
    '- Request IDs (3 tries: the request and its automatic retries; times in UTC):',
  );
  const ids = ticketIds(ticket);
  expect(ids).toHaveLength(3);
  expect(new Set(ids).size).toBe(3);
  expect(ticket).toMatch(/- Time \(UTC\): \d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z\n/);
  const apiName = mode === 'demo' ? 'Demo' : new URL(apiBase).host;
  expect(ticket).toContain(`- API: ${apiName} (\`${apiBase}\`)`);
  expect(ticket).toContain(`- Console version: ${VERSION}\n`);
  expect(ticket).toContain(`- Browser: ${await page.evaluate(() => navigator.userAgent)}`);

  // The panel lists the same three tries; the newest one's ticket names them all too.
  await requestsButton(page).click();
  await panel(page).getByRole('checkbox', { name: 'Errors only' }).check();
  await expect(rows(page)).toHaveCount(3);
  for (const [index, id] of [...ids].reverse().entries()) {
    await expect(rows(page).nth(index)).toContainText(id);
  }
  await expect(rows(page).first()).toContainText('automatic retry 2');
  await rows(page).first().getByRole('button', { name: 'Copy for ticket' }).click();
  expect(ticketIds(await nextCopiedText(page, 1))).toEqual(ids);
  for (const text of await copiedTexts(page)) expect(text).not.toContain(token.split('.')[2]);
});

test('Download log saves a HAR 1.2 file that validates, with no token even when the API echoes it @both-modes', async ({
  page,
  signIn,
  setScenario,
}) => {
  const token = await signIn();
  const [, payload, signature] = token.split('.') as [string, string, string];
  await expect(page.getByRole('status')).toHaveText('1–50 of 1,000', { timeout: 30_000 });
  await setScenario(token, { fail: { path: '/v3/account', status: 403, body: 'echo-token' } });
  await page.getByRole('link', { name: 'Account' }).click();
  await expect(page.getByRole('alert')).toContainText('403 Permission denied');

  await requestsButton(page).click();
  await expect(rows(page).first()).toContainText('403 Permission denied');
  const downloading = page.waitForEvent('download');
  await panel(page).getByRole('button', { name: 'Download log' }).click();
  const file = await downloading;
  expect(file.suggestedFilename()).toBe(`requests-${localDate()}.har`);
  const saved = panel(page).getByText(/^Saved \d+ requests to /);
  await expect(saved).toBeVisible();
  const logged = Number(/^Saved (\d+) /.exec((await saved.textContent()) ?? '')?.[1]);
  await expect(saved).toHaveText(
    `Saved ${logged} requests to requests-${localDate()}.har; its times are UTC (ISO 8601).`,
  );
  expect(logged).toBeGreaterThanOrEqual(2);
  const text = await readFile((await file.path()) ?? '', 'utf8');
  const har = JSON.parse(text) as Har;
  expect(harProblems(har)).toEqual([]);

  expect(har.log.entries).toHaveLength(logged);
  const users = har.log.entries.find((entry) => entry.request.url.includes('/v1/users?page=1'));
  expect(users?.response.status).toBe(200);
  expect(users?.request.headers).toContainEqual({ name: 'accept', value: 'application/json' });
  const usersId = users?.response.headers.find((header) => header.name === 'x-request-id');
  expect(usersId?.value).toMatch(/^req_/);
  expect(users?.timings.wait).toBeGreaterThanOrEqual(0);
  const refused = har.log.entries.find((entry) => entry.request.url.endsWith('/v3/account'));
  expect(refused?.response.status).toBe(403);
  const refusedId = refused?.response.headers.find((header) => header.name === 'x-request-id');
  expect(refusedId?.value).toMatch(/^req_/);
  expect(refused?.response.content.text).toContain('Token Bearer [token removed] is not allowed');
  expect(text).not.toContain(signature);
  expect(text).not.toContain(payload);
  expect(text.toLowerCase()).not.toContain('authorization');
});

test('a 12 MB answer, refused unread, still leaves a valid HAR file @real-api-only', async ({
  page,
  signIn,
  setScenario,
}) => {
  const token = await signIn();
  await expect(page.getByRole('status')).toHaveText('1–50 of 1,000', { timeout: 30_000 });
  await setScenario(token, { fail: { path: '/v3/account', status: 200, body: 'huge' } });
  await page.getByRole('link', { name: 'Account' }).click();
  await expect(page.getByRole('alert')).toContainText('larger than 10 MB', { timeout: 30_000 });

  await requestsButton(page).click();
  const downloading = page.waitForEvent('download');
  await panel(page).getByRole('button', { name: 'Download log' }).click();
  const file = await downloading;
  const text = await readFile((await file.path()) ?? '', 'utf8');
  const har = JSON.parse(text) as Har;
  expect(harProblems(har)).toEqual([]);
  const huge = har.log.entries.find((entry) => entry.request.url.endsWith('/v3/account'));
  expect(huge?.response.status).toBe(200);
  expect(huge?.comment).toContain('larger than 10 MB');
  expect(text.length).toBeLessThan(1_000_000);
});
