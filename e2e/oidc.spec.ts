import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { MOCK_API_URL, OIDC_CONSOLE_URL, PROVIDER_URL } from './support/ports';
import { receivedBy } from './support/several-apis';

/**
 * Sign-in through an identity provider (ui-contract, "Sign-in through an identity provider")
 * against a real OpenID Provider: panva's oidc-provider on loopback (src/mocks/oidc-provider.ts),
 * whose access tokens the mock API accepts. Its login page takes any login; logins starting with
 * `ttl20-` get 20-second access tokens, with `refuse-` every refresh is refused.
 */
test.use({ baseURL: OIDC_CONSOLE_URL });

test.beforeEach(async ({ context }) => {
  // The provider's own login page imports a web font; the test machine has no internet.
  await context.route('https://fonts.googleapis.com/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/css', body: '' }),
  );
});

let people = 0;
/** A login of its own per test, so the provider's grants of parallel tests never meet. */
function person(prefix = 'staff'): string {
  people += 1;
  return `${prefix}-${process.pid}-${people}-${Date.now() % 100_000}`;
}

async function loginAtProvider(page: Page, login: string): Promise<void> {
  await expect(page).toHaveURL(new RegExp(`^${PROVIDER_URL}/`));
  await page.getByPlaceholder('Enter any login').fill(login);
  await page.getByPlaceholder('and password').fill('any');
  await page.getByRole('button', { name: 'Sign-in' }).click();
}

export async function signInThroughProvider(
  page: Page,
  login: string,
  start = '/users',
): Promise<void> {
  await page.goto(start);
  await page.getByRole('button', { name: 'Sign in with Mock SSO' }).click();
  await loginAtProvider(page, login);
  await expect(page.getByRole('banner')).toContainText(login);
}

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

  // Back goes to the provider, never to a callback address with its code.
  await page.goBack();
  expect(page.url()).not.toMatch(/[?&](code|state)=/);
});
