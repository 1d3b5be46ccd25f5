import { vi } from 'vitest';
import type { OidcSettings } from '../lib/api-profile';
import type { SignInFlow } from '../features/auth/oidc/flow-state';

/**
 * An OpenID Provider faked at fetch, for unit tests of the console's side of sign-in: discovery,
 * its key set and its token endpoint, with ID tokens signed by a key made here (ES256). Each fake
 * has an issuer of its own: discovery is remembered per issuer for the page's life.
 */

const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
export const nowS = () => Math.floor(Date.now() / 1000);

export interface ProviderKeys {
  keys: CryptoKeyPair;
  otherKeys: CryptoKeyPair;
  publicJwk: JsonWebKey;
}

export async function providerKeys(): Promise<ProviderKeys> {
  const params = { name: 'ECDSA', namedCurve: 'P-256' } as const;
  const keys = await crypto.subtle.generateKey(params, true, ['sign', 'verify']);
  const otherKeys = await crypto.subtle.generateKey(params, true, ['sign', 'verify']);
  return { keys, otherKeys, publicJwk: await crypto.subtle.exportKey('jwk', keys.publicKey) };
}

export async function signed(header: object, claims: object, key: CryptoKey): Promise<string> {
  const input = `${part(header)}.${part(claims)}`;
  const signature = await crypto.subtle.sign(
    { name: 'ECDSA', hash: 'SHA-256' },
    key,
    new TextEncoder().encode(input),
  );
  return `${input}.${Buffer.from(signature).toString('base64url')}`;
}

/** A JWT access token as a provider may sign it (the console never checks the signature). */
export function accessToken(claims: object = {}, header: object = { alg: 'HS256', typ: 'at+jwt' }) {
  const iat = nowS();
  return `${part(header)}.${part({ sub: 'alice', iat, exp: iat + 3600, ...claims })}.c2ln`;
}

export interface Fake {
  settings: OidcSettings;
  flow: SignInFlow;
  /** Every URL the sign-in asked for. */
  asked: string[];
  callback: URLSearchParams;
}

export interface FakeOptions {
  issuerPath?: string;
  metadata?: Record<string, unknown>;
  idToken?: (defaults: Record<string, unknown>) => Promise<string>;
  /** The ID token's person (default alice). */
  sub?: string;
  access?: string;
  /** The token response's expires_in; null leaves it out. */
  expiresIn?: number | null;
  /** The token endpoint's answer never reaches the page (CORS, or the network). */
  tokenUnreachable?: boolean;
  profileKey?: string;
  next?: string;
}

let serial = 0;

export function fakeProvider({ keys, publicJwk }: ProviderKeys, options: FakeOptions = {}): Fake {
  serial += 1;
  const issuer = `https://id${serial}.example.com${options.issuerPath ?? ''}`;
  const settings: OidcSettings = { issuer, clientId: 'console', scope: 'openid', name: 'Acme SSO' };
  const flow: SignInFlow = {
    state: `state-${serial}`,
    nonce: `nonce-${serial}`,
    verifier: 'v'.repeat(43),
    next: options.next ?? '/users',
    profileKey: options.profileKey ?? 'fake-provider',
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
    sub: options.sub ?? 'alice',
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
          : await signed({ alg: 'ES256', kid: 'k1' }, idClaims, keys.privateKey);
        const expiresIn = options.expiresIn === undefined ? 3600 : options.expiresIn;
        return json({
          access_token: options.access ?? accessToken({ sub: idClaims.sub }),
          token_type: 'Bearer',
          ...(expiresIn !== null && { expires_in: expiresIn }),
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
