import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProviderCredential } from './credential';
import { renewalFailing } from './renewal-status';
import { CLOCK_SKEW_MS, createSessionStore, type SessionStore } from './session-store';
import { parseToken } from './token';
import {
  RENEW_AT_SHARE,
  RENEW_RETRY_MS,
  RenewalRefusedError,
  renewSilently,
  type TokenSource,
} from './silent-renewal';

const NOW = Date.UTC(2026, 10, 26, 8, 0, 0);
const API = 'https://api.example.com';
const LIFE_S = 45;
/** When the store stops using a token: CLOCK_SKEW_MS before its exp. */
const USABLE_MS = LIFE_S * 1000 - CLOCK_SKEW_MS;

const PROVIDER = { issuer: 'https://id.example.com', clientId: 'console' };

/** A token issued at `issuedAtMs` that lives LIFE_S seconds, as the provider's code hands it over. */
function token(issuedAtMs: number, sub = 'alice', serial = 0): ProviderCredential {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const iat = Math.floor(issuedAtMs / 1000);
  const jwt = `${part({ alg: 'HS256', typ: 'at+jwt' })}.${part({ sub, iat, exp: iat + LIFE_S, jti: serial })}.c2ln`;
  const parsed = parseToken(jwt, issuedAtMs);
  if (!parsed.ok) throw new Error(parsed.problem);
  return { token: jwt, claims: parsed.claims };
}

describe('renewal without a dialog', () => {
  let store: SessionStore;
  let stop: () => void;
  const events = new EventTarget();

  beforeEach(() => {
    vi.useFakeTimers({ now: NOW });
    sessionStorage.clear();
    store = createSessionStore({
      apiBaseUrl: API,
      provider: PROVIDER,
      channel: null,
      eventTarget: null,
    });
  });

  afterEach(() => {
    stop?.();
    store.dispose();
    vi.useRealTimers();
  });

  function start(renew: TokenSource['renew']) {
    const source = { renew: vi.fn(renew), hold: vi.fn(), leave: vi.fn() };
    stop = renewSilently(store, source, {
      eventTarget: events as unknown as Pick<Window, 'addEventListener' | 'removeEventListener'>,
    });
    return source;
  }

  it('renews at two thirds of each token’s life, across several lifetimes, never ending the session', async () => {
    let serial = 0;
    const source = start(async () => token(Date.now(), 'alice', ++serial));
    store.signIn(token(NOW), false);
    const renewAt = USABLE_MS * RENEW_AT_SHARE;
    await vi.advanceTimersByTimeAsync(renewAt - 1);
    expect(source.renew).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(source.renew).toHaveBeenCalledTimes(1);
    // Four more lifetimes: one renewal each, and the session is never without a token.
    for (let lifetime = 0; lifetime < 4; lifetime += 1) {
      await vi.advanceTimersByTimeAsync(renewAt);
      expect(store.getState().session).not.toBeNull();
    }
    expect(source.renew).toHaveBeenCalledTimes(5);
    expect(store.getState().generation).toBe(1);
    expect(store.getState().session?.source).toBe('provider');
  });

  it('leaves a pasted token alone', async () => {
    const source = start(async () => token(Date.now()));
    store.signIn(token(NOW).token, false);
    await vi.advanceTimersByTimeAsync(LIFE_S * 1000);
    expect(source.renew).not.toHaveBeenCalled();
    expect(store.getState().endReason).toBe('expired');
  });

  it('ends the session on the page, renewable, when the source refuses', async () => {
    start(async () => {
      throw new RenewalRefusedError('invalid_grant');
    });
    store.signIn(token(NOW), false);
    await vi.advanceTimersByTimeAsync(USABLE_MS * RENEW_AT_SHARE);
    expect(store.getState()).toMatchObject({
      session: null,
      endReason: 'renewal-refused',
      renewable: { source: 'provider' },
    });
  });

  it('tries again when the source cannot be reached, and takes the token once it can', async () => {
    let reachable = false;
    const source = start(async () => {
      if (!reachable) throw new TypeError('Failed to fetch');
      return token(Date.now(), 'alice', 1);
    });
    store.signIn(token(NOW), false);
    await vi.advanceTimersByTimeAsync(USABLE_MS * RENEW_AT_SHARE);
    expect(source.renew).toHaveBeenCalledTimes(1);
    expect(store.getState().session).not.toBeNull();
    // The header now counts down to the end, which will come unless a retry gets through.
    expect(renewalFailing(store)).toBe(true);
    reachable = true;
    await vi.advanceTimersByTimeAsync(RENEW_RETRY_MS / 2);
    expect(source.renew).toHaveBeenCalledTimes(2);
    expect(renewalFailing(store)).toBe(false);
    expect(store.getState().session?.claims.iat).toBeGreaterThan(NOW / 1000);
  });

  it('renews at once when the person comes back after its time (sleep, a hidden tab)', async () => {
    const source = start(async () => token(Date.now(), 'alice', 1));
    store.signIn(token(NOW), false);
    // The machine slept: the wall clock jumped past the renewal point, no timer ran.
    vi.setSystemTime(NOW + USABLE_MS * 0.8);
    events.dispatchEvent(new Event('visibilitychange'));
    await vi.advanceTimersByTimeAsync(0);
    expect(source.renew).toHaveBeenCalledTimes(1);
    expect(store.getState().session?.claims.iat).toBe(Math.floor((NOW + USABLE_MS * 0.8) / 1000));
  });

  it('refuses a renewed token for someone else', async () => {
    start(async () => token(Date.now(), 'mallory'));
    store.signIn(token(NOW), false);
    await vi.advanceTimersByTimeAsync(USABLE_MS * RENEW_AT_SHARE);
    expect(store.getState().endReason).toBe('renewal-refused');
  });

  const alice = { api: API, ...PROVIDER, sub: 'alice' };

  it('tells the source which session the tab holds: at start, then at each change', () => {
    const source = start(async () => token(Date.now()));
    expect(source.hold.mock.calls).toEqual([[null, true]]);
    store.signIn(token(NOW), false);
    expect(source.hold.mock.calls.at(-1)).toEqual([alice, false]);
    // A renewal is the same session: nothing to tell.
    store.renew(token(NOW, 'alice', 1));
    expect(source.hold).toHaveBeenCalledTimes(2);
  });

  it('every ending that leaves the session leaves it at the source, each as it went', async () => {
    // A provider that never answers: the session expires as any other.
    const source = start(() => new Promise(() => {}));
    // Sign out here: revoked and the provider's session ended.
    store.signIn(token(NOW), false);
    store.end('signed-out');
    // Another tab's sign-out: that tab revokes; this one lets go.
    store.signIn(token(NOW), false);
    store.end('other-tab');
    // Expired on the page (kept for its person), then Go to sign-in.
    store.signIn(token(Date.now()), false);
    await vi.advanceTimersByTimeAsync(LIFE_S * 1000);
    expect(store.getState().renewable).not.toBeNull();
    expect(source.leave).toHaveBeenCalledTimes(2);
    store.dropRenewal();
    // A token the API refused right after sign-in.
    const refused = token(Date.now());
    store.signIn(refused, false);
    store.noteResponse(refused.token, 401);
    store.unauthorized('Token signature is invalid');
    expect(source.leave.mock.calls).toEqual([
      [alice, 'sign-out'],
      [alice, 'other-tab'],
      [alice, 'end'],
      [alice, 'end'],
    ]);
  });

  it('another person over a provider’s session leaves it as an ending, never as a sign-out', () => {
    const source = start(async () => token(Date.now()));
    store.signIn(token(NOW), false);
    store.end('unauthorized');
    const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const bob = `${part({ alg: 'HS256' })}.${part({ sub: 'bob', exp: NOW / 1000 + 3600 })}.c2ln`;
    expect(store.renew(bob)).toBe('signed-in');
    // Not 'sign-out': that would send this tab to the provider's logout under the new person.
    expect(source.leave.mock.calls).toEqual([[alice, 'end']]);
  });

  it('leaves nothing while the session only ended on the page, or for a pasted token', async () => {
    const source = start(async () => {
      throw new RenewalRefusedError('invalid_grant');
    });
    store.signIn(token(NOW), false);
    await vi.advanceTimersByTimeAsync(USABLE_MS * RENEW_AT_SHARE);
    expect(store.getState().endReason).toBe('renewal-refused');
    store.end('unauthorized');
    expect(source.leave).not.toHaveBeenCalled();
  });
});
