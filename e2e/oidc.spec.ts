import type { Page } from '@playwright/test';
import { test as plainTest } from '@playwright/test';
import { expect, test } from './support/fixtures';
import {
  MOCK_API_2_URL,
  MOCK_API_URL,
  OIDC_APIS_CONSOLE_URL,
  OIDC_CONSOLE_URL,
  PROVIDER_2_URL,
  PROVIDER_URL,
} from './support/ports';
import { loginAtProvider, person, signInThroughProvider, withoutFonts } from './support/provider';
import { receivedBy } from './support/several-apis';

/**
 * Sign-in through an identity provider (ui-contract, "Sign-in through an identity provider")
 * against a real OpenID Provider: panva's oidc-provider on loopback (src/mocks/oidc-provider.ts),
 * whose access tokens the mock API accepts. Its login page takes any login; logins starting with
 * `ttl20-` get 20-second access tokens, and `nocors-` get their code exchange answered without
 * CORS headers.
 */
test.use({ baseURL: OIDC_CONSOLE_URL });

test.beforeEach(({ context }) => withoutFonts(context));

test('a deep link survives the round trip; code and state never stay in the address or history', async ({
  page,
}) => {
  const login = person();
  await page.goto('/users?page=3&limit=10');
  await expect(page).toHaveURL(/\/login\?next=/);
  await expect(page.getByLabel('Access token')).toBeVisible();
  await page.getByRole('button', { name: 'Sign in with Mock SSO' }).click();
  await loginAtProvider(page, login);
  await expect(page).toHaveURL(`${OIDC_CONSOLE_URL}/users?page=3&limit=10`);
  await expect(page.getByRole('status').filter({ hasText: ' of ' })).toContainText('21–30 of');
  await expect(page.getByRole('banner')).toContainText(login);

  // The provider's access token is the bearer token, and nothing else of it reached the API.
  const sent = (await receivedBy(page.request, MOCK_API_URL)).filter((entry) =>
    entry.path.startsWith('/v1/users?page=3'),
  );
  expect(sent.length).toBeGreaterThan(0);
  const token = sent.at(-1)?.token ?? '';
  const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString());
  expect(claims).toMatchObject({ sub: login, iss: PROVIDER_URL });

  // The refresh and ID tokens stay in this tab's storage: never on the page, in the Requests
  // panel (what HAR and the ticket are made from), nor in localStorage.
  const held = await page.evaluate(() => sessionStorage.getItem('admin-console.oidc'));
  const { refreshToken, idToken } = JSON.parse(held ?? '{}') as Record<string, string>;
  expect(refreshToken).toBeTruthy();
  expect(idToken).toBeTruthy();
  await page.getByRole('button', { name: 'Requests', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Requests' })).toBeVisible();
  const shown = await page.evaluate(() => document.documentElement.outerHTML);
  const device = await page.evaluate(() => JSON.stringify({ ...localStorage }));
  for (const secret of [refreshToken, idToken]) {
    expect(shown).not.toContain(secret);
    expect(device).not.toContain(secret);
  }

  // Back goes to the provider, never to a callback address with its code.
  await page.goBack();
  expect(page.url()).not.toMatch(/[?&](code|state)=/);
});

function subjectOf(token: string): string | undefined {
  const payload = Buffer.from(token.split('.')[1] ?? '', 'base64url').toString();
  return (JSON.parse(payload || '{}') as { sub?: string }).sub;
}

/** The session the console keeps in this tab (its access token), as the store wrote it. */
async function storedToken(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const raw = sessionStorage.getItem('admin-console.token');
    return raw === null ? null : (JSON.parse(raw) as { token: string }).token;
  });
}

test('renews before every expiry with the refresh token: no dialog, no 401, across lifetimes, one renewal for two tabs', async ({
  page,
}) => {
  // 20-second tokens (10 usable: the console stops 10 s before exp), renewed at two thirds of
  // that: three tokens take about 14 s.
  test.setTimeout(90_000);
  const statuses: number[] = [];
  const spent: string[] = [];
  const watch = (tab: Page) => {
    tab.on('response', (response) => {
      if (response.url().startsWith(MOCK_API_URL)) statuses.push(response.status());
    });
    tab.on('request', (request) => {
      const body = new URLSearchParams(request.postData() ?? '');
      if (request.url() === `${PROVIDER_URL}/token` && body.get('grant_type') === 'refresh_token') {
        spent.push(body.get('refresh_token') ?? '');
      }
    });
  };
  watch(page);
  const login = person('ttl20-renew');
  await signInThroughProvider(page, login);
  // A second tab of the same person, as the browser's Duplicate tab makes it (a copy of the
  // tab's sessionStorage: the same session and refresh token). Both come to renew at the same
  // moment, and must share it.
  const stored = await page.evaluate(() => JSON.stringify({ ...sessionStorage }));
  const other = await page.context().newPage();
  watch(other);
  await other.addInitScript(
    ({ origin, entries }) => {
      if (window.location.origin !== origin || sessionStorage.length > 0) return;
      for (const [key, value] of Object.entries(JSON.parse(entries) as Record<string, string>)) {
        sessionStorage.setItem(key, value);
      }
    },
    { origin: OIDC_CONSOLE_URL, entries: stored },
  );
  await other.goto('/users');
  await expect(other.getByRole('banner')).toContainText(login);
  const seen = new Set<string>();
  await expect
    .poll(
      async () => {
        const token = await storedToken(page);
        if (token) seen.add(token);
        return seen.size;
      },
      { timeout: 60_000, intervals: [1_000] },
    )
    .toBeGreaterThanOrEqual(3);
  // One refresh per renewal, whichever tab made it: no refresh token is used twice (the provider
  // would end the session), and the other tab follows.
  expect(spent.length).toBeGreaterThanOrEqual(2);
  expect(new Set(spent).size).toBe(spent.length);
  await expect.poll(() => storedToken(other)).toBe(await storedToken(page));
  // The page goes on working with a renewed token, which the API takes (the next page may have
  // been prefetched with the first token: the last page is asked for now).
  // Found by what it asked, not by its place in the server's log: the log keeps the last 2,000
  // requests, so on a long run its length stops growing and a slice from "before" is empty.
  const first = [...seen][0];
  await page.getByRole('button', { name: 'Last page' }).click();
  await expect(page.getByRole('button', { name: 'Next page' })).toBeDisabled();
  const lastPage = new URL(page.url()).searchParams.get('page');
  expect(lastPage).not.toBeNull();
  const mine = (await receivedBy(page.request, MOCK_API_URL)).filter(
    (entry) =>
      entry.token !== null &&
      subjectOf(entry.token) === login &&
      entry.path.startsWith('/v1/users?') &&
      new URLSearchParams(entry.path.split('?')[1]).get('page') === lastPage,
  );
  expect(mine.length).toBeGreaterThan(0);
  expect(mine.every((entry) => entry.token !== first)).toBe(true);
  for (const tab of [page, other]) {
    await expect(tab.getByRole('dialog', { name: 'Renew session' })).toHaveCount(0);
  }
  expect(statuses).not.toContain(401);
});

test('a refused renewal asks to sign in again, and comes back to the page as it was: dialog, filter, scroll', async ({
  page,
}) => {
  // 30-second tokens: 20 usable, renewed after 13, which leaves a slow machine time to renew
  // (20-second tokens leave it 3 s, and a late renewal ends the session before this test refuses).
  test.setTimeout(90_000);
  await signInThroughProvider(page, person('ttl30-again'), '/products?limit=100');
  const shown = page.getByRole('status').filter({ hasText: ' of ' });
  const unfiltered = await shown.textContent();
  const min = page.getByLabel('Min price', { exact: true });
  await min.fill('7');
  await min.press('Enter');
  await expect(page).toHaveURL(/min_price=7/);
  // The filtered list, not the previous one left on screen while it loads.
  await expect.poll(() => shown.textContent()).not.toBe(unfiltered);
  await page.getByRole('table', { name: 'Products' }).locator('tbody tr').first().click();
  const details = page.getByRole('dialog', { name: 'Product details' });
  await expect(details).toBeVisible();
  const url = page.url();
  await page.evaluate(() => window.scrollTo(0, 1500));
  const scrolled = await page.evaluate(() => window.scrollY);
  expect(scrolled).toBeGreaterThan(0);

  // Only now does the provider stop renewing, as when its administrator revokes the grant.
  const tokenEndpoint = `${PROVIDER_URL}/token`;
  await page.route(tokenEndpoint, (route) =>
    new URLSearchParams(route.request().postData() ?? '').get('grant_type') === 'refresh_token'
      ? route.fulfill({
          status: 400,
          contentType: 'application/json',
          headers: { 'Access-Control-Allow-Origin': OIDC_CONSOLE_URL, 'Cache-Control': 'no-store' },
          body: JSON.stringify({ error: 'invalid_grant', error_description: 'grant revoked' }),
        })
      : route.continue(),
  );

  const dialog = page.getByRole('dialog', { name: 'Renew session' });
  await expect(dialog).toBeVisible({ timeout: 30_000 });
  await expect(dialog).toContainText('Mock SSO would not renew your session');
  await page.unroute(tokenEndpoint);
  await dialog.getByRole('button', { name: 'Sign in again' }).click();
  // The provider still knows the person: straight back, no login form.
  await expect(page).toHaveURL(url);
  // The whole app loads again after the round trip, then the list and the product.
  await expect(details).toBeVisible({ timeout: 15_000 });
  await expect(min).toHaveValue('7');
  await expect(page.getByRole('status').filter({ hasText: ' of ' })).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(scrolled);
  await expect(dialog).toHaveCount(0);
});

test('a forged or replayed callback is refused before anything is sent', async ({ page }) => {
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.url().startsWith(PROVIDER_URL) || request.url().startsWith(MOCK_API_URL)) {
      sent.push(request.url());
    }
  });
  await page.goto('/auth/callback?code=stolen-code&state=forged-state');
  await expect(page.getByRole('alert')).toContainText(
    'does not belong to a sign-in started in this tab',
  );
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByLabel('Access token')).toBeVisible();
  expect(sent).toEqual([]);

  // A 10,000-character parameter: refused unread.
  await page.goto(`/auth/callback?code=${'x'.repeat(10_000)}&state=forged-state`);
  await expect(page.getByRole('alert')).toContainText('far too long');
  await expect(page.getByLabel('Access token')).toBeVisible();
  expect(sent).toEqual([]);
});

test('the provider saying no (access_denied) is explained, with the token box still there', async ({
  page,
}) => {
  await page.goto('/users');
  await page.getByRole('button', { name: 'Sign in with Mock SSO' }).click();
  await expect(page).toHaveURL(new RegExp(`^${PROVIDER_URL}/`));
  await page.getByRole('link', { name: '[ Cancel ]' }).click();
  await expect(page.getByRole('alert')).toContainText('did not sign you in (access denied)');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByLabel('Access token')).toBeVisible();
});

// Chromium logs the refused connection as a console error, which the fixtures' page counts as a
// failure: this test takes a page of its own.
plainTest(
  'a provider that cannot be reached is explained; the token box stays',
  async ({ page }) => {
    await page.route('https://fonts.googleapis.com/**', (route) => route.abort());
    await page.route(`${PROVIDER_URL}/**`, (route) => route.abort('connectionrefused'));
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in with Mock SSO' }).click();
    await expect(page.getByRole('alert')).toContainText('Could not reach Mock SSO');
    await expect(page.getByLabel('Access token')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign in with Mock SSO' })).toBeEnabled();

    // A gateway answering for a provider that is down says the same.
    await page.unroute(`${PROVIDER_URL}/**`);
    await page.route(`${PROVIDER_URL}/**`, (route) => route.fulfill({ status: 503, body: 'down' }));
    await page.getByRole('button', { name: 'Sign in with Mock SSO' }).click();
    await expect(page.getByRole('alert')).toContainText('Could not reach Mock SSO');
    expect(errors).toEqual([]);
  },
);

// Chromium logs the refused response as a console error, which the fixtures' page counts as a
// failure: this test takes a page of its own.
plainTest(
  'a token endpoint that does not answer this console (no CORS) is explained; nothing reaches the API',
  async ({ page }) => {
    await page.route('https://fonts.googleapis.com/**', (route) =>
      route.fulfill({ status: 200, contentType: 'text/css', body: '' }),
    );
    const toApi: string[] = [];
    page.on('request', (request) => {
      if (request.url().startsWith(MOCK_API_URL)) toApi.push(request.url());
    });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in with Mock SSO' }).click();
    // The provider answers this login's code exchange without CORS headers.
    await loginAtProvider(page, person('nocors'));
    await expect(page.getByRole('alert')).toContainText(
      `does not allow this console's address (${OIDC_CONSOLE_URL}) for browser requests (CORS)`,
    );
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByLabel('Access token')).toBeVisible();
    expect(toApi).toEqual([]);
    expect(errors).toEqual([]);
  },
);

test('sign-out revokes the refresh token and ends the provider’s session', async ({ page }) => {
  const login = person();
  await signInThroughProvider(page, login);
  const revoked = page.waitForRequest(
    (request) =>
      request.url() === `${PROVIDER_URL}/token/revocation` && request.method() === 'POST',
  );
  await page.getByRole('button', { name: 'Sign out' }).click();
  expect((await revoked).postData()).toContain('token_type_hint=refresh_token');
  // The provider's own confirmation of RP-initiated logout, then back to the console's sign-in.
  await page.getByRole('button', { name: 'Yes, sign me out' }).click();
  await expect(page).toHaveURL(`${OIDC_CONSOLE_URL}/login`);
  // Nothing of the provider's is left in the tab.
  expect(await page.evaluate(() => sessionStorage.getItem('admin-console.oidc'))).toBeNull();
  // The next sign-in asks the provider to log in again.
  await page.getByRole('button', { name: 'Sign in with Mock SSO' }).click();
  await expect(page.getByPlaceholder('Enter any login')).toBeVisible();
});

test.describe('two APIs, each with its own provider', () => {
  test.use({ baseURL: OIDC_APIS_CONSOLE_URL });

  test('each API signs in through its own provider, and no token crosses', async ({ page }) => {
    const [first, second] = [person('staging'), person('production')];
    await page.goto('/users');
    await page.getByRole('button', { name: 'Sign in with Staging SSO' }).click();
    await loginAtProvider(page, first, PROVIDER_URL);
    await expect(page.getByRole('banner')).toContainText(first);
    await expect(page.getByRole('status').filter({ hasText: ' of ' })).toBeVisible();

    await page.getByRole('combobox', { name: 'API' }).selectOption('Production');
    await page.getByRole('button', { name: 'Sign in with Production SSO' }).click();
    await loginAtProvider(page, second, PROVIDER_2_URL);
    await expect(page.getByRole('banner')).toContainText(second);
    await expect(page.getByRole('status').filter({ hasText: ' of ' })).toBeVisible();

    const issuersSeenBy = async (api: string) => {
      const issuers = new Set<string>();
      for (const { token } of await receivedBy(page.request, api)) {
        const claims = JSON.parse(
          Buffer.from(token?.split('.')[1] ?? '', 'base64url').toString() || '{}',
        ) as { sub?: string; iss?: string };
        if (claims.sub === first || claims.sub === second) issuers.add(claims.iss ?? '');
      }
      return [...issuers];
    };
    const staging = await receivedBy(page.request, MOCK_API_URL);
    expect(await issuersSeenBy(MOCK_API_URL), JSON.stringify(staging.slice(-3))).toEqual([
      PROVIDER_URL,
    ]);
    expect(await issuersSeenBy(MOCK_API_2_URL)).toEqual([PROVIDER_2_URL]);
  });
});
