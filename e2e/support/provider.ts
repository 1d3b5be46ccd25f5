import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { expect } from './fixtures';
import { PROVIDER_URL } from './ports';

/**
 * Signing in through the mock identity provider (src/mocks/oidc-provider.ts, a real OpenID
 * Provider on loopback): its login page takes any login; a login's prefix picks a behaviour
 * (`ttl20-…`: 20-second access tokens, `nocors-…`, `…refuse-…`: see that file).
 */

let people = 0;
/** A login of its own per test, so the provider's grants of parallel tests never meet. */
export function person(prefix = 'staff'): string {
  people += 1;
  return `${prefix}-${process.pid}-${people}-${Date.now() % 100_000}`;
}

/** The provider's own login page imports a web font; the test machine has no internet. */
export async function withoutFonts(context: BrowserContext): Promise<void> {
  await context.route('https://fonts.googleapis.com/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/css', body: '' }),
  );
}

export async function loginAtProvider(
  page: Page,
  login: string,
  provider = PROVIDER_URL,
): Promise<void> {
  await expect(page).toHaveURL(new RegExp(`^${provider}/`));
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

/** What this tab holds of the provider's (sessionStorage), as the console wrote it. */
export async function heldTokens(
  page: Page,
): Promise<{ refreshToken?: string; idToken?: string } | null> {
  return page.evaluate(() => {
    const raw = sessionStorage.getItem('admin-console.oidc');
    return raw === null ? null : (JSON.parse(raw) as { refreshToken?: string; idToken?: string });
  });
}

/** Whether the provider still renews with this refresh token (the test asks it directly). */
export async function refreshStillWorks(
  request: APIRequestContext,
  refreshToken: string,
  provider = PROVIDER_URL,
): Promise<boolean> {
  const response = await request.post(`${provider}/token`, {
    form: { grant_type: 'refresh_token', refresh_token: refreshToken, client_id: 'admin-console' },
  });
  return response.ok();
}
