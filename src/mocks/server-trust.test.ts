// @vitest-environment node
import { generateKeyPairSync, sign } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OIDC_CLIENT_ID, startMockOidc, type MockOidc } from './oidc-provider.ts';
import { signInAtMockOidc } from './oidc-sign-in.ts';
import { startMockServer, type MockServer } from './server.ts';
import { expectError } from './test-support.ts';
import { createTrustedIssuer } from './trusted-issuer.ts';

/**
 * The arrangement the end-to-end run has (e2e/support/serve-all.ts), over real HTTP: an API that
 * trusts the provider and accepts its RS256, ES256 and opaque tokens, and one that does not and
 * refuses them with its usual 401. Both accept the provider's default HS256 tokens, as before.
 */

const CONSOLE = 'http://127.0.0.1:5173';
let trusting: MockServer;
let other: MockServer;
let oidc: MockOidc;

beforeAll(async () => {
  [trusting, other] = await Promise.all([
    startMockServer({ users: 5, products: 5 }),
    startMockServer({ users: 5, products: 5 }),
  ]);
  // The provider names the API in its tokens' aud, so it starts once the API has its URL.
  oidc = await startMockOidc({ apiUrl: trusting.url, consoleOrigins: [CONSOLE] });
  trusting.api.trust(createTrustedIssuer(oidc.issuer));
});
afterAll(() => Promise.all([trusting?.close(), other?.close(), oidc?.close()]));

const accessToken = async (login: string, scope?: string) =>
  (
    await signInAtMockOidc({
      issuer: oidc.issuer,
      login,
      clientId: OIDC_CLIENT_ID,
      redirectUri: `${CONSOLE}/auth/callback`,
      scope,
    })
  ).access_token;

const get = (server: MockServer, path: string, token: string) =>
  fetch(`${server.url}${path}`, { headers: { Authorization: `Bearer ${token}` } });

describe('an API trusting the provider', () => {
  it.each(['alice', 'rs256-alice', 'es256-alice', 'opaque-alice'])(
    'accepts %s’s token',
    async (login) => {
      const token = await accessToken(login);
      const response = await get(trusting, '/v3/account', token);
      expect(response.status).toBe(200);
    },
  );

  it.each(['rs256-bob', 'opaque-bob'])('holds %s’s token to its scope claim', async (login) => {
    const token = await accessToken(login, 'openid users:read');
    expect((await get(trusting, '/v1/users', token)).status).toBe(200);
    await expectError(
      await get(trusting, '/v1/products', token),
      403,
      'forbidden',
      'Token lacks the products:read scope',
    );
  });

  it('refuses another issuer’s RS256 token, naming it', async () => {
    const key = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
    const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const exp = Math.floor(Date.now() / 1000) + 60;
    const input = `${part({ alg: 'RS256', typ: 'at+jwt' })}.${part({ iss: 'https://idp.elsewhere.test', aud: trusting.url, sub: 'x', exp })}`;
    const token = `${input}.${sign('sha256', Buffer.from(input), key).toString('base64url')}`;
    const response = await get(trusting, '/v1/users', token);
    const message =
      'Token signed with RS256 by an issuer this API does not trust: "https://idp.elsewhere.test"';
    await expectError(response, 401, 'invalid_token', message);
    expect(response.headers.get('WWW-Authenticate')).toBe(
      `Bearer realm="api", error="invalid_token", error_description="${message.replace(/"/g, "'")}"`,
    );
  });

  it('refuses an opaque token the provider does not know, and alg none as ever', async () => {
    await expectError(
      await get(trusting, '/v1/users', 'made-up-opaque-token'),
      401,
      'invalid_token',
      `Token is not active at ${oidc.issuer} (unknown, expired or revoked)`,
    );
    const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const exp = Math.floor(Date.now() / 1000) + 60;
    const none = `${part({ alg: 'none' })}.${part({ iss: oidc.issuer, aud: trusting.url, exp })}.`;
    await expectError(
      await get(trusting, '/v1/users', none),
      401,
      'invalid_token',
      'Token algorithm must be HS256, got "none"',
    );
  });
});

describe('an API not trusting the provider', () => {
  it('still accepts its default HS256 tokens, signed with the API’s secret', async () => {
    expect((await get(other, '/v1/users', await accessToken('carol'))).status).toBe(200);
  });

  it.each([
    ['rs256-carol', 'RS256'],
    ['es256-carol', 'ES256'],
  ])('refuses %s’s token with a 401 naming the issuer', async (login, alg) => {
    const response = await get(other, '/v1/users', await accessToken(login));
    await expectError(
      response,
      401,
      'invalid_token',
      `Token signed with ${alg} by an issuer this API does not trust: "${oidc.issuer}"`,
    );
    expect(response.headers.get('WWW-Authenticate')).toContain('error="invalid_token"');
  });

  it('refuses an opaque token as not a JWT', async () => {
    await expectError(
      await get(other, '/v1/users', await accessToken('opaque-carol')),
      401,
      'invalid_token',
      'Token is not a three-part JWT',
    );
  });
});
