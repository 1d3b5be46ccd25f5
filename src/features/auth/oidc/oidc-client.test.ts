import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { OidcSettings } from '../../../lib/api-profile';
import type { SignInFlow } from './flow-state';
import { heldTokensFor } from './held-tokens';
import { completeSignIn, startSignIn } from './oidc-client';

/**
 * The provider's answers the sign-in must refuse (the issue's bad input), against a provider
 * faked at fetch: discovery, its key set and its token endpoint, with ID tokens signed by a key
 * made here. Each refusal is an OidcProblem (its message is the sign-in page's alert), nothing
 * is kept, and nothing is asked of any host but the issuer's (the API never hears of it).
 */

const CONSOLE = 'https://console.example.com';
const PROFILE = 'oidc-client-test';

let keys: CryptoKeyPair;
let otherKeys: CryptoKeyPair;
let publicJwk: JsonWebKey;
beforeAll(async () => {
  const params = { name: 'ECDSA', namedCurve: 'P-256' } as const;
  keys = await crypto.subtle.generateKey(params, true, ['sign', 'verify']);
  otherKeys = await crypto.subtle.generateKey(params, true, ['sign', 'verify']);
  publicJwk = await crypto.subtle.exportKey('jwk', keys.publicKey);
});

const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const nowS = () => Math.floor(Date.now() / 1000);

async function signed(header: object, claims: object, key = keys.privateKey): Promise<string> {
  const input = `${part(header)}.${part(claims)}`;
  const signature = await crypto.subtle.sign(
    { name: 'ECDSA', hash: 'SHA-256' },
    key,
    new TextEncoder().encode(input),
  );
  return `${input}.${Buffer.from(signature).toString('base64url')}`;
}

/** An access token the console can read (the API checks its HS256 signature, not the console). */
function accessToken(claims: object = {}): string {
  const iat = nowS();
  return `${part({ alg: 'HS256', typ: 'at+jwt' })}.${part({ sub: 'alice', iat, exp: iat + 3600, ...claims })}.c2ln`;
}

// Each test has an issuer of its own: discovery is remembered per issuer for the page's life.
let serial = 0;
interface Fake {
  settings: OidcSettings;
  flow: SignInFlow;
  /** Every URL the sign-in asked for. */
  asked: string[];
  callback: URLSearchParams;
}

interface FakeOptions {
  issuerPath?: string;
  metadata?: Record<string, unknown>;
  idToken?: (defaults: Record<string, unknown>) => Promise<string>;
  access?: string;
  /** The token endpoint's answer never reaches the page (CORS, or the network). */
  tokenUnreachable?: boolean;
}

function fakeProvider(options: FakeOptions = {}): Fake {
  serial += 1;
  const issuer = `https://id${serial}.example.com${options.issuerPath ?? ''}`;
  const settings: OidcSettings = { issuer, clientId: 'console', scope: 'openid', name: 'Acme SSO' };
  const flow: SignInFlow = {
    state: `state-${serial}`,
    nonce: `nonce-${serial}`,
    verifier: 'v'.repeat(43),
    next: '/users',
    profileKey: PROFILE,
    issuer,
    startedAt: Date.now(),
  };
  const metadata = {
    issuer,
    authorization_endpoint: `${issuer}/auth`,
    token_endpoint: `${issuer}/token`,
    jwks_uri: `${issuer}/jwks`,
    id_token_signing_alg_values_supported: ['ES256'],
    authorization_response_iss_parameter_supported: true,
    ...options.metadata,
  };
  const idClaims = {
    iss: issuer,
    aud: 'console',
    sub: 'alice',
    nonce: flow.nonce,
    iat: nowS(),
    exp: nowS() + 3600,
  };
  const asked: string[] = [];
  // A spy, not vi.stubGlobal: restoring a stubbed global puts Node's own fetch property back in a
  // way that left a later file's MSW server unable to intercept (the test files share one realm).
  vi.spyOn(globalThis, 'fetch').mockImplementation(
    vi.fn(async (input: RequestInfo | URL) => {
      const url = input instanceof Request ? input.url : String(input);
      asked.push(url);
      const json = (body: unknown) =>
        new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
      if (url === `${issuer}/.well-known/openid-configuration`) return json(metadata);
      if (url === `${issuer}/jwks`) {
        return json({ keys: [{ ...publicJwk, kid: 'k1', alg: 'ES256', use: 'sig' }] });
      }
      if (url === `${issuer}/token`) {
        if (options.tokenUnreachable) throw new TypeError('Failed to fetch');
        const idToken = options.idToken
          ? await options.idToken(idClaims)
          : await signed({ alg: 'ES256', kid: 'k1' }, idClaims);
        return json({
          access_token: options.access ?? accessToken(),
          token_type: 'Bearer',
          expires_in: 3600,
          refresh_token: 'refresh-1',
          id_token: idToken,
        });
      }
      return new Response('not found', { status: 404 });
    }),
  );
  const callback = new URLSearchParams({ code: 'code-1', state: flow.state, iss: issuer });
  return { settings, flow, asked, callback };
}

/** Signs in with the fake, expecting a refusal of this kind; checks nothing was kept or sent elsewhere. */
async function expectRefused(fake: Fake, kind: string, message: RegExp) {
  await expect(completeSignIn(fake.settings, fake.callback, fake.flow, CONSOLE)).rejects.toSatisfy(
    (error: Error & { kind?: string }) => error.kind === kind && message.test(error.message),
  );
  expect(heldTokensFor(PROFILE, scopeOf(fake.settings)).held()).toBeNull();
  const origin = new URL(fake.settings.issuer).origin;
  expect(fake.asked.filter((url) => !url.startsWith(`${origin}/`))).toEqual([]);
}

const scopeOf = (settings: OidcSettings) => ({
  api: 'https://api.example.com',
  issuer: settings.issuer,
  clientId: settings.clientId,
});

describe('completing a sign-in with the provider', () => {
  it('takes a valid answer: the access token, refresh token and ID token', async () => {
    const fake = fakeProvider();
    const tokens = await completeSignIn(fake.settings, fake.callback, fake.flow, CONSOLE);
    expect(tokens).toMatchObject({
      refreshToken: 'refresh-1',
      idToken: expect.any(String),
      claims: { sub: 'alice' },
    });
    expect(fake.asked.map((url) => new URL(url).pathname)).toEqual([
      '/.well-known/openid-configuration',
      '/token',
      '/jwks',
    ]);
  });

  it('keeps an issuer path (Keycloak realms): discovery and endpoints under it', async () => {
    const fake = fakeProvider({ issuerPath: '/realms/staff' });
    await completeSignIn(fake.settings, fake.callback, fake.flow, CONSOLE);
    expect(fake.asked[0]).toBe(`${fake.settings.issuer}/.well-known/openid-configuration`);
  });

  it('refuses an ID token with alg none', async () => {
    const none = async (claims: Record<string, unknown>) =>
      `${part({ alg: 'none' })}.${part(claims)}.`;
    await expectRefused(fakeProvider({ idToken: none }), 'id-token-invalid', /failed validation/);
  });

  it('refuses alg none even when the provider’s metadata offers it', async () => {
    const none = async (claims: Record<string, unknown>) =>
      `${part({ alg: 'none' })}.${part(claims)}.`;
    const fake = fakeProvider({
      idToken: none,
      metadata: { id_token_signing_alg_values_supported: ['ES256', 'none'] },
    });
    await expectRefused(fake, 'id-token-invalid', /failed validation/);
  });

  it('refuses an ID token signed with another key', async () => {
    const forged = (claims: Record<string, unknown>) =>
      signed({ alg: 'ES256', kid: 'k1' }, claims, otherKeys.privateKey);
    await expectRefused(fakeProvider({ idToken: forged }), 'id-token-invalid', /signature/);
  });

  it('refuses an ID token for another client (wrong aud)', async () => {
    const elsewhere = (claims: Record<string, unknown>) =>
      signed({ alg: 'ES256', kid: 'k1' }, { ...claims, aud: 'another-app' });
    await expectRefused(fakeProvider({ idToken: elsewhere }), 'id-token-invalid', /audience/);
  });

  it('refuses an ID token with an old nonce (another sign-in’s)', async () => {
    const replayed = (claims: Record<string, unknown>) =>
      signed({ alg: 'ES256', kid: 'k1' }, { ...claims, nonce: 'nonce-of-yesterday' });
    await expectRefused(fakeProvider({ idToken: replayed }), 'id-token-invalid', /nonce/);
  });

  it('says the clock is off when this device is hours ahead of the provider', async () => {
    const past = (claims: Record<string, unknown>) =>
      signed({ alg: 'ES256', kid: 'k1' }, { ...claims, iat: nowS() - 7200, exp: nowS() - 3600 });
    const fake = fakeProvider({
      idToken: past,
      access: accessToken({ iat: nowS() - 7200, exp: nowS() - 3600 }),
    });
    await expectRefused(fake, 'clock', /clock is too far from Acme SSO/);
  });

  it('says the clock is off when this device is hours behind the provider', async () => {
    const future = (claims: Record<string, unknown>) =>
      signed({ alg: 'ES256', kid: 'k1' }, { ...claims, iat: nowS() + 7200, exp: nowS() + 10800 });
    const fake = fakeProvider({
      idToken: future,
      access: accessToken({ iat: nowS() + 7200, exp: nowS() + 10800 }),
    });
    await expectRefused(fake, 'clock', /Set the clock to the right time/);
  });

  it('takes a clock a few seconds off', async () => {
    const close = (claims: Record<string, unknown>) =>
      signed({ alg: 'ES256', kid: 'k1' }, { ...claims, iat: nowS() + 20, exp: nowS() + 3620 });
    const fake = fakeProvider({ idToken: close, access: accessToken({ iat: nowS() + 20 }) });
    await expect(
      completeSignIn(fake.settings, fake.callback, fake.flow, CONSOLE),
    ).resolves.toBeTruthy();
  });

  it('explains a token endpoint that does not answer this console (CORS)', async () => {
    await expectRefused(
      fakeProvider({ tokenUnreachable: true }),
      'token-endpoint-unreachable',
      /allow this console's address .* \(CORS\)/,
    );
  });

  it('refuses a callback whose iss is another issuer (RFC 9207) before exchanging the code', async () => {
    const fake = fakeProvider();
    fake.callback.set('iss', 'https://evil.example.net');
    await expectRefused(fake, 'issuer-mismatch', /different issuer/);
    expect(fake.asked.some((url) => url.endsWith('/token'))).toBe(false);
  });

  it.each(['token_endpoint', 'jwks_uri', 'revocation_endpoint'])(
    'refuses discovery whose %s is on another host, asking nothing of it',
    async (name) => {
      const fake = fakeProvider({ metadata: { [name]: 'https://collector.example.net/x' } });
      await expectRefused(fake, 'foreign-endpoint', new RegExp(`${name} on another host`));
    },
  );
});

describe('starting a sign-in', () => {
  it('does not leave for an authorization endpoint on another host', async () => {
    const fake = fakeProvider({
      metadata: { authorization_endpoint: 'https://phish.example.net/auth' },
    });
    const go = vi.fn();
    await expect(
      startSignIn(fake.settings, { profileKey: PROFILE, next: '/users', origin: CONSOLE, go }),
    ).rejects.toMatchObject({ kind: 'foreign-endpoint' });
    expect(go).not.toHaveBeenCalled();
  });
});
