import { describe, expect, it } from 'vitest';
import { parseToken } from '../features/auth/token';
import { NAV_ITEMS, navAccess, type NavAccess } from './nav-items';

const NOW = Date.UTC(2026, 0, 1);

/** A token whose `scope` claim is `scope` (left out when undefined), read as sign-in reads it. */
function grantedBy(scope: unknown): string[] | undefined {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const payload = { sub: 'u1', exp: NOW / 1000 + 3600, ...(scope !== undefined && { scope }) };
  const parsed = parseToken(`${part({ alg: 'HS256', typ: 'JWT' })}.${part(payload)}.c2ln`, NOW);
  if (!parsed.ok) throw new Error(parsed.problem);
  return parsed.claims.scope;
}

/** Each page's access, by label, for a token with this `scope` claim. */
function accessByPage(scope: unknown): Record<string, NavAccess> {
  const granted = grantedBy(scope);
  return Object.fromEntries(NAV_ITEMS.map((item) => [item.label, navAccess(item.scopes, granted)]));
}

const OPEN: NavAccess = { kind: 'open' };
const lacks = (kind: 'partial' | 'unavailable', ...scopes: string[]): NavAccess => ({
  kind,
  reason: `your token lacks the ${scopes.join(' and ')} scope${scopes.length > 1 ? 's' : ''}`,
});

describe('navAccess: what a token’s scope leaves of each page', () => {
  it('lists the four pages of the header, in order', () => {
    expect(NAV_ITEMS.map((item) => item.label)).toEqual([
      'Overview',
      'Users',
      'Products',
      'Account',
    ]);
  });

  // The same grants written both ways a token carries them: the API's array, and the
  // space-separated string of RFC 8693 and most providers.
  describe.each([
    ['an array', (scopes: string[]) => scopes],
    ['a space-separated string', (scopes: string[]) => ` ${scopes.join('  ')} `],
  ])('with scope as %s', (_form, write) => {
    it.each<[string[], Record<string, NavAccess>]>([
      [
        ['users:read', 'products:read', 'account:read'],
        { Overview: OPEN, Users: OPEN, Products: OPEN, Account: OPEN },
      ],
      [
        ['users:read', 'products:read'],
        {
          Overview: OPEN,
          Users: OPEN,
          Products: OPEN,
          Account: lacks('unavailable', 'account:read'),
        },
      ],
      [
        ['users:read'],
        {
          Overview: lacks('partial', 'products:read'),
          Users: OPEN,
          Products: lacks('unavailable', 'products:read'),
          Account: lacks('unavailable', 'account:read'),
        },
      ],
      [
        ['products:read', 'account:read'],
        {
          Overview: lacks('partial', 'users:read'),
          Users: lacks('unavailable', 'users:read'),
          Products: OPEN,
          Account: OPEN,
        },
      ],
      [
        ['account:read'],
        {
          Overview: lacks('unavailable', 'users:read', 'products:read'),
          Users: lacks('unavailable', 'users:read'),
          Products: lacks('unavailable', 'products:read'),
          Account: OPEN,
        },
      ],
    ])('%j gives each page its due', (scopes, expected) => {
      expect(accessByPage(write(scopes))).toEqual(expected);
    });
  });

  it('limits nothing for a token without a scope claim, or with one of another type', () => {
    const all = { Overview: OPEN, Users: OPEN, Products: OPEN, Account: OPEN };
    expect(accessByPage(undefined)).toEqual(all);
    expect(accessByPage(42)).toEqual(all);
  });

  it('grants nothing for an empty scope, which the API answers with 403 everywhere', () => {
    for (const scope of [[], '', '  ']) {
      expect(Object.values(accessByPage(scope)).map((access) => access.kind)).toEqual([
        'unavailable',
        'unavailable',
        'unavailable',
        'unavailable',
      ]);
    }
  });

  it('matches scopes whole and in their case, as the API does', () => {
    expect(accessByPage([':read', 'users', 'Users:Read', 'users:read:all']).Users).toEqual(
      lacks('unavailable', 'users:read'),
    );
    expect(accessByPage([':read']).Overview).toEqual(
      lacks('unavailable', 'users:read', 'products:read'),
    );
  });
});
