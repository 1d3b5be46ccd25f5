import { expect, test } from './support/fixtures';
import {
  MOCK_API_URL,
  OIDC_APIS_CONSOLE_URL,
  OIDC_CONSOLE_URL,
  PROVIDER_2_URL,
} from './support/ports';
import { loginAtProvider, person, signInThroughProvider, withoutFonts } from './support/provider';
import { receivedBy } from './support/several-apis';

/**
 * A provider's access token is the API's to judge (#38, 4): the console sends the RS256, ES256 and
 * opaque tokens real providers issue as issued (the mock provider picks the kind by login name),
 * an API that trusts the provider takes them, and one that does not is explained on the sign-in
 * page with its own message. The first mock API trusts the first provider; the second trusts none
 * (e2e/support/serve-all.ts).
 */
test.beforeEach(({ context }) => withoutFonts(context));

/** The access token this tab's session holds, as stored. */
function storedToken(page: import('@playwright/test').Page): Promise<string | null> {
  return page.evaluate(() => {
    const key = Object.keys(sessionStorage).find((name) => name.startsWith('admin-console.token'));
    const raw = key === undefined ? null : sessionStorage.getItem(key);
    return raw === null ? null : (JSON.parse(raw) as { token: string }).token;
  });
}

const headerOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[0] ?? '', 'base64url').toString() || '{}') as {
    alg?: string;
  };

test.describe('an API that trusts the provider', () => {
  test.use({ baseURL: OIDC_CONSOLE_URL });

  for (const [kind, check] of [
    ['rs256', (token: string) => expect(headerOf(token).alg).toBe('RS256')],
    ['es256', (token: string) => expect(headerOf(token).alg).toBe('ES256')],
    ['opaque', (token: string) => expect(token.split('.')).not.toHaveLength(3)],
  ] as const) {
    test(`takes its ${kind} access token, sent as issued`, async ({ page }) => {
      const login = person(`${kind}-accepted`);
      await signInThroughProvider(page, login, '/users?limit=10');
      await expect(page.getByRole('status').filter({ hasText: ' of ' })).toContainText('1–10 of');
      // Who signed in is the ID token's person; the session renews itself: no countdown.
      await expect(page.getByRole('banner')).toContainText(`${login}`);
      await expect(page.getByRole('banner')).toContainText('· Mock SSO');
      await expect(page.getByTitle('Time left in this session')).toHaveCount(0);

      const token = (await storedToken(page)) ?? '';
      check(token);
      const sent = (await receivedBy(page.request, MOCK_API_URL)).filter(
        (entry) => entry.token === token && entry.path.startsWith('/v1/users?'),
      );
      expect(sent.length).toBeGreaterThan(0);
    });
  }

  test('renews an opaque token before its end (expires_in): no dialog, no 401', async ({
    page,
  }) => {
    // 20-second opaque tokens, renewed about every 7 s.
    test.setTimeout(90_000);
    const statuses: number[] = [];
    page.on('response', (response) => {
      if (response.url().startsWith(MOCK_API_URL)) statuses.push(response.status());
    });
    await signInThroughProvider(page, person('ttl20-opaque-renewed'));
    const seen = new Set<string>();
    await expect
      .poll(
        async () => {
          const token = await storedToken(page);
          if (token) seen.add(token);
          return seen.size;
        },
        { timeout: 45_000, intervals: [1_000] },
      )
      .toBeGreaterThanOrEqual(3);
    await page.getByRole('button', { name: 'Next page' }).click();
    await expect(page.getByRole('status').filter({ hasText: ' of ' })).toContainText('51–100 of');
    await expect(page.getByRole('dialog', { name: 'Renew session' })).toHaveCount(0);
    expect(statuses).not.toContain(401);
  });
});

test.describe('an API that does not trust the provider', () => {
  test.use({ baseURL: OIDC_APIS_CONSOLE_URL });

  for (const [kind, said] of [
    ['rs256', 'Token signed with RS256 by an issuer this API does not trust'],
    ['es256', 'Token signed with ES256 by an issuer this API does not trust'],
    ['opaque', 'Token is not a three-part JWT'],
  ] as const) {
    test(`refuses its ${kind} access token: the sign-in page says so, with the API's message and what to check`, async ({
      page,
    }) => {
      await page.goto('/login?next=%2Fproducts');
      await page.getByRole('combobox', { name: 'API' }).selectOption('Production');
      await page.getByRole('button', { name: 'Sign in with Production SSO' }).click();
      await loginAtProvider(page, person(`${kind}-refused`), PROVIDER_2_URL);

      const alert = page.getByRole('alert');
      await expect(alert).toContainText('refused the access token Production SSO issued (401)');
      await expect(alert).toContainText(said);
      await expect(alert).toContainText('must be signed the way this API checks them');
      await expect(page).toHaveURL(/\/login\?next=%2Fproducts$/);
      // Never put in the token box (it is not the person's to correct), nor left in the tab.
      await expect(page.getByLabel('Access token')).toHaveValue('');
      await expect
        .poll(() => page.evaluate(() => Object.keys(sessionStorage).join(' ')))
        .not.toMatch(/admin-console\.(token|oidc)/);
    });
  }
});
