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
const PART_NAMES = ['header', 'payload', 'signature'] as const;

/** Accepts what people paste: surrounding whitespace and a leading `Bearer ` are dropped. */
export function normaliseTokenInput(raw: string): string {
  return raw
    .trim()
    .replace(/^bearer\s+/i, '')
    .trim();
}

export function parseToken(raw: string, nowMs: number = Date.now()): ParsedToken {
  const token = normaliseTokenInput(raw);
  if (token === '') return { ok: false, problem: 'Paste an access token to sign in.' };

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
  if (typeof claims.exp !== 'number' || !Number.isFinite(claims.exp)) {
    return {
      ok: false,
      problem: 'The token’s expiry time (exp claim) is not a number of seconds since 1970.',
    };
  }
  if (claims.exp * 1000 <= nowMs) {
    return {
      ok: false,
      problem: `This token expired on ${new Date(claims.exp * 1000).toISOString()}. Get a new token and try again.`,
    };
  }

  return { ok: true, token, claims: pickClaims(claims, claims.exp) };
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

function pickClaims(claims: Record<string, unknown>, exp: number): TokenClaims {
  const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
  const seconds = (value: unknown) =>
    typeof value === 'number' && Number.isFinite(value) ? value : undefined;
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
