// @vitest-environment node
import { generateKeyPairSync, sign } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TokenExpectations } from './auth.ts';
import { peekJwt } from './jwt.ts';
import { OIDC_CLIENT_ID, startMockOidc, type MockOidc } from './oidc-provider.ts';
import { signInAtMockOidc } from './oidc-sign-in.ts';
import { createTrustedIssuer } from './trusted-issuer.ts';

/**
 * The API's checks of another issuer's tokens, against the mock provider running in this process:
 * its real RS256, ES256 and opaque tokens, and tokens made from them here (re-signed, re-headed).
 */

const API = 'https://api.test';
const CONSOLE = 'http://127.0.0.1:5173';
let oidc: MockOidc;

beforeAll(async () => {
  oidc = await startMockOidc({ apiUrl: API, consoleOrigins: [CONSOLE] });
});
afterAll(() => oidc.close());
afterEach(() => {
  vi.restoreAllMocks();
});

const accessToken = async (login: string) =>
  (
    await signInAtMockOidc({
      issuer: oidc.issuer,
      login,
      clientId: OIDC_CLIENT_ID,
      redirectUri: `${CONSOLE}/auth/callback`,
    })
  ).access_token;

const nowS = () => Math.floor(Date.now() / 1000);
const expecting = (overrides: Partial<TokenExpectations> = {}): TokenExpectations => ({
  audience: API,
  nowSeconds: nowS(),
  ...overrides,
});
const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** The token's header and payload, changed, and signed again with `key` (or not at all). */
function reSigned(
  token: string,
  change: { header?: object; payload?: object },
  signWith?: (input: Buffer) => Buffer,
): string {
  const peeked = peekJwt(token);
  const input = `${part({ ...peeked?.header, ...change.header })}.${part({ ...peeked?.payload, ...change.payload })}`;
  const signature = signWith ? signWith(Buffer.from(input)).toString('base64url') : '';
  return `${input}.${signature}`;
}

const otherRsa = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
const otherEc = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey;
const withOtherRsa = (input: Buffer) => sign('sha256', input, otherRsa);
const withOtherEc = (input: Buffer) =>
  sign('sha256', input, { key: otherEc, dsaEncoding: 'ieee-p1363' });

describe('a trusted issuer’s JWTs', () => {
  it.each(['rs256-alice', 'es256-bob'])('accepts %s’s token, with its claims', async (login) => {
    const token = await accessToken(login);
    const check = await createTrustedIssuer(oidc.issuer).verifyJwt(token, expecting());
    expect(check).toEqual({ ok: true, claims: peekJwt(token)?.payload });
    expect(check.ok && check.claims).toMatchObject({ sub: login, iss: oidc.issuer, aud: API });
  });

  it.each([
    ['rs256-carol', withOtherRsa],
    ['es256-carol', withOtherEc],
  ])('refuses %s’s token signed again with another key under the same kid', async (login, key) => {
    const token = reSigned(await accessToken(login), {}, key);
    expect(await createTrustedIssuer(oidc.issuer).verifyJwt(token, expecting())).toEqual({
      ok: false,
      expired: false,
      message: 'Token signature is invalid',
    });
  });

  it('refuses a changed payload under the issuer’s own signature', async () => {
    const token = await accessToken('rs256-dan');
    const [, , signature] = token.split('.');
    const forged = reSigned(token, { payload: { sub: 'admin' } }).replace(/\.$/, `.${signature}`);
    const check = await createTrustedIssuer(oidc.issuer).verifyJwt(forged, expecting());
    expect(check).toMatchObject({ ok: false, message: 'Token signature is invalid' });
  });

  it('refuses an ES256 signature in DER, the encoding JWS does not use', async () => {
    const token = await accessToken('es256-der');
    const der = (input: Buffer) => sign('sha256', input, otherEc);
    const check = await createTrustedIssuer(oidc.issuer).verifyJwt(
      reSigned(token, {}, der),
      expecting(),
    );
    expect(check).toMatchObject({ ok: false, message: 'Token signature is invalid' });
  });

  it('refuses a token for another audience', async () => {
    const token = await accessToken('rs256-erin');
    const check = await createTrustedIssuer(oidc.issuer).verifyJwt(
      token,
      expecting({ audience: 'https://other-api.test' }),
    );
    expect(check).toEqual({
      ok: false,
      expired: false,
      message: `Token is for "${API}", not for this API (https://other-api.test)`,
    });
  });

  it('refuses a token of another issuer, before fetching any key', async () => {
    const token = reSigned(
      await accessToken('es256-frank'),
      { payload: { iss: 'https://evil.test' } },
      withOtherEc,
    );
    const fetching = vi.spyOn(globalThis, 'fetch');
    const check = await createTrustedIssuer(oidc.issuer).verifyJwt(token, expecting());
    expect(check).toMatchObject({
      ok: false,
      message: `Token is not issued by ${oidc.issuer}, the issuer this API trusts`,
    });
    expect(fetching).not.toHaveBeenCalled();
  });

  it('refuses an expired token as expired, from its exp on', async () => {
    const token = await accessToken('ttl20-rs256-gina');
    const exp = peekJwt(token)?.payload?.exp as number;
    const trusted = createTrustedIssuer(oidc.issuer);
    expect((await trusted.verifyJwt(token, expecting({ nowSeconds: exp - 1 }))).ok).toBe(true);
    expect(await trusted.verifyJwt(token, expecting({ nowSeconds: exp }))).toEqual({
      ok: false,
      expired: true,
      message: `Token expired at ${new Date(exp * 1000).toISOString()}`,
    });
  });

  it.each([
    [{ alg: 'none' }, 'Token algorithm "none" is not one this API verifies'],
    [{ alg: 'NONE' }, 'Token algorithm "NONE" is not one this API verifies'],
    // The public key as an HMAC secret (the classic confusion) is never tried.
    [{ alg: 'HS256' }, 'Token algorithm "HS256" is not one this API verifies'],
    [{ alg: undefined }, 'Token algorithm null is not one this API verifies'],
  ])('refuses the header %j', async (header, message) => {
    const token = reSigned(await accessToken('rs256-hal'), { header });
    expect(await createTrustedIssuer(oidc.issuer).verifyJwt(token, expecting())).toMatchObject({
      ok: false,
      message,
    });
  });

  it('refuses a kid the issuer does not publish, and an algorithm its key does not fit', async () => {
    const token = await accessToken('rs256-ivy');
    const trusted = createTrustedIssuer(oidc.issuer);
    const unknown = reSigned(token, { header: { kid: 'nobody' } }, withOtherRsa);
    expect(await trusted.verifyJwt(unknown, expecting())).toMatchObject({
      ok: false,
      message: `${oidc.issuer} publishes no RS256 key "nobody" to verify the token with`,
    });
    // ES256 under the RSA key's kid: the RSA key is not tried as an EC one.
    const mismatched = reSigned(token, { header: { alg: 'ES256' } }, withOtherEc);
    expect(await trusted.verifyJwt(mismatched, expecting())).toMatchObject({
      ok: false,
      message: expect.stringMatching(/publishes no ES256 key "rs256-/),
    });
  });

  it('tries a key that names no algorithm only where its type and curve fit', async () => {
    // An issuer whose key set lists two EC keys without alg or kid, and tokens each key signed
    // validly, but not as the header says: ES256 with a P-384 key (its curve is P-256), RS256
    // with a P-256 key (ECDSA, not RSA).
    const issuer = 'https://idp.test';
    const p384 = generateKeyPairSync('ec', { namedCurve: 'P-384' });
    const p256 = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const keys = [p384, p256].map(({ publicKey }) => publicKey.export({ format: 'jwk' }));
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (url) =>
      String(url).endsWith('/.well-known/openid-configuration')
        ? Response.json({ issuer, jwks_uri: `${issuer}/jwks` })
        : Response.json({ keys }),
    );
    const claims = part({ iss: issuer, aud: API, exp: nowS() + 60 });
    const es256 = `${part({ alg: 'ES256' })}.${claims}`;
    const rs256 = `${part({ alg: 'RS256' })}.${claims}`;
    const p1363 = { key: p384.privateKey, dsaEncoding: 'ieee-p1363' } as const;
    const tokens = {
      ES256: `${es256}.${sign('sha256', Buffer.from(es256), p1363).toString('base64url')}`,
      RS256: `${rs256}.${sign('sha256', Buffer.from(rs256), p256.privateKey).toString('base64url')}`,
    };
    const trusted = createTrustedIssuer(issuer);
    expect(await trusted.verifyJwt(tokens.ES256, expecting())).toMatchObject({
      ok: false,
      // The P-256 key was tried, and did not verify it.
      message: 'Token signature is invalid',
    });
    expect(await trusted.verifyJwt(tokens.RS256, expecting())).toMatchObject({
      ok: false,
      message: `${issuer} publishes no RS256 key to verify the token with`,
    });
  });

  it('fetches discovery and the key set once, not per token', async () => {
    const trusted = createTrustedIssuer(oidc.issuer);
    const fetching = vi.spyOn(globalThis, 'fetch');
    for (const login of ['rs256-jo', 'es256-jo', 'rs256-kim']) {
      const token = await accessToken(login);
      fetching.mockClear();
      expect((await trusted.verifyJwt(token, expecting())).ok).toBe(true);
      const asked = fetching.mock.calls.map(([url]) => String(url));
      expect(asked).toEqual(
        login === 'rs256-jo'
          ? [`${oidc.issuer}/.well-known/openid-configuration`, `${oidc.issuer}/jwks`]
          : [],
      );
    }
  });

  it('fails while the issuer cannot be reached, and tries again on the next token', async () => {
    const trusted = createTrustedIssuer(oidc.issuer);
    const token = await accessToken('rs256-lee');
    const down = vi.spyOn(globalThis, 'fetch').mockRejectedValueOnce(new TypeError('fetch failed'));
    await expect(trusted.verifyJwt(token, expecting())).rejects.toThrow('fetch failed');
    down.mockRestore();
    expect((await trusted.verifyJwt(token, expecting())).ok).toBe(true);
  });
});

describe('a trusted issuer’s opaque tokens', () => {
  it('accepts an active one through introspection, with its claims', async () => {
    const token = await accessToken('opaque-mia');
    const check = await createTrustedIssuer(oidc.issuer).introspect(token, expecting());
    expect(check).toMatchObject({
      ok: true,
      claims: { sub: 'opaque-mia', aud: API, iss: oidc.issuer, client_id: OIDC_CLIENT_ID },
    });
    expect(check.ok && 'active' in check.claims).toBe(false);
  });

  it('refuses one revoked at the issuer, and one it never issued', async () => {
    const token = await accessToken('opaque-ned');
    const trusted = createTrustedIssuer(oidc.issuer);
    expect((await trusted.introspect(token, expecting())).ok).toBe(true);
    const revoked = await fetch(`${oidc.issuer}/token/revocation`, {
      method: 'POST',
      body: new URLSearchParams({ token, client_id: OIDC_CLIENT_ID }),
    });
    expect(revoked.status).toBe(200);
    const inactive = {
      ok: false,
      expired: false,
      message: `Token is not active at ${oidc.issuer} (unknown, expired or revoked)`,
    };
    expect(await trusted.introspect(token, expecting())).toEqual(inactive);
    expect(await trusted.introspect('never-issued-by-anyone', expecting())).toEqual(inactive);
  });

  it('refuses an active one for another audience, or past its exp', async () => {
    const token = await accessToken('opaque-olga');
    const trusted = createTrustedIssuer(oidc.issuer);
    expect(
      await trusted.introspect(token, expecting({ audience: 'https://other-api.test' })),
    ).toMatchObject({
      ok: false,
      message: `Token is for "${API}", not for this API (https://other-api.test)`,
    });
    expect(await trusted.introspect(token, expecting({ nowSeconds: nowS() + 3600 }))).toMatchObject(
      {
        ok: false,
        expired: true,
      },
    );
  });

  it('refuses a refresh token presented as an access token', async () => {
    const tokens = await signInAtMockOidc({
      issuer: oidc.issuer,
      login: 'opaque-pat',
      clientId: OIDC_CLIENT_ID,
      redirectUri: `${CONSOLE}/auth/callback`,
    });
    const check = await createTrustedIssuer(oidc.issuer).introspect(
      tokens.refresh_token ?? '',
      expecting(),
    );
    expect(check).toMatchObject({ ok: false, message: expect.stringMatching(/not for this API/) });
  });
});

describe('createTrustedIssuer', () => {
  it.each(['not a url', 'ftp://idp.test', 'https://idp.test/?tenant=1', 'https://idp.test/#x'])(
    'refuses the issuer %j',
    (issuer) => {
      expect(() => createTrustedIssuer(issuer)).toThrow(
        /must be an http\(s\) URL without query or fragment/,
      );
    },
  );
});
