import { afterEach, beforeEach, vi } from 'vitest';
import { readCredential } from '../features/auth/credential';
import { createSessionStore, type SessionStore } from '../features/auth/session-store';
import type { Usable } from '../features/auth/session-transition';

/** What the session store's tests share: a fixed clock, tokens of anyone, and stores to make. */

export const NOW = Date.UTC(2026, 10, 22, 12, 0, 0);
export const API = 'https://api.example.com';
export const KEY = 'admin-console.token';
export const PROVIDER = { issuer: 'https://id.example.com', clientId: 'console' };

const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A pasted token (HS256) of `sub`; `sub` null: a token naming nobody. */
export function tokenExpiringIn(seconds: number, sub: string | null = 's'): string {
  const payload = { ...(sub !== null && { sub }), exp: NOW / 1000 + seconds };
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part(payload)}.c2ln`;
}

/** A provider's token and the claims its sign-in read beside it. */
export function provided(sub: string, seconds = 3600, extra: Record<string, unknown> = {}) {
  const exp = NOW / 1000 + seconds;
  const token = `${part({ alg: 'RS256', typ: 'at+jwt' })}.${part({ sub, exp, ...extra })}.c2ln`;
  return { token, claims: { sub, exp } };
}

/** A pasted token's binding. */
export const pasted = (sub: string | null = 's', api = API) => ({
  api,
  issuer: null,
  clientId: null,
  sub,
});

/** The configured provider's binding for `sub`. */
export const ofProvider = (sub: string | null, api = API) => ({ api, ...PROVIDER, sub });

/** A credential read as the store reads it, at NOW (throws on one it would refuse). */
export function usable(credential: Parameters<typeof readCredential>[0]): Usable {
  const read = readCredential(credential, NOW);
  if (!read.ok) throw new Error(read.problem);
  return read;
}

export const sentOfType = (sent: unknown[], type: string) =>
  sent.filter((message) => (message as { type: string }).type === type);

/**
 * Fake timers at NOW and empty storage before each test; the stores made disposed after it.
 * Called at the top of a test file (or a describe).
 */
export function withSessionStores() {
  let stores: SessionStore[] = [];
  beforeEach(() => {
    vi.useFakeTimers({ now: NOW });
    sessionStorage.clear();
    localStorage.clear();
  });
  afterEach(() => {
    for (const store of stores) store.dispose();
    stores = [];
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });
  const keep = (store: SessionStore) => {
    stores.push(store);
    return store;
  };
  return {
    keep,
    /** A store with no window events (eventTarget null). */
    make: (
      channel: BroadcastChannel | null = null,
      apiBaseUrl = API,
      provider: { issuer: string; clientId: string } | null = null,
    ) => keep(createSessionStore({ apiBaseUrl, provider, channel, eventTarget: null })),
    makeWithProvider: (channel: BroadcastChannel | null = null, provider = PROVIDER) =>
      keep(createSessionStore({ apiBaseUrl: API, provider, channel, eventTarget: null })),
  };
}
