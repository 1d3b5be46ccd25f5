import {
  CLOCK_SKEW_MS,
  isDateSeconds,
  MAX_TOKEN_LENGTH,
  peekJwt,
  pickClaims,
  type TokenClaims,
} from '../token';

/**
 * What the console takes from a provider's token response, for the API to judge. Providers sign
 * their access tokens as they please (Okta, Entra ID, Auth0 and Keycloak: RS256 or ES256 by
 * default), some issue opaque ones, and a browser can verify none of them: the console refuses
 * only what it must never send (an unsigned JWT, `alg: none`; a token that cannot go in a header),
 * reads what a JWT shows, and otherwise takes the person from the validated ID token and the end
 * from `expires_in`. Pure: no fetch, no React.
 */

/** How far the device's clock may be from the provider's before sign-in says so. */
export const CLOCK_LIMIT_S = 120;

/** Who signed in: the validated ID token's claims (or, on a refresh without one, the session's). */
export interface Person {
  sub: string;
  email?: string | undefined;
  name?: string | undefined;
}

export type ProviderTokenRead =
  | { ok: true; claims: TokenClaims }
  | { ok: false; problem: 'clock' }
  | { ok: false; problem: 'unusable'; detail: string };

// RFC 6750's b64token and then some: visible ASCII only, nothing that could break a header.
const HEADER_SAFE = /^[\x21-\x7e]+$/;

export function readProviderToken(
  accessToken: string,
  expiresIn: number | undefined,
  person: Person,
  nowMs: number,
): ProviderTokenRead {
  const unusable = (detail: string): ProviderTokenRead => ({
    ok: false,
    problem: 'unusable',
    detail,
  });
  if (accessToken.length > MAX_TOKEN_LENGTH || !HEADER_SAFE.test(accessToken)) {
    return unusable('it is too long, or has characters a request header cannot carry.');
  }
  const lifetime =
    typeof expiresIn === 'number' && Number.isFinite(expiresIn) && expiresIn > 0
      ? expiresIn
      : undefined;
  const nowS = nowMs / 1000;
  const jwt = peekJwt(accessToken);
  const alg = jwt?.header.alg;
  if (typeof alg === 'string' && alg.toLowerCase() === 'none') {
    return unusable('it is an unsigned JWT (alg none), which is never sent.');
  }
  const tokenExp = isDateSeconds(jwt?.payload.exp) ? jwt.payload.exp : undefined;
  if (tokenExp !== undefined && lifetime !== undefined) {
    // A token that says it ends at another time than the response does: the clocks disagree.
    if (Math.abs(tokenExp - nowS - lifetime) > CLOCK_LIMIT_S)
      return { ok: false, problem: 'clock' };
  }
  const exp = tokenExp ?? (lifetime !== undefined ? Math.floor(nowS) + lifetime : undefined);
  if (exp === undefined) {
    return unusable(
      'it carries no expiry the console can read (an opaque token needs expires_in in the token response).',
    );
  }
  if (exp * 1000 - CLOCK_SKEW_MS <= nowMs) return unusable('it has already expired.');
  const read = jwt ? pickClaims(jwt.payload, exp) : { exp };
  return {
    ok: true,
    claims: {
      ...read,
      iat: read.iat ?? (tokenExp === undefined ? Math.floor(nowS) : undefined),
      // The person is the ID token's: an access token's own `sub` may be pairwise per API (Entra
      // ID), and an opaque one shows none.
      sub: person.sub,
      email: person.email ?? read.email,
      name: person.name ?? read.name,
    },
  };
}
