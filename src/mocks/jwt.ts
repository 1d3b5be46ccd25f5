// HS256 JSON Web Tokens on WebCrypto, so the same code runs in the browser worker and in Node.
// The demo tokens live here too: the app's demo mode and the e2e fixtures import them from this file.
import { randomId } from './random-id.ts';

export interface JwtClaims {
  sub?: string;
  email?: string;
  name?: string;
  iat?: number;
  exp?: number;
  jti?: string;
  scope?: unknown;
  [claim: string]: unknown;
}

export type JwtFailure = 'malformed' | 'algorithm' | 'signature' | 'expired';

export type JwtVerification =
  | { ok: true; claims: JwtClaims }
  | { ok: false; reason: Exclude<JwtFailure, 'expired'>; message: string }
  /** Expired tokens still carry verified claims: the demo scenario endpoint accepts them. */
  | { ok: false; reason: 'expired'; message: string; claims: JwtClaims };

const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8', { fatal: true });

export function base64UrlEncode(input: Uint8Array | string): string {
  const bytes = typeof input === 'string' ? encoder.encode(input) : input;
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Strict: rejects padding, the standard alphabet's `+` and `/`, and impossible lengths. */
export function base64UrlDecode(text: string): Uint8Array<ArrayBuffer> {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) {
    throw new Error('Not base64url');
  }
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

const keys = new Map<string, Promise<CryptoKey>>();

function hmacKey(secret: string): Promise<CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    key = globalThis.crypto.subtle.importKey(
      'raw',
      encoder.encode(secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    );
    keys.set(secret, key);
  }
  return key;
}

export async function signJwt(payload: JwtClaims, secret: string): Promise<string> {
  const signingInput = `${base64UrlEncode(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${base64UrlEncode(JSON.stringify(payload))}`;
  const signature = await globalThis.crypto.subtle.sign(
    'HMAC',
    await hmacKey(secret),
    encoder.encode(signingInput),
  );
  return `${signingInput}.${base64UrlEncode(new Uint8Array(signature))}`;
}

function decodeJsonObject(part: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(decoder.decode(base64UrlDecode(part)));
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A three-part JWT's header and payload, unverified: only for choosing how to check it (its
 * algorithm, its issuer), never for what it grants. `undefined` when it is not one.
 */
export function peekJwt(
  token: string,
): { header: Record<string, unknown>; payload: Record<string, unknown> | undefined } | undefined {
  const parts = token.split('.');
  const header = parts.length === 3 && parts[0] ? decodeJsonObject(parts[0]) : undefined;
  return header && { header, payload: decodeJsonObject(parts[1] ?? '') };
}

/**
 * Checks in the order the spec gives: structure and algorithm (without which there is nothing to
 * check), then the signature, then `exp`. Claims are only parsed once the signature holds, so an
 * attacker's payload is never interpreted.
 */
export async function verifyJwt(
  token: string,
  secret: string,
  nowSeconds: number,
): Promise<JwtVerification> {
  const parts = token.split('.');
  const [headerPart, payloadPart, signaturePart] = parts;
  if (parts.length !== 3 || !headerPart || !payloadPart || signaturePart === undefined) {
    return { ok: false, reason: 'malformed', message: 'Token is not a three-part JWT' };
  }
  const header = decodeJsonObject(headerPart);
  if (!header) return { ok: false, reason: 'malformed', message: 'Token header is not valid JSON' };
  if (header.alg !== 'HS256') {
    return {
      ok: false,
      reason: 'algorithm',
      message: `Token algorithm must be HS256, got ${JSON.stringify(header.alg ?? null)}`,
    };
  }
  let signature: Uint8Array<ArrayBuffer>;
  try {
    signature = base64UrlDecode(signaturePart);
  } catch {
    return { ok: false, reason: 'malformed', message: 'Token signature is not base64url' };
  }
  // crypto.subtle.verify compares the MACs in constant time, so timing reveals nothing about how
  // much of a forged signature was right.
  const valid = await globalThis.crypto.subtle.verify(
    'HMAC',
    await hmacKey(secret),
    signature,
    encoder.encode(`${headerPart}.${payloadPart}`),
  );
  if (!valid) return { ok: false, reason: 'signature', message: 'Token signature is invalid' };

  const claims = decodeJsonObject(payloadPart) as JwtClaims | undefined;
  if (!claims)
    return { ok: false, reason: 'malformed', message: 'Token payload is not valid JSON' };
  if (typeof claims.exp !== 'number' || !Number.isFinite(claims.exp)) {
    return { ok: false, reason: 'malformed', message: 'Token has no numeric exp claim' };
  }
  if (claims.exp <= nowSeconds) {
    const expiredAt = new Date(claims.exp * 1000).toISOString();
    return { ok: false, reason: 'expired', message: `Token expired at ${expiredAt}`, claims };
  }
  return { ok: true, claims };
}

/**
 * Signs the mock API's tokens. It is public on purpose (it ships in the demo bundle) and means
 * nothing outside src/mocks: no real API accepts it.
 */
export const DEMO_SIGNING_SECRET = 'mock-only:7Hq2vXk9LwR4pZt8NcY3sJd6FbG1mVe5QaU0oIyKhTrW';

export const DEMO_TOKEN_VARIANTS = [
  'valid',
  'expired',
  'users-only',
  'no-account',
  'short',
] as const;
export type DemoTokenVariant = (typeof DEMO_TOKEN_VARIANTS)[number];

const DEFAULT_TTL_SECONDS: Record<DemoTokenVariant, number> = {
  valid: 3600,
  // Expired an hour ago: clearly in the past even on a machine whose clock drifts a little.
  expired: -3600,
  'users-only': 3600,
  'no-account': 3600,
  // Long enough to sign in and look around, short enough for a session-expiry test to wait for.
  short: 90,
};

const SCOPES: Partial<Record<DemoTokenVariant, string[]>> = {
  'users-only': ['users:read'],
  'no-account': ['users:read', 'products:read'],
};

export function isDemoTokenVariant(value: string): value is DemoTokenVariant {
  return (DEMO_TOKEN_VARIANTS as readonly string[]).includes(value);
}

/**
 * A token the mock accepts (or, for `expired`, rejects as expired). Tokens without a `scope` claim
 * may read everything. `ttlSeconds` overrides the lifetime of every variant but `expired`.
 */
export function mintDemoToken(
  variant: DemoTokenVariant = 'valid',
  nowSeconds = Math.floor(Date.now() / 1000),
  ttlSeconds?: number,
): Promise<string> {
  const ttl =
    variant === 'expired' || ttlSeconds === undefined ? DEFAULT_TTL_SECONDS[variant] : ttlSeconds;
  const iat = variant === 'expired' ? nowSeconds + ttl - 3600 : nowSeconds;
  const claims: JwtClaims = {
    sub: 'demo-admin',
    email: 'admin@demo.example',
    name: 'Demo Admin',
    iat,
    exp: nowSeconds + ttl,
    // Two tokens minted in the same second must still differ: scenarios are keyed by token.
    jti: randomId(16),
  };
  const scope = SCOPES[variant];
  if (scope) claims.scope = scope;
  return signJwt(claims, DEMO_SIGNING_SECRET);
}
