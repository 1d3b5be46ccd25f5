import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { OidcSettings } from '../../../lib/api-profile';
import { heldTokensFor } from './held-tokens';
import { completeSignIn, renewAccessToken, startSignIn } from './oidc-client';
import {
  accessToken,
  fakeProvider as fake,
  nowS,
  providerKeys,
  signed as sign,
  type Fake,
  type FakeOptions,
  type ProviderKeys,
} from '../../../test/fake-provider';

/**
 * The provider's answers the sign-in must refuse (the issue's bad input), against a provider
 * faked at fetch: discovery, its key set and its token endpoint, with ID tokens signed by a key
 * made here. Each refusal is an OidcProblem (its message is the sign-in page's alert), nothing
 * is kept, and nothing is asked of any host but the issuer's (the API never hears of it).
 */

const CONSOLE = 'https://console.example.com';
const PROFILE = 'oidc-client-test';

let kit: ProviderKeys;
beforeAll(async () => {
  kit = await providerKeys();
});

const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const signed = (header: object, claims: object, key = kit.keys.privateKey) =>
  sign(header, claims, key);
const fakeProvider = (options: FakeOptions = {}) => fake(kit, { profileKey: PROFILE, ...options });

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
      signed({ alg: 'ES256', kid: 'k1' }, claims, kit.otherKeys.privateKey);
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

describe('the provider’s access token: sent for the API to judge', () => {
  it.each([
    ['RS256', { alg: 'RS256', typ: 'at+jwt', kid: 'rsa-1' }],
    ['ES256', { alg: 'ES256', typ: 'at+jwt', kid: 'ec-1' }],
  ])('takes a %s JWT, the person from the ID token', async (_alg, header) => {
    const access = accessToken({ sub: 'pairwise-id', email: 'alice@example.org' }, header);
    const fake = fakeProvider({ access, sub: 'alice' });
    const tokens = await completeSignIn(fake.settings, fake.callback, fake.flow, CONSOLE);
    expect(tokens.accessToken).toBe(access);
    expect(tokens.claims).toMatchObject({ sub: 'alice', email: 'alice@example.org' });
  });

  it('takes an opaque token, ending after expires_in', async () => {
    const fake = fakeProvider({ access: '8xLOxBtZp8', expiresIn: 600 });
    const before = nowS();
    const tokens = await completeSignIn(fake.settings, fake.callback, fake.flow, CONSOLE);
    expect(tokens).toMatchObject({ accessToken: '8xLOxBtZp8', claims: { sub: 'alice' } });
    expect(tokens.claims.exp - before).toBeGreaterThanOrEqual(600);
    expect(tokens.claims.exp - before).toBeLessThanOrEqual(601);
  });

  it('refuses an opaque token without expires_in, saying what to check', async () => {
    await expectRefused(
      fakeProvider({ access: '8xLOxBtZp8', expiresIn: null }),
      'access-token-unusable',
      /cannot send: .*expires_in/,
    );
  });

  it('refuses an unsigned access token (alg none)', async () => {
    await expectRefused(
      fakeProvider({ access: accessToken({}, { alg: 'none' }) }),
      'access-token-unusable',
      /unsigned JWT \(alg none\)/,
    );
  });
});

describe('renewing with the refresh token', () => {
  it('refuses a renewal whose new ID token names another person, though its opaque token shows none', async () => {
    const fake = fakeProvider({ sub: 'bob', access: 'opaque-of-bob', expiresIn: 600 });
    const scope = scopeOf(fake.settings);
    const alice = { ...scope, sub: 'alice' };
    const claims = { sub: 'alice', exp: nowS() + 60 };
    const holder = heldTokensFor(PROFILE, scope);
    holder.follow(alice);
    holder.set({ binding: alice, accessToken: 'opaque-0', claims, refreshToken: 'r', rotation: 1 });
    await expect(
      renewAccessToken(fake.settings, PROFILE, scope, {
        token: 'opaque-0',
        binding: alice,
        claims,
      }),
    ).rejects.toThrow('The renewal is for someone else.');
    expect(fake.asked).toContain(`${fake.settings.issuer}/token`);
    expect(holder.get(alice)?.accessToken).toBe('opaque-0');
  });
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
