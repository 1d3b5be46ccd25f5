import { expect, test } from '@playwright/test';
import { signInAtMockOidc } from '../src/mocks/oidc-sign-in';
import {
  MOCK_API_2_URL,
  MOCK_API_URL,
  OIDC_APIS_CONFIG,
  OIDC_APIS_CONSOLE_URL,
  OIDC_CONFIG,
  OIDC_CONSOLE_URL,
  PROVIDER_2_URL,
  PROVIDER_URL,
} from './support/ports';

/**
 * The servers the run starts (support/serve-all.ts), as the console's sign-in tests meet them: the
 * first mock API accepts every kind of access token its provider issues, and the second refuses
 * the RS256, ES256 and opaque tokens of its own. Signed in over HTTP, without a page: this is
 * about the servers, not the console.
 */

let people = 0;
function person(kind: string): string {
  people += 1;
  return `${kind}-${process.pid}-${people}-${Date.now() % 100_000}`;
}

test('the first mock API accepts its provider’s HS256, RS256, ES256 and opaque tokens', async ({
  request,
}) => {
  for (const kind of ['staff', 'rs256', 'es256', 'opaque']) {
    await test.step(kind, async () => {
      const login = person(kind);
      const tokens = await signInAtMockOidc({
        issuer: PROVIDER_URL,
        login,
        clientId: OIDC_CONFIG.oidc.clientId,
        redirectUri: `${OIDC_CONSOLE_URL}/auth/callback`,
      });
      const response = await request.get(`${MOCK_API_URL}/v3/account`, {
        headers: { Authorization: `Bearer ${tokens.access_token}` },
      });
      expect(response.status()).toBe(200);
    });
  }
});

test('the second mock API refuses its provider’s RS256, ES256 and opaque tokens', async ({
  request,
}) => {
  const refusals: Record<string, string> = {
    staff: '',
    rs256: `Token signed with RS256 by an issuer this API does not trust: "${PROVIDER_2_URL}"`,
    es256: `Token signed with ES256 by an issuer this API does not trust: "${PROVIDER_2_URL}"`,
    opaque: 'Token is not a three-part JWT',
  };
  for (const [kind, refusal] of Object.entries(refusals)) {
    await test.step(kind, async () => {
      const tokens = await signInAtMockOidc({
        issuer: PROVIDER_2_URL,
        login: person(kind),
        clientId: OIDC_APIS_CONFIG.apis[1]?.oidc.clientId ?? '',
        redirectUri: `${OIDC_APIS_CONSOLE_URL}/auth/callback`,
      });
      const response = await request.get(`${MOCK_API_2_URL}/v3/account`, {
        headers: { Authorization: `Bearer ${tokens.access_token}` },
      });
      if (refusal === '') {
        expect(response.status()).toBe(200);
        return;
      }
      expect(response.status()).toBe(401);
      const body = (await response.json()) as { error: { code: string; message: string } };
      expect(body.error).toMatchObject({ code: 'invalid_token', message: refusal });
    });
  }
});
