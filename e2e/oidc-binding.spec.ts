import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import {
  MOCK_API_2_URL,
  MOCK_API_URL,
  OIDC_APIS_CONSOLE_URL,
  PROVIDER_2_URL,
  PROVIDER_URL,
} from './support/ports';
import { loginAtProvider, person, withoutFonts } from './support/provider';
import { receivedBy } from './support/several-apis';

/**
 * A token goes only to the API, and a refresh token only to the provider, it was issued for, even
 * when config.json changed between two tabs of the console (a redeploy): their API profile has the
 * same name, but another API and provider (docs/security.md).
 */
test.use({ baseURL: OIDC_APIS_CONSOLE_URL });
test.beforeEach(({ context }) => withoutFonts(context));

const issuerOf = (token: string | null) =>
  JSON.parse(Buffer.from(token?.split('.')[1] ?? '', 'base64url').toString() || '{}') as {
    iss?: string;
    sub?: string;
  };

/** The access token this tab's session holds, as stored. */
async function storedToken(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const key = Object.keys(sessionStorage).find((name) => name.startsWith('admin-console.token'));
    const raw = key === undefined ? null : sessionStorage.getItem(key);
    return raw === null ? null : (JSON.parse(raw) as { token: string }).token;
  });
}

test('after config.json changed between two tabs, neither takes the other’s tokens, and each renews with its own provider', async ({
  page,
  context,
}) => {
  // 20-second tokens, renewed every 7 s or so: each tab renews twice within the test.
  test.setTimeout(90_000);
  const refreshes: { provider: string; status: number }[] = [];
  const watch = (tab: Page) =>
    tab.on('response', (response) => {
      const body = new URLSearchParams(response.request().postData() ?? '');
      if (response.url().endsWith('/token') && body.get('grant_type') === 'refresh_token') {
        refreshes.push({ provider: new URL(response.url()).origin, status: response.status() });
      }
    });

  // Tab A, on the first configuration: Staging is the first API, through the first provider.
  watch(page);
  const first = person('ttl20-before');
  await page.goto('/users');
  await page.getByRole('button', { name: 'Sign in with Staging SSO' }).click();
  await loginAtProvider(page, first, PROVIDER_URL);
  await expect(page.getByRole('banner')).toContainText(first);

  // Tab B, after the redeploy: Staging now names the second API, through the second provider.
  const other = await context.newPage();
  watch(other);
  await other.route('**/config.json', (route) =>
    route.fulfill({
      json: {
        apis: [
          {
            name: 'Staging',
            baseUrl: MOCK_API_2_URL,
            oidc: { issuer: PROVIDER_2_URL, clientId: 'admin-console', name: 'Staging SSO' },
          },
        ],
      },
    }),
  );
  await other.goto('/users');
  // Tab A's session is not this configuration's: tab B is not offered it.
  await expect(other.getByRole('button', { name: 'Sign in with Staging SSO' })).toBeVisible();
  const second = person('ttl20-after');
  await other.getByRole('button', { name: 'Sign in with Staging SSO' }).click();
  await loginAtProvider(other, second, PROVIDER_2_URL);
  await expect(other.getByRole('banner')).toContainText(second);

  // Both renew, twice at least.
  for (const tab of [page, other]) {
    const seen = new Set<string>();
    await expect
      .poll(
        async () => {
          const token = await storedToken(tab);
          if (token) seen.add(token);
          return seen.size;
        },
        { timeout: 45_000, intervals: [1_000] },
      )
      .toBeGreaterThanOrEqual(3);
  }

  const issuersAt = async (api: string) =>
    new Set(
      (await receivedBy(page.request, api))
        .map((entry) => issuerOf(entry.token))
        .filter((claims) => claims.sub === first || claims.sub === second)
        .map((claims) => claims.iss),
    );
  expect([...(await issuersAt(MOCK_API_URL))]).toEqual([PROVIDER_URL]);
  expect([...(await issuersAt(MOCK_API_2_URL))]).toEqual([PROVIDER_2_URL]);
  // Every refresh went to the tab's own provider, which renewed it: none was refused.
  expect(refreshes.length).toBeGreaterThanOrEqual(4);
  expect(refreshes.filter((refresh) => refresh.status !== 200)).toEqual([]);
  for (const tab of [page, other]) {
    await expect(tab.getByRole('dialog', { name: 'Renew session' })).toHaveCount(0);
  }
  expect(issuerOf(await storedToken(page)).sub).toBe(first);
  expect(issuerOf(await storedToken(other)).sub).toBe(second);
});
