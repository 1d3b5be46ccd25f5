// The mock API's trust in one identity provider (`--trust-issuer`, src/mocks/server.ts). Besides
// its own HS256 tokens it then accepts what that issuer issues for it, as an API behind Okta,
// Entra ID, Auth0 or Keycloak does: JWT access tokens (RFC 9068) signed with one of the keys the
// issuer publishes at the jwks_uri of its discovery document, and opaque tokens, asked about at
// its token introspection endpoint (RFC 7662). Either must name this API in `aud` and be
// unexpired. Node-only (node:crypto): the demo's browser worker trusts no issuer.
import { constants, createPublicKey, verify, type JsonWebKey, type KeyObject } from 'node:crypto';
import type { TokenCheck, TokenExpectations, TrustedIssuer } from './auth.ts';
import { base64UrlDecode, peekJwt, type JwtClaims } from './jwt.ts';

/**
 * The API's client at its provider, with which it introspects (src/mocks/oidc-provider.ts
 * registers it). Public on purpose, like the mock's signing secret: it means nothing elsewhere.
 */
export const INTROSPECTION_CLIENT = {
  id: 'mock-api',
  secret: 'mock-only:introspection-4Rt8ZkQ2nVx7LpW3cJ9hYb6D',
} as const;

interface Algorithm {
  /** The digest, or null for EdDSA, whose signature scheme has its own. */
  hash: string | null;
  keyTypes: readonly string[];
  curve?: string;
  pss?: boolean;
}

const RSA = ['rsa', 'rsa-pss'];
/** The JWS algorithms of RFC 7518 and 8037 but HMAC (the API's own) and `none` (never). */
const ALGORITHMS: Record<string, Algorithm> = {
  RS256: { hash: 'sha256', keyTypes: RSA },
  RS384: { hash: 'sha384', keyTypes: RSA },
  RS512: { hash: 'sha512', keyTypes: RSA },
  PS256: { hash: 'sha256', keyTypes: RSA, pss: true },
  PS384: { hash: 'sha384', keyTypes: RSA, pss: true },
  PS512: { hash: 'sha512', keyTypes: RSA, pss: true },
  ES256: { hash: 'sha256', keyTypes: ['ec'], curve: 'prime256v1' },
  ES384: { hash: 'sha384', keyTypes: ['ec'], curve: 'secp384r1' },
  ES512: { hash: 'sha512', keyTypes: ['ec'], curve: 'secp521r1' },
  EdDSA: { hash: null, keyTypes: ['ed25519', 'ed448'] },
};

/** A key set is fetched again for an unknown `kid` (the issuer rotated), at most this often. */
const REFETCH_AFTER_MS = 10_000;
const FETCH_TIMEOUT_MS = 5_000;

interface Metadata {
  jwksUri: string;
  introspectionEndpoint?: string;
}

type Jwk = Record<string, unknown>;

async function getJson(url: string, init: RequestInit = {}): Promise<Record<string, unknown>> {
  const response = await fetch(url, { ...init, signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  const body: unknown = await response.json();
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new Error(`${url} did not answer a JSON object`);
  }
  return body as Record<string, unknown>;
}

const refused = (message: string, expired = false): TokenCheck => ({
  ok: false,
  expired,
  message,
});

/** `exp`, `nbf` and `aud`, whether the claims came from a signed JWT or from introspection. */
function checkClaims(claims: JwtClaims, { audience, nowSeconds }: TokenExpectations): TokenCheck {
  const { exp, nbf, aud } = claims;
  if (typeof exp !== 'number' || !Number.isFinite(exp)) {
    return refused('Token has no numeric exp claim');
  }
  if (exp <= nowSeconds) {
    return refused(`Token expired at ${new Date(exp * 1000).toISOString()}`, true);
  }
  if (typeof nbf === 'number' && nbf > nowSeconds) {
    return refused(`Token is not valid before ${new Date(nbf * 1000).toISOString()}`);
  }
  const audiences = Array.isArray(aud) ? aud : [aud];
  if (!audiences.includes(audience)) {
    return refused(`Token is for ${JSON.stringify(aud ?? null)}, not for this API (${audience})`);
  }
  return { ok: true, claims };
}

function publicKey(jwk: Jwk): KeyObject | undefined {
  try {
    return createPublicKey({ key: jwk as JsonWebKey, format: 'jwk' });
  } catch {
    return undefined;
  }
}

/** Whether `key` may verify `algorithm` at all: no RSA key for ES256, no P-384 key for ES256. */
function fits(key: KeyObject, algorithm: Algorithm): boolean {
  if (!algorithm.keyTypes.includes(key.asymmetricKeyType ?? '')) return false;
  return algorithm.curve === undefined || key.asymmetricKeyDetails?.namedCurve === algorithm.curve;
}

function verifies(algorithm: Algorithm, key: KeyObject, data: Buffer, signature: Buffer): boolean {
  try {
    return verify(
      algorithm.hash,
      data,
      {
        key,
        // JWS signatures of ECDSA are r || s (RFC 7518 §3.4), not the DER node:crypto expects.
        ...(algorithm.curve ? { dsaEncoding: 'ieee-p1363' as const } : {}),
        ...(algorithm.pss
          ? {
              padding: constants.RSA_PKCS1_PSS_PADDING,
              saltLength: constants.RSA_PSS_SALTLEN_DIGEST,
            }
          : {}),
      },
      signature,
    );
  } catch {
    return false;
  }
}

/**
 * Trusts `issuer` (its URL exactly as its tokens' `iss` says it). Nothing is fetched until the
 * first token needs it, so the API may start before its provider; the discovery document and the
 * key set are then kept, and forgotten again if fetching them failed.
 */
export function createTrustedIssuer(issuer: string): TrustedIssuer {
  const url = URL.canParse(issuer) ? new URL(issuer) : undefined;
  if (!url || !['http:', 'https:'].includes(url.protocol) || url.search || url.hash) {
    throw new Error(
      `The trusted issuer must be an http(s) URL without query or fragment, got "${issuer}"`,
    );
  }

  let metadata: Promise<Metadata> | undefined;
  const discover = (): Promise<Metadata> => {
    metadata ??= (async () => {
      const document = await getJson(
        `${issuer.replace(/\/$/, '')}/.well-known/openid-configuration`,
      );
      if (document.issuer !== issuer) {
        throw new Error(`The discovery document of ${issuer} names another issuer`);
      }
      if (typeof document.jwks_uri !== 'string') {
        throw new Error(`The discovery document of ${issuer} has no jwks_uri`);
      }
      const introspection = document.introspection_endpoint;
      return {
        jwksUri: document.jwks_uri,
        introspectionEndpoint: typeof introspection === 'string' ? introspection : undefined,
      };
    })();
    metadata.catch(() => (metadata = undefined));
    return metadata;
  };

  let keySet: { fetchedAt: number; keys: Promise<Jwk[]> } | undefined;
  const jwks = (refetch: boolean): Promise<Jwk[]> => {
    if (!keySet || (refetch && Date.now() - keySet.fetchedAt > REFETCH_AFTER_MS)) {
      const keys = discover().then(async ({ jwksUri }) => {
        const { keys: listed } = await getJson(jwksUri);
        if (!Array.isArray(listed)) throw new Error(`${jwksUri} lists no keys`);
        return listed.filter((key): key is Jwk => typeof key === 'object' && key !== null);
      });
      const entry = { fetchedAt: Date.now(), keys };
      keySet = entry;
      keys.catch(() => {
        if (keySet === entry) keySet = undefined;
      });
    }
    return keySet.keys;
  };

  const keysFor = async (kid: unknown, alg: string, algorithm: Algorithm, refetch: boolean) =>
    (await jwks(refetch))
      .filter(
        (jwk) =>
          (kid === undefined || jwk.kid === kid) &&
          (jwk.use === undefined || jwk.use === 'sig') &&
          (jwk.alg === undefined || jwk.alg === alg),
      )
      .flatMap((jwk) => {
        const key = publicKey(jwk);
        return key && fits(key, algorithm) ? [key] : [];
      });

  return {
    issuer,

    async verifyJwt(token, expected) {
      const peeked = peekJwt(token);
      const [headerPart, payloadPart, signaturePart] = token.split('.');
      if (!peeked || !peeked.payload || signaturePart === undefined) {
        return refused('Token is not a JWT with a JSON header and payload');
      }
      const { alg, kid } = peeked.header;
      const algorithm = typeof alg === 'string' ? ALGORITHMS[alg] : undefined;
      if (typeof alg !== 'string' || !algorithm) {
        return refused(
          `Token algorithm ${JSON.stringify(alg ?? null)} is not one this API verifies`,
        );
      }
      // The issuer only says whose keys to try: no claim counts before the signature holds.
      if (peeked.payload.iss !== issuer) {
        return refused(`Token is not issued by ${issuer}, the issuer this API trusts`);
      }
      let signature: Buffer;
      try {
        signature = Buffer.from(base64UrlDecode(signaturePart));
      } catch {
        return refused('Token signature is not base64url');
      }
      const data = Buffer.from(`${headerPart}.${payloadPart}`);
      let keys = await keysFor(kid, alg, algorithm, false);
      if (keys.length === 0) keys = await keysFor(kid, alg, algorithm, true);
      if (keys.length === 0) {
        const which = typeof kid === 'string' ? ` ${JSON.stringify(kid.slice(0, 100))}` : '';
        return refused(`${issuer} publishes no ${alg} key${which} to verify the token with`);
      }
      if (!keys.some((key) => verifies(algorithm, key, data, signature))) {
        return refused('Token signature is invalid');
      }
      return checkClaims(peeked.payload as JwtClaims, expected);
    },

    async introspect(token, expected) {
      const { introspectionEndpoint } = await discover();
      if (introspectionEndpoint === undefined) {
        return refused(`Token is not a JWT, and ${issuer} has no introspection endpoint to ask`);
      }
      const credentials = `${INTROSPECTION_CLIENT.id}:${INTROSPECTION_CLIENT.secret}`;
      const answer = await getJson(introspectionEndpoint, {
        method: 'POST',
        headers: {
          Accept: 'application/json',
          Authorization: `Basic ${Buffer.from(credentials).toString('base64')}`,
        },
        body: new URLSearchParams({ token, token_type_hint: 'access_token' }),
      });
      if (answer.active !== true) {
        return refused(`Token is not active at ${issuer} (unknown, expired or revoked)`);
      }
      if (answer.iss !== undefined && answer.iss !== issuer) {
        return refused(`Token is not issued by ${issuer}, the issuer this API trusts`);
      }
      const { active: _active, ...claims } = answer;
      return checkClaims(claims as JwtClaims, expected);
    },
  };
}
