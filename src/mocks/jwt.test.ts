// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  base64UrlDecode,
  base64UrlEncode,
  DEMO_SIGNING_SECRET,
  mintDemoToken,
  signJwt,
  verifyJwt,
} from './jwt.ts';

const SECRET = 'test-secret-of-reasonable-length';
const NOW = 1_800_000_000;

function decodePart(part: string): Record<string, unknown> {
  return JSON.parse(new TextDecoder().decode(base64UrlDecode(part))) as Record<string, unknown>;
}

describe('base64url', () => {
  it('round-trips bytes and UTF-8 without padding or +/ characters', () => {
    const bytes = Uint8Array.from({ length: 256 }, (_, index) => index);
    const encoded = base64UrlEncode(bytes);
    expect(encoded).not.toMatch(/[+/=]/);
    expect(base64UrlDecode(encoded)).toEqual(bytes);
    expect(new TextDecoder().decode(base64UrlDecode(base64UrlEncode('Zoë ✓')))).toBe('Zoë ✓');
  });

  it('rejects the standard alphabet, padding and impossible lengths', () => {
    expect(() => base64UrlDecode('ab+c')).toThrow();
    expect(() => base64UrlDecode('abc=')).toThrow();
    expect(() => base64UrlDecode('abcde')).toThrow();
  });
});

describe('signJwt / verifyJwt', () => {
  const claims = { sub: 'u1', email: 'u1@example.com', iat: NOW, exp: NOW + 60 };

  it('signs an HS256 JWT that verifies', async () => {
    const token = await signJwt(claims, SECRET);
    const [header] = token.split('.');
    expect(decodePart(header as string)).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect(await verifyJwt(token, SECRET, NOW)).toEqual({ ok: true, claims });
  });

  it('rejects a changed payload, a changed signature and another secret', async () => {
    const token = await signJwt(claims, SECRET);
    const [header, , signature] = token.split('.');
    const forgedPayload = base64UrlEncode(JSON.stringify({ ...claims, sub: 'admin' }));
    // The first character of the signature carries six full bits (the last one only four).
    const changedSignature = `${signature?.startsWith('A') ? 'B' : 'A'}${signature?.slice(1)}`;
    for (const forged of [
      `${header}.${forgedPayload}.${signature}`,
      `${header}.${token.split('.')[1]}.${changedSignature}`,
      await signJwt(claims, 'another-secret'),
    ]) {
      expect(await verifyJwt(forged, SECRET, NOW)).toMatchObject({
        ok: false,
        reason: 'signature',
      });
    }
  });

  it('rejects alg none and other algorithms before looking at the signature', async () => {
    const payload = base64UrlEncode(JSON.stringify(claims));
    const none = `${base64UrlEncode(JSON.stringify({ alg: 'none', typ: 'JWT' }))}.${payload}.`;
    expect(await verifyJwt(none, SECRET, NOW)).toMatchObject({ ok: false, reason: 'algorithm' });
    const [, , signature] = (await signJwt(claims, SECRET)).split('.');
    const hs512 = `${base64UrlEncode(JSON.stringify({ alg: 'HS512', typ: 'JWT' }))}.${payload}.${signature}`;
    expect(await verifyJwt(hs512, SECRET, NOW)).toMatchObject({ ok: false, reason: 'algorithm' });
  });

  it('rejects malformed tokens', async () => {
    const valid = await signJwt(claims, SECRET);
    const [header, payload] = valid.split('.');
    for (const token of ['', 'abc', 'a.b', `${header}.${payload}`, '%%%.b.c', `${valid}.extra`]) {
      expect(await verifyJwt(token, SECRET, NOW)).toMatchObject({ ok: false, reason: 'malformed' });
    }
    const noExp = await signJwt({ sub: 'u1' }, SECRET);
    expect(await verifyJwt(noExp, SECRET, NOW)).toMatchObject({ ok: false, reason: 'malformed' });
  });

  it('checks expiry after the signature, and exp itself is already expired', async () => {
    const token = await signJwt(claims, SECRET);
    expect((await verifyJwt(token, SECRET, NOW + 59)).ok).toBe(true);
    expect(await verifyJwt(token, SECRET, NOW + 60)).toMatchObject({
      ok: false,
      reason: 'expired',
      claims,
    });
    // A forged, expired token reports the signature, not the expiry.
    const [header, , signature] = token.split('.');
    const forged = `${header}.${base64UrlEncode(JSON.stringify({ ...claims, sub: 'x' }))}.${signature}`;
    expect(await verifyJwt(forged, SECRET, NOW + 3600)).toMatchObject({ reason: 'signature' });
  });
});

describe('mintDemoToken', () => {
  async function claimsOf(token: string) {
    const result = await verifyJwt(token, DEMO_SIGNING_SECRET, NOW);
    if (result.ok || result.reason === 'expired') return result.claims;
    throw new Error(result.message);
  }

  it('mints a one-hour, unscoped admin token by default', async () => {
    const claims = await claimsOf(await mintDemoToken('valid', NOW));
    expect(claims).toMatchObject({
      sub: 'demo-admin',
      email: 'admin@demo.example',
      iat: NOW,
      exp: NOW + 3600,
    });
    expect(claims).not.toHaveProperty('scope');
    expect(claims.jti).toMatch(/^[a-z0-9]{16}$/);
  });

  it('mints distinct tokens within the same second', async () => {
    expect(await mintDemoToken('valid', NOW)).not.toBe(await mintDemoToken('valid', NOW));
  });

  it('mints the limited, short and expired variants', async () => {
    expect(await claimsOf(await mintDemoToken('users-only', NOW))).toMatchObject({
      scope: ['users:read'],
    });
    expect(await claimsOf(await mintDemoToken('no-account', NOW))).toMatchObject({
      scope: ['users:read', 'products:read'],
    });
    expect((await claimsOf(await mintDemoToken('short', NOW))).exp).toBe(NOW + 90);
    expect((await claimsOf(await mintDemoToken('short', NOW, 5))).exp).toBe(NOW + 5);
    const expired = await mintDemoToken('expired', NOW);
    expect(await verifyJwt(expired, DEMO_SIGNING_SECRET, NOW)).toMatchObject({ reason: 'expired' });
  });
});
