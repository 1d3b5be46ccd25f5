import { copiedTexts, recordClipboard } from './support/clipboard';
import { expect, test, type Page } from './support/fixtures';

/**
 * The console against an API that misbehaves on purpose: the standalone mock's hostile fault
 * modes (src/mocks/scenarios.ts), over a real network hop. Each case must end in a clear message
 * with the console still usable: no endless spinner, no uncaught error (the fixtures fail on
 * any), nothing hostile drawn or run.
 */

const status = (page: Page) => page.getByRole('status');
const usersTable = (page: Page) => page.getByRole('table', { name: 'Users' });

/** Signs in on the account page, away from the users list and its prefetches. */
async function signInAway(page: Page, signIn: (o: { next: string }) => Promise<string>) {
  const token = await signIn({ next: '/account' });
  await expect(page.getByRole('region', { name: 'Account response' })).toBeVisible();
  return token;
}

test('a hung API: slow notice at 10 s, a timeout alert at 30 s, Try again recovers @real-api-only', async ({
  page,
  signIn,
  setScenario,
}) => {
  await page.clock.install();
  const token = await signInAway(page, signIn);
  await setScenario(token, { fail: { path: '/v1/users', status: 200, body: 'hang' } });
  await page.getByRole('link', { name: 'Users' }).click();
  await expect(status(page)).toHaveText('Loading users…');

  await page.clock.fastForward(10_000);
  await expect(
    page.getByText(/^The API is slow to answer… still waiting for users\./),
  ).toBeVisible();
  await page.clock.fastForward(20_000);
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('The API did not answer within 30 s');
  await expect(page.getByText(/slow to answer/)).toHaveCount(0);

  await alert.getByRole('button', { name: 'Try again' }).click();
  await expect(status(page)).toHaveText('1–50 of 1,000');
  await expect(alert).toHaveCount(0);
});

test('a slow-loris API (headers, then a byte a second) times out the same way @real-api-only', async ({
  page,
  signIn,
  setScenario,
}) => {
  await page.clock.install();
  const token = await signInAway(page, signIn);
  await setScenario(token, { fail: { path: '/v1/users', status: 200, body: 'slow' } });
  await page.getByRole('link', { name: 'Users' }).click();
  await expect(status(page)).toHaveText('Loading users…');
  await page.clock.fastForward(30_000);
  await expect(page.getByRole('alert')).toContainText('The API did not answer within 30 s');
});

test('a token the API repeats back is never shown or copied @real-api-only', async ({
  page,
  signIn,
  setScenario,
}) => {
  await recordClipboard(page);
  const token = await signInAway(page, signIn);
  const signature = token.split('.')[2] as string;
  // Twice: a failed start-up request is asked again when the page mounts.
  await setScenario(token, {
    fail: { path: '/v3/account', status: 403, body: 'echo-token', count: 2 },
  });
  await page.reload();
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('403 Permission denied');
  await expect(alert).toContainText('Token Bearer [token removed] is not allowed here');
  await alert.getByRole('button', { name: 'Copy request ID' }).click();
  await expect(alert).toContainText('Copied');
  expect(await copiedTexts(page)).toEqual(['req_[token removed]']);
  expect(await page.locator('body').innerText()).not.toContain(signature);
});

test('JSON nested 100,000 levels deep is shown truncated, not crashed on @real-api-only', async ({
  page,
  signIn,
  setScenario,
}) => {
  const token = await signInAway(page, signIn);
  await setScenario(token, { fail: { path: '/v3/account', status: 200, body: 'deep' } });
  await page.reload();
  const region = page.getByRole('region', { name: 'Account response' });
  // The tree stops drawing at its depth limit (inside folded levels) and says so there.
  await expect(region.getByText('truncated: nested more than 40 levels deep')).toHaveCount(1);
  await region.getByRole('button', { name: 'Raw JSON' }).click();
  await expect(region.getByText(/too large or too deeply nested to show whole/)).toBeVisible();
  await expect(region.locator('pre')).toContainText('{…}');
});

test('an answer over 10 MB is refused with a reason @real-api-only', async ({
  page,
  signIn,
  setScenario,
}) => {
  const token = await signInAway(page, signIn);
  await setScenario(token, { fail: { path: '/v1/users', status: 200, body: 'huge' } });
  await page.getByRole('link', { name: 'Users' }).click();
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('Unexpected response from the API');
  await expect(alert).toContainText('larger than 10 MB');
});

test('a 2,000,000-character name is cut in the table @real-api-only', async ({
  page,
  signIn,
  setScenario,
}) => {
  const token = await signInAway(page, signIn);
  await setScenario(token, { fail: { path: '/v1/users', status: 200, body: 'long-text' } });
  await page.getByRole('link', { name: 'Users' }).click();
  await expect(status(page)).toHaveText('1–50 of 1,000');
  const firstRow = usersTable(page).locator('tbody tr').first();
  await expect(firstRow.getByRole('link', { name: /^Long L+…$/ })).toBeVisible();
  expect((await firstRow.textContent())?.length).toBeLessThan(2_000);
});

test('a bidi override in a name is shown, not obeyed @real-api-only', async ({
  page,
  signIn,
  setScenario,
}) => {
  const token = await signInAway(page, signIn);
  await setScenario(token, { fail: { path: '/v1/users', status: 200, body: 'bidi' } });
  await page.getByRole('link', { name: 'Users' }).click();
  const name = usersTable(page).locator('tbody tr').first().getByRole('link');
  await expect(name).toHaveText('Admin [U+202E]gnp.exe[U+202C]');
  expect(await name.textContent()).not.toContain('\u202E');
});

test('a redirect is reported and not followed @real-api-only', async ({
  page,
  signIn,
  setScenario,
}) => {
  // What the browser would really send there (the network log also lists a redirect's target
  // that a fetch with redirect: 'manual' never sends, without headers or an answer).
  const elsewhere: string[] = [];
  await page.route('https://evil.example/**', (route) => {
    elsewhere.push(route.request().url());
    return route.abort();
  });
  const token = await signInAway(page, signIn);
  await setScenario(token, { fail: { path: '/v1/products', status: 302, body: 'redirect' } });
  await page.getByRole('link', { name: 'Products' }).click();
  const alert = page.getByRole('alert');
  await expect(alert).toContainText(
    'The API answered with a redirect to another address, which the console does not follow',
  );
  expect(elsewhere).toEqual([]);
});
