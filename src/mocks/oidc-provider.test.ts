// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SIGNING_SECRET, peekJwt, verifyJwt } from './jwt.ts';
import {
  accessTokenFormatFor,
  OIDC_CLIENT_ID,
  startMockOidc,
  type MockOidc,
} from './oidc-provider.ts';
import { signInAtMockOidc } from './oidc-sign-in.ts';
import { INTROSPECTION_CLIENT } from './trusted-issuer.ts';

/**
 * The access tokens the mock provider issues for each kind of login, signed in over HTTP as the
 * console would (the provider runs in this process). What the API makes of them is
 * trusted-issuer.test.ts's and server-trust.test.ts's.
 */

const API = 'https://api.test';
const CONSOLE = 'http://127.0.0.1:5173';
let oidc: MockOidc;

beforeAll(async () => {
  oidc = await startMockOidc({ apiUrl: API, consoleOrigins: [CONSOLE] });
});
afterAll(() => oidc.close());

const signIn = (login: string) =>
  signInAtMockOidc({
    issuer: oidc.issuer,
    login,
    clientId: OIDC_CLIENT_ID,
    redirectUri: `${CONSOLE}/auth/callback`,
  });

const nowS = () => Math.floor(Date.now() / 1000);

async function metadata(): Promise<Record<string, unknown>> {
  return (await (await fetch(`${oidc.issuer}/.well-known/openid-configuration`)).json()) as Record<
    string,
    unknown
  >;
}

describe('accessTokenFormatFor', () => {
  it.each([
    ['alice', 'HS256'],
    [undefined, 'HS256'],
    ['rs256-alice', 'RS256'],
    ['ttl20-rs256-refuse-bob', 'RS256'],
    ['es256-carol', 'ES256'],
    ['staff-es256-1', 'ES256'],
    ['opaque-dan', 'opaque'],
    ['ttl20-opaque-erin', 'opaque'],
    // The login must name the format, not merely contain the letters.
    ['rs256alice', 'HS256'],
  ] as const)('%s gets %s access tokens', (login, format) => {
    expect(accessTokenFormatFor(login)).toBe(format);
  });
});

describe('the access tokens of the mock provider', () => {
  it('are HS256 JWTs signed with the mock API secret by default, as before', async () => {
    const tokens = await signIn('alice-default');
    expect(peekJwt(tokens.access_token)?.header).toEqual({ alg: 'HS256', typ: 'at+jwt' });
    const verified = await verifyJwt(tokens.access_token, DEMO_SIGNING_SECRET, nowS());
    expect(verified).toMatchObject({
      ok: true,
      claims: { iss: oidc.issuer, aud: API, sub: 'alice-default', client_id: OIDC_CLIENT_ID },
    });
    expect(tokens.expires_in).toBe(45);
  });

  it.each([
    ['rs256-alice', 'RS256', 'RSA'],
    ['es256-bob', 'ES256', 'EC'],
  ])(
    '%s gets %s JWTs (RFC 9068) signed with a key the provider publishes',
    async (login, alg, kty) => {
      const tokens = await signIn(login);
      const peeked = peekJwt(tokens.access_token);
      expect(peeked?.header).toMatchObject({ alg, typ: 'at+jwt', kid: expect.any(String) });
      const iat = peeked?.payload?.iat as number;
      expect(peeked?.payload).toMatchObject({
        iss: oidc.issuer,
        aud: API,
        sub: login,
        client_id: OIDC_CLIENT_ID,
        iat: expect.any(Number),
        exp: iat + 45,
        jti: expect.any(String),
      });
      const { keys } = (await (await fetch(String((await metadata()).jwks_uri))).json()) as {
        keys: Record<string, unknown>[];
      };
      const key = keys.find((candidate) => candidate.kid === peeked?.header.kid);
      expect(key).toMatchObject({ kty, alg, use: 'sig' });
      // Public halves only.
      expect(keys.every((candidate) => !('d' in candidate))).toBe(true);
      // The ID token is still the console's to check, with the same key set.
      expect(peekJwt(tokens.id_token ?? '')?.header.alg).toBe('RS256');
    },
  );

  it('puts the API scopes a sign-in asked for in the scope claim', async () => {
    const tokens = await signInAtMockOidc({
      issuer: oidc.issuer,
      login: 'rs256-scoped',
      clientId: OIDC_CLIENT_ID,
      redirectUri: `${CONSOLE}/auth/callback`,
      scope: 'openid users:read products:read',
    });
    expect(peekJwt(tokens.access_token)?.payload?.scope).toBe('users:read products:read');
  });

  it('gives opaque-… logins an opaque token with expires_in, and ttl20- still shortens it', async () => {
    const tokens = await signIn('ttl20-opaque-carol');
    expect(tokens.access_token).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(tokens).toMatchObject({ token_type: 'Bearer', expires_in: 20 });
    expect((await signIn('opaque-dave')).expires_in).toBe(45);
  });

  it('answers introspection to the API client only', async () => {
    const { access_token: token } = await signIn('opaque-erin');
    const endpoint = String((await metadata()).introspection_endpoint);
    expect(endpoint).toBe(`${oidc.issuer}/token/introspection`);
    const ask = (headers: Record<string, string>, extra: Record<string, string> = {}) =>
      fetch(endpoint, {
        method: 'POST',
        headers,
        body: new URLSearchParams({ token, ...extra }),
      }).then((response) => response.json() as Promise<Record<string, unknown>>);
    const basic = `Basic ${Buffer.from(`${INTROSPECTION_CLIENT.id}:${INTROSPECTION_CLIENT.secret}`).toString('base64')}`;
    expect(await ask({ Authorization: basic })).toMatchObject({
      active: true,
      sub: 'opaque-erin',
      client_id: OIDC_CLIENT_ID,
      aud: API,
      iss: oidc.issuer,
      token_type: 'Bearer',
    });
    // The console (a public client) learns nothing; a wrong secret is no client at all.
    expect(await ask({}, { client_id: OIDC_CLIENT_ID })).toEqual({ active: false });
    const wrong = `Basic ${Buffer.from(`${INTROSPECTION_CLIENT.id}:nope`).toString('base64')}`;
    expect(await ask({ Authorization: wrong })).toMatchObject({ error: 'invalid_client' });
  });
});
