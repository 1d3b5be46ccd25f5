// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { normaliseTokenInput, parseToken } from './token';

const NOW = Date.UTC(2026, 10, 22, 12, 0, 0);

function b64url(value: unknown): string {
  return Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString(
    'base64url',
  );
}

function makeToken(
  payload: Record<string, unknown>,
  header: Record<string, unknown> = { alg: 'HS256', typ: 'JWT' },
) {
  return `${b64url(header)}.${b64url(payload)}.c2lnbmF0dXJl`;
}

const valid = { sub: 'u1', email: 'a@example.com', iat: NOW / 1000 - 60, exp: NOW / 1000 + 3600 };

describe('parseToken', () => {
  it('reads the claims of a well-formed, unexpired HS256 token', () => {
    const parsed = parseToken(makeToken({ ...valid, scope: ['users:read'] }), NOW);
    expect(parsed).toEqual({
      ok: true,
      token: expect.any(String),
      claims: expect.objectContaining({ sub: 'u1', email: 'a@example.com', scope: ['users:read'] }),
    });
  });

  it('strips a leading Bearer and surrounding whitespace', () => {
    const token = makeToken(valid);
    expect(normaliseTokenInput(`  Bearer ${token}\n`)).toBe(token);
    expect(parseToken(`bearer   ${token}`, NOW)).toMatchObject({ ok: true, token });
  });

  it.each([
    ['empty input', '   ', /Paste an access token/],
    ['two parts', 'abc.def', /three parts .* but it has 2/],
    ['four parts', 'a.b.c.d', /but it has 4/],
    [
      'an empty signature',
      `${b64url({ alg: 'HS256' })}.${b64url(valid)}.`,
      /signature is not base64url/,
    ],
    [
      'standard base64 characters',
      `${b64url({ alg: 'HS256' })}.ab+/cd.sig`,
      /payload is not base64url/,
    ],
    [
      'a payload that is not JSON',
      `${b64url({ alg: 'HS256' })}.${b64url('not json')}.sig`,
      /payload is not valid base64url-encoded JSON/,
    ],
    [
      'a header that is not JSON',
      `${b64url('nope')}.${b64url(valid)}.sig`,
      /header is not valid base64url-encoded JSON/,
    ],
    [
      'a payload that is JSON but not an object',
      `${b64url({ alg: 'HS256' })}.${b64url('42')}.sig`,
      /payload is not valid/,
    ],
    [
      'alg none',
      makeToken(valid, { alg: 'none' }),
      /signed with "none"; this API only accepts HS256/,
    ],
    ['alg RS256', makeToken(valid, { alg: 'RS256' }), /signed with "RS256"/],
    ['no exp', makeToken({ sub: 'u1' }), /no expiry time/],
    ['a string exp', makeToken({ ...valid, exp: '1700000000' }), /exp claim\) is not a date/],
    ['an exp past the Date range', makeToken({ ...valid, exp: 1e13 }), /exp claim\) is not a date/],
    ['an exp of 1e308', makeToken({ ...valid, exp: 1e308 }), /exp claim\) is not a date/],
    ['an iat past the Date range', makeToken({ ...valid, iat: 1e16 }), /iat claim\) is not a date/],
    [
      'a token with less than the clock skew left',
      makeToken({ ...valid, exp: NOW / 1000 + 9 }),
      /expires in under 10 seconds/,
    ],
    [
      'a token over 16 KB',
      makeToken({ ...valid, pad: 'x'.repeat(16_000) }),
      /is 22 KB long; servers refuse an Authorization header that long/,
    ],
    [
      'an expired token',
      makeToken({ ...valid, exp: NOW / 1000 - 1 }),
      /expired on 2026-11-22T11:59:59.000Z/,
    ],
  ])('refuses %s', (_case, token, problem) => {
    const parsed = parseToken(token, NOW);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.problem).toMatch(problem);
  });

  it('reads a space-separated scope string and ignores claims of the wrong type', () => {
    const parsed = parseToken(
      makeToken({ ...valid, scope: 'users:read products:read', email: 5 }),
      NOW,
    );
    expect(parsed.ok && parsed.claims).toMatchObject({
      scope: ['users:read', 'products:read'],
      email: undefined,
    });
  });
});
