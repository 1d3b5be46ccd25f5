import { jwtDecode, type JwtHeader } from 'jwt-decode';

/**
 * What the console reads out of a bearer token. The browser never holds the signing secret, so
 * none of this is verified: it is shown as information and used to end the session at `exp`.
 */
export interface TokenClaims {
  sub?: string;
  email?: string;
  name?: string;
  iat?: number;
  exp: number;
  scope?: string[];
  iss?: string;
  aud?: string | string[];
}

export type ParsedToken =
  { ok: true; token: string; claims: TokenClaims } | { ok: false; problem: string };

const BASE64URL_PART = /^[A-Za-z0-9_-]+$/;

/**
 * A token must have more than this left to be used: the console stops sending it this long before
 * `exp`, so a request never reaches the API with a token the API would already call expired.
 * Sign-in, the stored session and every request check expiry with this same margin.
 */
export const CLOCK_SKEW_MS = 10_000;

/** Servers refuse request headers much longer than this; the API would then look unreachable. */
export const MAX_TOKEN_LENGTH = 16_000;

/** The largest time a JavaScript Date can hold, in seconds (±100,000,000 days from 1970). */
const MAX_DATE_SECONDS = 8.64e12;
const PART_NAMES = ['header', 'payload', 'signature'] as const;

/** Accepts what people paste: surrounding whitespace and a leading `Bearer ` are dropped. */
export function normaliseTokenInput(raw: string): string {
  return raw
    .trim()
    .replace(/^bearer\s+/i, '')
    .trim();
}

/**
 * Checks a pasted or stored token without verifying it (the API does that): its shape, its
 * algorithm, and that it has more than CLOCK_SKEW_MS left at `nowMs`.
 */
export function parseToken(raw: string, nowMs: number = Date.now()): ParsedToken {
  const token = normaliseTokenInput(raw);
  if (token === '') return { ok: false, problem: 'Paste an access token to sign in.' };
  if (token.length > MAX_TOKEN_LENGTH) {
    return {
      ok: false,
      problem: `This token is ${Math.ceil(token.length / 1000)} KB long; servers refuse an Authorization header that long (the console accepts up to ${MAX_TOKEN_LENGTH / 1000} KB).`,
    };
  }

  const parts = token.split('.');
  if (parts.length !== 3) {
    return {
      ok: false,
      problem: `This is not a JWT: it should have three parts separated by dots (header.payload.signature), but it has ${parts.length}.`,
    };
  }
  for (const [index, part] of parts.entries()) {
    if (!BASE64URL_PART.test(part)) {
      return {
        ok: false,
        problem: `The token's ${PART_NAMES[index]} is not base64url-encoded (it is empty or has characters outside A–Z, a–z, 0–9, - and _).`,
      };
    }
  }

  const header = decodePart<JwtHeader>(token, 'header');
  if (!header.ok) return header;
  const payload = decodePart<Record<string, unknown>>(token, 'payload');
  if (!payload.ok) return payload;

  if (header.value.alg !== 'HS256') {
    return {
      ok: false,
      problem: `The token is signed with ${JSON.stringify(header.value.alg ?? null)}; this API only accepts HS256 tokens.`,
    };
  }

  const claims = payload.value;
  if (!('exp' in claims)) {
    return {
      ok: false,
      problem: 'The token has no expiry time (exp claim), so it cannot be used.',
    };
  }
  if (!isDateSeconds(claims.exp)) {
    return {
      ok: false,
      problem:
        'The token’s expiry time (exp claim) is not a date: it should be a number of seconds since 1970.',
    };
  }
  if (typeof claims.iat === 'number' && !isDateSeconds(claims.iat)) {
    return {
      ok: false,
      problem:
        'The token’s issue time (iat claim) is not a date: it should be a number of seconds since 1970.',
    };
  }
  const expiresAt = claims.exp * 1000;
  if (expiresAt <= nowMs) {
    return {
      ok: false,
      problem: `This token expired on ${new Date(expiresAt).toISOString()}. Get a new token and try again.`,
    };
  }
  if (expiresAt - CLOCK_SKEW_MS <= nowMs) {
    return {
      ok: false,
      problem: `This token expires in under ${CLOCK_SKEW_MS / 1000} seconds, too soon to use. Get a new token and try again.`,
    };
  }

  return { ok: true, token, claims: pickClaims(claims, claims.exp) };
}

/**
 * A JWT's header and payload as JSON objects, read without any check; null when the token is not
 * a JWT of three base64url parts (an opaque token, or an encrypted one).
 */
export function peekJwt(
  token: string,
): { header: Record<string, unknown>; payload: Record<string, unknown> } | null {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts.slice(0, 2).every((part) => BASE64URL_PART.test(part))) {
    return null;
  }
  const header = decodePart<Record<string, unknown>>(token, 'header');
  const payload = decodePart<Record<string, unknown>>(token, 'payload');
  return header.ok && payload.ok ? { header: header.value, payload: payload.value } : null;
}

export function isDateSeconds(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && Math.abs(value) <= MAX_DATE_SECONDS;
}

function decodePart<T>(
  token: string,
  name: 'header' | 'payload',
): { ok: true; value: T } | { ok: false; problem: string } {
  const problem = `The token's ${name} is not valid base64url-encoded JSON.`;
  try {
    const value: unknown = jwtDecode(token, { header: name === 'header' });
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      return { ok: false, problem };
    }
    return { ok: true, value: value as T };
  } catch {
    return { ok: false, problem };
  }
}

/** The claims the console reads, from a token's payload, with `exp` as given. */
export function pickClaims(claims: Record<string, unknown>, exp: number): TokenClaims {
  const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
  const seconds = (value: unknown) => (isDateSeconds(value) ? value : undefined);
  return {
    exp,
    sub: text(claims.sub),
    email: text(claims.email),
    name: text(claims.name),
    iat: seconds(claims.iat),
    iss: text(claims.iss),
    aud: typeof claims.aud === 'string' || isStringArray(claims.aud) ? claims.aud : undefined,
    scope: readScope(claims.scope),
  };
}

/** `scope` is an array in this API; OAuth-style space-separated strings are read too. */
function readScope(value: unknown): string[] | undefined {
  if (isStringArray(value)) return value;
  if (typeof value === 'string') return value.split(/\s+/).filter(Boolean);
  return undefined;
}

function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}

export function describeSubject(claims: TokenClaims): string {
  return claims.name ?? claims.email ?? claims.sub ?? 'Signed in';
}
