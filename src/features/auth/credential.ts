import * as v from 'valibot';
import type { SessionBinding, TokenSourceKind } from './session-binding';
import {
  CLOCK_SKEW_MS,
  isDateSeconds,
  MAX_TOKEN_LENGTH,
  parseToken,
  peekJwt,
  type TokenClaims,
} from './token';

/**
 * An access token as the session store takes it: a pasted token (a string), whose claims are read
 * from it and checked as the API spec says (HS256, shape, expiry); or a provider's, with the claims
 * the provider's code read beside it (the person from the validated ID token, the expiry from
 * `expires_in` when the token is opaque). A provider's token is the API's to judge: the console
 * refuses only what it must never send.
 */
export interface ProviderCredential {
  token: string;
  claims: TokenClaims;
}

export type Credential = string | ProviderCredential;

export type ReadCredential =
  | { ok: true; token: string; claims: TokenClaims; source: TokenSourceKind }
  | { ok: false; problem: string };

const seconds = v.custom<number>(isDateSeconds, 'not a time');

/** The claims kept beside a provider's token (stored, and sent to the other tabs). */
export const claimsSchema = v.object({
  sub: v.optional(v.string()),
  email: v.optional(v.string()),
  name: v.optional(v.string()),
  iat: v.optional(seconds),
  exp: seconds,
  scope: v.optional(v.array(v.string())),
  iss: v.optional(v.string()),
  aud: v.optional(v.union([v.string(), v.array(v.string())])),
});

// RFC 6750's b64token and then some: visible ASCII only, nothing that could break a header.
const HEADER_SAFE = /^[\x21-\x7e]+$/;

export function readCredential(credential: Credential, nowMs: number): ReadCredential {
  if (typeof credential === 'string') {
    const parsed = parseToken(credential, nowMs);
    return parsed.ok ? { ...parsed, source: 'pasted' } : parsed;
  }
  const { token, claims } = credential;
  if (token.length > MAX_TOKEN_LENGTH || !HEADER_SAFE.test(token)) {
    return { ok: false, problem: 'The access token is not one that can be sent in a header.' };
  }
  const alg = peekJwt(token)?.header.alg;
  if (typeof alg === 'string' && alg.toLowerCase() === 'none') {
    return { ok: false, problem: 'The access token is unsigned (alg none), so it is never sent.' };
  }
  if (!isDateSeconds(claims.exp) || claims.exp * 1000 - CLOCK_SKEW_MS <= nowMs) {
    return { ok: false, problem: 'The access token has expired.' };
  }
  if (!claims.sub) return { ok: false, problem: 'The sign-in named nobody (no sub).' };
  return { ok: true, token, claims, source: 'provider' };
}

/**
 * A token that came with a binding (from storage or another tab): read as its source reads it,
 * and only if it is the person the binding names. A provider's token needs its claims beside it.
 */
export function readBoundCredential(
  bound: { binding: SessionBinding; token: string; claims?: TokenClaims | undefined },
  nowMs: number,
): ReadCredential {
  const { binding, token, claims } = bound;
  if (binding.issuer !== null && claims === undefined) {
    return { ok: false, problem: 'A provider’s token came without its claims.' };
  }
  const read = readCredential(
    binding.issuer === null ? token : { token, claims: claims as TokenClaims },
    nowMs,
  );
  if (read.ok && (read.claims.sub ?? null) !== binding.sub) {
    return { ok: false, problem: 'The token is not the person its record names.' };
  }
  return read;
}

/**
 * Whether `next` can be the token after `previous` for the same session, as far as the two show:
 * where both are JWTs naming an issuer, an audience or a subject, they name the same. A token of
 * another provider, API or person fails; an opaque token shows nothing (its record says whose).
 */
export function consistentTokens(previous: string, next: string): boolean {
  const before = peekJwt(previous)?.payload;
  const after = peekJwt(next)?.payload;
  if (!before || !after) return true;
  return (['iss', 'aud', 'sub'] as const).every(
    (name) =>
      before[name] === undefined ||
      after[name] === undefined ||
      JSON.stringify(before[name]) === JSON.stringify(after[name]),
  );
}
