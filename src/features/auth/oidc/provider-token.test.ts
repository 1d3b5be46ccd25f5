// @vitest-environment node
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CLOCK_SKEW_MS } from '../token';
import { readProviderToken } from './provider-token';

const NOW = Date.UTC(2026, 10, 27, 9, 0, 0);
const nowS = NOW / 1000;
const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const jwt = (header: object, claims: object) => `${part(header)}.${part(claims)}.c2lnbmF0dXJl`;
const ada = { sub: 'ada-id', email: 'ada@example.org', name: 'Ada' };

describe('a provider’s access token, for the API to judge', () => {
  it.each(['RS256', 'ES256', 'PS384', 'EdDSA', 'HS256'])(
    'sends a %s JWT, reading what it shows',
    (alg) => {
      const token = jwt(
        { alg, typ: 'at+jwt', kid: 'k1' },
        {
          sub: 'pairwise-for-the-api',
          iss: 'https://id.example.com',
          aud: 'https://api.example.com',
          iat: nowS,
          exp: nowS + 3600,
          scope: 'users:read',
        },
      );
      expect(readProviderToken(token, 3600, ada, NOW)).toEqual({
        ok: true,
        claims: {
          // The person is the ID token's, whatever the access token's own sub.
          sub: 'ada-id',
          email: 'ada@example.org',
          name: 'Ada',
          iat: nowS,
          exp: nowS + 3600,
          iss: 'https://id.example.com',
          aud: 'https://api.example.com',
          scope: ['users:read'],
        },
      });
    },
  );

  it('sends an opaque token, which ends after expires_in', () => {
    const read = readProviderToken('2YotnFZFEjr1zCsicMWpAA', 900, ada, NOW);
    expect(read).toEqual({ ok: true, claims: { ...ada, iat: nowS, exp: nowS + 900 } });
  });

  it('takes a JWT’s end from expires_in when it has no exp, and its e-mail when the ID token has none', () => {
    const token = jwt({ alg: 'RS256' }, { email: 'ada@staff.example.org' });
    expect(readProviderToken(token, 600, { sub: 'ada-id' }, NOW)).toMatchObject({
      ok: true,
      claims: { sub: 'ada-id', email: 'ada@staff.example.org', exp: nowS + 600 },
    });
  });

  it.each(['none', 'None', 'NONE'])('refuses an unsigned JWT (alg %s)', (alg) => {
    const token = `${part({ alg })}.${part({ sub: 'ada', exp: nowS + 3600 })}.`;
    expect(readProviderToken(token, 3600, ada, NOW)).toMatchObject({
      ok: false,
      detail: /unsigned/,
    });
    expect(readProviderToken(`${token}x`, 3600, ada, NOW)).toMatchObject({
      ok: false,
      detail: /unsigned/,
    });
  });

  it('refuses an opaque token without expires_in, and one that cannot go in a header', () => {
    expect(readProviderToken('opaque-token', undefined, ada, NOW)).toMatchObject({
      ok: false,
      detail: /expires_in/,
    });
    expect(readProviderToken('opaque-token', 0, ada, NOW)).toMatchObject({
      ok: false,
      detail: /expires_in/,
    });
    expect(readProviderToken('two words', 600, ada, NOW)).toMatchObject({
      ok: false,
      detail: /header/,
    });
    expect(readProviderToken('line\nbreak', 600, ada, NOW)).toMatchObject({
      ok: false,
      detail: /header/,
    });
    expect(readProviderToken('x'.repeat(20_000), 600, ada, NOW)).toMatchObject({
      ok: false,
      detail: /too long/,
    });
  });

  it('says the clocks disagree when the JWT’s end and expires_in are far apart', () => {
    const token = jwt({ alg: 'RS256' }, { exp: nowS - 3600 });
    expect(readProviderToken(token, 3600, ada, NOW)).toEqual({ ok: false, problem: 'clock' });
    expect(readProviderToken(token, undefined, ada, NOW)).toMatchObject({
      ok: false,
      detail: /expired/,
    });
  });

  it('any visible-ASCII opaque token with a lifetime is sent, ending then, for the ID token’s person', () => {
    const opaque = fc
      .stringMatching(/^[\x21-\x7e]{1,200}$/)
      .filter((token) => token.split('.').length !== 3);
    fc.assert(
      fc.property(
        opaque,
        fc.integer({ min: CLOCK_SKEW_MS / 1000 + 1, max: 86_400 }),
        fc.string({ minLength: 1 }),
        (token, lifetime, sub) => {
          const read = readProviderToken(token, lifetime, { sub }, NOW);
          expect(read).toEqual({ ok: true, claims: { sub, iat: nowS, exp: nowS + lifetime } });
        },
      ),
    );
  });
});
