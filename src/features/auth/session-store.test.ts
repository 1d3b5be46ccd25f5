import { describe, expect, it, vi } from 'vitest';
import { channelHub } from '../../test/channel-hub';
import {
  API,
  KEY,
  NOW,
  PROVIDER,
  pasted,
  sentOfType,
  tokenExpiringIn,
  withSessionStores,
} from '../../test/session-fixture';
import { CLOCK_SKEW_MS, createSessionStore, serializeStoredSession } from './session-store';

/**
 * The store carrying out its decisions (session-transition.ts, tested there): storage, the expiry
 * timer, the listeners; its tabs are session-channel.test.ts's.
 */

const { make, makeWithProvider, keep } = withSessionStores();

describe('session store', () => {
  it('keeps the token, with its API, in sessionStorage unless asked to remember it', () => {
    const token = tokenExpiringIn(3600);
    make().signIn(token, false);
    expect(sessionStorage.getItem(KEY)).toBe(serializeStoredSession(token, API));
    expect(localStorage.getItem(KEY)).toBeNull();

    make().signIn(token, true);
    expect(localStorage.getItem(KEY)).toBe(serializeStoredSession(token, API));
    expect(sessionStorage.getItem(KEY)).toBeNull();
  });

  it('restores a stored session, and never an expired one (kept only to tell whose it was)', () => {
    localStorage.setItem(KEY, serializeStoredSession(tokenExpiringIn(3600), API));
    expect(make().getState().session?.remember).toBe(true);

    const expired = serializeStoredSession(tokenExpiringIn(-5), API);
    localStorage.setItem(KEY, expired);
    const store = make();
    expect(store.getState().session).toBeNull();
    expect(store.getToken()).toBeNull();
    expect(localStorage.getItem(KEY)).toBe(expired);
  });

  it('drops a session that belongs to another API, and a bare token that names none', () => {
    localStorage.setItem(
      KEY,
      serializeStoredSession(tokenExpiringIn(3600), 'https://old.example.com'),
    );
    const store = make();
    expect(store.getState().session).toBeNull();
    expect(store.getToken()).toBeNull();
    expect(localStorage.getItem(KEY)).toBeNull();

    sessionStorage.setItem(KEY, tokenExpiringIn(3600));
    expect(make().getState().session).toBeNull();
    expect(sessionStorage.getItem(KEY)).toBeNull();
  });

  it('ends the session by itself just before exp', () => {
    const store = make();
    store.signIn(tokenExpiringIn(120), false);
    vi.advanceTimersByTime(120_000 - CLOCK_SKEW_MS - 1);
    expect(store.getState().session).not.toBeNull();
    vi.advanceTimersByTime(1);
    expect(store.getState()).toMatchObject({
      session: null,
      endReason: 'expired',
      asking: false,
      renewable: { claims: { sub: 's' }, remember: false },
    });
    // Left in place (a removal would read as a sign-out in other tabs) and never read back.
    expect(make().getState().session).toBeNull();
  });

  it('never hands out a token past its time, even before the timer fires (after sleep)', () => {
    const store = make();
    const token = tokenExpiringIn(120);
    store.signIn(token, false);
    expect(store.getToken()).toBe(token);
    // The wall clock jumps; the timers of a sleeping laptop have not run.
    vi.setSystemTime(NOW + 120_000 - CLOCK_SKEW_MS);
    expect(store.getToken()).toBeNull();
    expect(store.getState().endReason).toBe('expired');
  });

  it.each(['visibilitychange', 'focus', 'pageshow'])(
    'ends an expired session on %s after a sleep in which no timer fired',
    (type) => {
      const eventTarget = new EventTarget() as unknown as Window;
      const store = keep(createSessionStore({ apiBaseUrl: API, channel: null, eventTarget }));
      store.signIn(tokenExpiringIn(120), false);
      eventTarget.dispatchEvent(new Event(type));
      expect(store.getState().session).not.toBeNull();

      // The wall clock jumps; the timers of a sleeping laptop have not run.
      vi.setSystemTime(NOW + 120_000 - CLOCK_SKEW_MS);
      eventTarget.dispatchEvent(new Event(type));
      expect(store.getState()).toMatchObject({
        session: null,
        endReason: 'expired',
        asking: false,
      });
      expect(store.getToken()).toBeNull();
    },
  );

  it('refuses a token with less than the clock skew left, with the same reason as sign-in', () => {
    expect(() => make().signIn(tokenExpiringIn(5), false)).toThrow(/expires in under 10 seconds/);
  });

  it('keeps where a token came from: a provider’s session is stored, restored and ended as one', () => {
    const token = tokenExpiringIn(3600);
    const claims = { sub: 's', exp: NOW / 1000 + 3600 };
    makeWithProvider().signIn({ token, claims }, false);
    expect(JSON.parse(sessionStorage.getItem(KEY) ?? '')).toEqual({
      api: API,
      ...PROVIDER,
      sub: 's',
      token,
      claims,
    });
    const restored = makeWithProvider();
    expect(restored.getState().session?.source).toBe('provider');
    restored.end('renewal-refused');
    expect(restored.getState()).toMatchObject({
      session: null,
      endReason: 'renewal-refused',
      renewable: { source: 'provider' },
    });
    // Ended on the page, not signed out: kept for the same person to come back to.
    expect(sessionStorage.getItem(KEY)).not.toBeNull();
  });

  it('refuses to sign in with a malformed token', () => {
    expect(() => make().signIn('not-a-token', false)).toThrow(/three parts/);
  });

  it('counts a restored session as one that worked', () => {
    const token = tokenExpiringIn(3600, 'ada');
    sessionStorage.setItem(KEY, serializeStoredSession(token, API));
    const store = make();
    store.noteResponse(token, 401);
    store.unauthorized('Token revoked');
    expect(store.getState().endReason).toBe('unauthorized');
  });

  it('follows another person’s record stored by another tab, forgetting its own, and keeps it stored', () => {
    const eventTarget = new EventTarget() as unknown as Window;
    const store = keep(createSessionStore({ apiBaseUrl: API, channel: null, eventTarget }));
    store.signIn(tokenExpiringIn(3600, 'alice'), true);
    const states: unknown[] = [];
    store.subscribe(() => states.push(store.getState()));
    const bob = serializeStoredSession(tokenExpiringIn(3600, 'bob'), API);
    localStorage.setItem(KEY, bob);
    eventTarget.dispatchEvent(new StorageEvent('storage', { key: KEY }));
    expect(states[0]).toMatchObject({ session: null, endReason: 'other-tab' });
    expect(store.getState().session?.claims.sub).toBe('bob');
    expect(localStorage.getItem(KEY)).toBe(bob);
  });

  it('signs out without removing the record another person keeps on the device', () => {
    // Alice in this tab only; Bob signed in since in another tab, kept on the device.
    const alice = make();
    alice.signIn(tokenExpiringIn(3600, 'alice'), false);
    const bob = serializeStoredSession(tokenExpiringIn(3600, 'bob'), API);
    localStorage.setItem(KEY, bob);
    alice.end('signed-out');
    expect(sessionStorage.getItem(KEY)).toBeNull();
    expect(localStorage.getItem(KEY)).toBe(bob);
  });

  describe('renewal', () => {
    it('renews the same person in place: same generation, storage overwritten, other tabs told', () => {
      const hub = channelHub();
      const store = make(hub.channel());
      store.signIn(tokenExpiringIn(200, 'ada'), true);
      const { generation } = store.getState();
      const listener = vi.fn();
      store.subscribe(listener);
      const fresh = tokenExpiringIn(3600, 'ada');
      expect(store.renew(fresh)).toBe('renewed');
      expect(store.getState()).toMatchObject({
        session: { token: fresh, remember: true },
        endReason: null,
        generation,
      });
      expect(localStorage.getItem(KEY)).toBe(serializeStoredSession(fresh, API));
      // One change, no ending in between: nothing tied to the person is forgotten.
      expect(listener).toHaveBeenCalledTimes(1);
      expect(hub.sent).toContainEqual({
        type: 'session-renewed',
        binding: pasted('ada'),
        token: fresh,
      });
      expect(sentOfType(hub.sent, 'signed-out')).toEqual([]);
      // The new token's own expiry now counts.
      vi.advanceTimersByTime(200_000);
      expect(store.getToken()).toBe(fresh);
    });

    it('renews a session that ended on the page, which keeps its person until then', () => {
      const store = make();
      store.signIn(tokenExpiringIn(60, 'ada'), false);
      vi.advanceTimersByTime(60_000);
      expect(store.getState()).toMatchObject({
        session: null,
        renewable: { claims: { sub: 'ada' } },
      });
      expect(store.getToken()).toBeNull();
      const fresh = tokenExpiringIn(3600, 'ada');
      expect(store.renew(fresh)).toBe('renewed');
      expect(store.getState()).toMatchObject({ session: { token: fresh }, renewable: null });
      expect(sessionStorage.getItem(KEY)).toBe(serializeStoredSession(fresh, API));
      expect(store.getToken()).toBe(fresh);
    });

    it('keeps another person in this tab unless they choose the device, whatever the first chose', () => {
      const store = make();
      store.signIn(tokenExpiringIn(3600, 'ada'), true);
      store.end('unauthorized');
      const grace = tokenExpiringIn(3600, 'grace');
      expect(store.renew(grace)).toBe('signed-in');
      expect(store.getState().session).toMatchObject({ token: grace, remember: false });
      // Not on the device, so not in the first person's other tabs either (they follow storage).
      expect(localStorage.getItem(KEY)).toBeNull();
      expect(sessionStorage.getItem(KEY)).toBe(serializeStoredSession(grace, API));

      const alan = tokenExpiringIn(3600, 'alan');
      expect(store.renew(alan, true)).toBe('signed-in');
      expect(store.getState().session).toMatchObject({ token: alan, remember: true });
      expect(localStorage.getItem(KEY)).toBe(serializeStoredSession(alan, API));
      expect(sessionStorage.getItem(KEY)).toBeNull();
    });

    it('refuses an unusable token and keeps the session as it was', () => {
      const store = make();
      const token = tokenExpiringIn(3600, 'ada');
      store.signIn(token, false);
      expect(() => store.renew(tokenExpiringIn(-10, 'ada'))).toThrow(/expired/);
      expect(() => store.renew('nonsense')).toThrow(/three parts/);
      expect(store.getState().session?.token).toBe(token);
      store.end('signed-out');
      expect(() => store.renew(tokenExpiringIn(3600, 'ada'))).toThrow(/no session to renew/);
    });
  });
});

describe('session store per API profile', () => {
  it('keeps each profile’s session under its own key: signing out of one leaves the other', () => {
    const staging = keep(
      createSessionStore({
        apiBaseUrl: 'https://staging.example.com',
        profileKey: 'Staging',
        channel: null,
        eventTarget: null,
      }),
    );
    const production = keep(
      createSessionStore({
        apiBaseUrl: API,
        profileKey: 'Production',
        channel: null,
        eventTarget: null,
      }),
    );
    staging.signIn(tokenExpiringIn(3600, 'a'), false);
    production.signIn(tokenExpiringIn(3600, 'b'), true);
    expect(sessionStorage.getItem(`${KEY}:Staging`)).toContain('staging.example.com');
    expect(localStorage.getItem(`${KEY}:Production`)).toContain(API);
    expect(sessionStorage.getItem(KEY)).toBeNull();

    staging.end('signed-out');
    expect(production.getState().session?.claims.sub).toBe('b');
    expect(localStorage.getItem(`${KEY}:Production`)).not.toBeNull();
    // A page load later, each profile finds its own session only.
    const again = keep(
      createSessionStore({
        apiBaseUrl: API,
        profileKey: 'Production',
        channel: null,
        eventTarget: null,
      }),
    );
    expect(again.getState().session?.claims.sub).toBe('b');
  });
});
