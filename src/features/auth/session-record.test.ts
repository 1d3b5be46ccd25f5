import { beforeEach, describe, expect, it } from 'vitest';
import { serializeStoredSession, sessionRecords } from './session-record';

const NOW = Date.UTC(2026, 10, 22, 12, 0, 0);
const API = 'https://api.example.com';
const KEY = 'admin-console.token';
const scope = { api: API, issuer: null, clientId: null };

function tokenExpiringIn(seconds: number, sub = 's'): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ sub, exp: NOW / 1000 + seconds })}.c2ln`;
}

const pasted = (sub: string) => ({ api: API, issuer: null, clientId: null, sub });

describe('session records', () => {
  beforeEach(() => {
    sessionStorage.clear();
    localStorage.clear();
  });

  it('writes to the tab unless remembered on the device, and clears both', () => {
    const records = sessionRecords(KEY, scope);
    const token = tokenExpiringIn(3600);
    const claims = { sub: 's', exp: NOW / 1000 + 3600 };
    records.write({ token, claims, binding: pasted('s'), remember: false });
    expect(sessionStorage.getItem(KEY)).toBe(serializeStoredSession(token, API));
    records.write({ token, claims, binding: pasted('s'), remember: true });
    expect(localStorage.getItem(KEY)).toBe(serializeStoredSession(token, API));
    records.clear();
    expect([sessionStorage.getItem(KEY), localStorage.getItem(KEY)]).toEqual([null, null]);
  });

  it('reads the tab’s own session first, and says which storage held it', () => {
    const mine = tokenExpiringIn(3600, 'ada');
    sessionStorage.setItem(KEY, serializeStoredSession(mine, API));
    localStorage.setItem(KEY, serializeStoredSession(tokenExpiringIn(3600, 'grace'), API));
    expect(sessionRecords(KEY, scope).read(NOW)).toMatchObject({
      session: { token: mine, remember: false, source: 'pasted', binding: pasted('ada') },
      expired: null,
    });
    sessionStorage.clear();
    expect(sessionRecords(KEY, scope).read(NOW).session).toMatchObject({
      binding: pasted('grace'),
      remember: true,
    });
  });

  it('reports whose an expired record was and keeps it; removes one of another API', () => {
    const expired = serializeStoredSession(tokenExpiringIn(-5, 'ada'), API);
    sessionStorage.setItem(KEY, expired);
    const live = tokenExpiringIn(3600, 'grace');
    localStorage.setItem(KEY, serializeStoredSession(live, API));
    expect(sessionRecords(KEY, scope).read(NOW)).toMatchObject({
      session: { token: live },
      expired: pasted('ada'),
    });
    expect(sessionStorage.getItem(KEY)).toBe(expired);

    localStorage.setItem(KEY, serializeStoredSession(live, 'https://old.example.com'));
    expect(sessionRecords(KEY, scope).read(NOW).session).toBeNull();
    expect(localStorage.getItem(KEY)).toBeNull();
  });

  it('clears, for a session that ended, its own records and what nobody can use, never another person’s', () => {
    const records = sessionRecords(KEY, scope);
    const bob = serializeStoredSession(tokenExpiringIn(3600, 'bob'), API);
    sessionStorage.setItem(KEY, serializeStoredSession(tokenExpiringIn(3600, 'alice'), API));
    localStorage.setItem(KEY, bob);
    records.clear(pasted('alice'));
    expect([sessionStorage.getItem(KEY), localStorage.getItem(KEY)]).toEqual([null, bob]);

    localStorage.setItem(
      KEY,
      serializeStoredSession(tokenExpiringIn(3600, 'bob'), 'https://old.example.com'),
    );
    sessionStorage.setItem(KEY, 'damaged');
    records.clear(pasted('alice'));
    expect([sessionStorage.getItem(KEY), localStorage.getItem(KEY)]).toEqual([null, null]);
  });
});
