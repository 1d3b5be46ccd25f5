import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CLOCK_SKEW_MS,
  createSessionStore,
  serializeStoredSession,
  LATE_OFFER_MS,
  SHARE_WAIT_MS,
  type SessionStore,
} from './session-store';
import { channelHub } from '../../test/channel-hub';

const NOW = Date.UTC(2026, 10, 22, 12, 0, 0);
const API = 'https://api.example.com';
const KEY = 'admin-console.token';
const PROVIDER = { issuer: 'https://id.example.com', clientId: 'console' };

function tokenExpiringIn(seconds: number, sub = 's'): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ sub, exp: NOW / 1000 + seconds })}.c2ln`;
}

/** A pasted token's binding. */
const pasted = (sub: string | null = 's', api = API) => ({
  api,
  issuer: null,
  clientId: null,
  sub,
});

describe('session store', () => {
  let stores: SessionStore[] = [];
  const make = (
    channel: BroadcastChannel | null = null,
    apiBaseUrl = API,
    provider: { issuer: string; clientId: string } | null = null,
  ) => {
    const store = createSessionStore({ apiBaseUrl, provider, channel, eventTarget: null });
    stores.push(store);
    return store;
  };
  const makeWithProvider = (channel: BroadcastChannel | null = null, provider = PROVIDER) =>
    make(channel, API, provider);

  beforeEach(() => {
    vi.useFakeTimers({ now: NOW });
    sessionStorage.clear();
    localStorage.clear();
  });

  afterEach(() => {
    for (const store of stores) store.dispose();
    stores = [];
    vi.useRealTimers();
  });

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
      const store = createSessionStore({ apiBaseUrl: API, channel: null, eventTarget });
      stores.push(store);
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

  it('ends once when many requests fail at once, keeping the first reason', () => {
    const store = make();
    const listener = vi.fn();
    store.signIn(tokenExpiringIn(3600), false);
    store.subscribe(listener);
    store.end('unauthorized');
    store.end('unauthorized');
    store.end('expired');
    expect(listener).toHaveBeenCalledTimes(1);
    expect(store.getState().endReason).toBe('unauthorized');
  });

  it('tells other tabs when it signs out, and follows them', () => {
    const hub = channelHub();
    const first = make(hub.channel());
    const second = make(hub.channel());
    first.signIn(tokenExpiringIn(3600), true);
    second.signIn(tokenExpiringIn(3600), true);
    first.end('signed-out');
    vi.advanceTimersByTime(1);
    expect(second.getState()).toMatchObject({
      session: null,
      endReason: 'other-tab',
      asking: false,
      renewable: null,
    });
    expect(
      hub.sent.filter((message) => (message as { type: string }).type === 'signed-out'),
    ).toEqual([{ type: 'signed-out', binding: pasted() }]);
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

  describe('sharing with a new tab', () => {
    it('gives a new tab the session of a signed-in tab, for this tab only', () => {
      const hub = channelHub();
      const token = tokenExpiringIn(3600);
      make(hub.channel()).signIn(token, false);
      sessionStorage.clear();

      const opened = make(hub.channel());
      expect(opened.getState()).toMatchObject({ session: null, asking: true });
      vi.advanceTimersByTime(2);
      expect(opened.getState()).toMatchObject({ asking: false, endReason: null });
      expect(opened.getState().session).toMatchObject({ token, remember: false });
      expect(localStorage.getItem(KEY)).toBeNull();
    });

    it('shows sign-in after the wait when no tab is signed in', () => {
      const hub = channelHub();
      make(hub.channel());
      const opened = make(hub.channel());
      vi.advanceTimersByTime(SHARE_WAIT_MS - 1);
      expect(opened.getState().asking).toBe(true);
      vi.advanceTimersByTime(1);
      expect(opened.getState()).toMatchObject({ session: null, endReason: null, asking: false });
    });

    it('never answers a tab of another API', () => {
      const hub = channelHub();
      make(hub.channel(), 'https://other.example.com').signIn(tokenExpiringIn(3600), false);
      sessionStorage.clear();
      const opened = make(hub.channel());
      vi.advanceTimersByTime(SHARE_WAIT_MS);
      expect(opened.getState().session).toBeNull();
      expect(
        hub.sent.some((message) => (message as { type: string }).type === 'session-offer'),
      ).toBe(false);
    });

    it('does not share an expired session', () => {
      const hub = channelHub();
      const signedIn = make(hub.channel());
      signedIn.signIn(tokenExpiringIn(60), false);
      sessionStorage.clear();
      vi.setSystemTime(NOW + 60_000);
      const opened = make(hub.channel());
      vi.advanceTimersByTime(SHARE_WAIT_MS);
      expect(opened.getState().session).toBeNull();
    });

    it('takes an offer that comes after the wait while the tab has done nothing else', () => {
      // A busy start-up runs the wait's timer before an answer that arrived in time.
      const hub = channelHub();
      const opened = make(hub.channel());
      vi.advanceTimersByTime(SHARE_WAIT_MS);
      expect(opened.getState()).toMatchObject({ session: null, asking: false });
      const token = tokenExpiringIn(3600);
      hub.channel().postMessage({ type: 'session-offer', binding: pasted(), token });
      vi.advanceTimersByTime(2);
      expect(opened.getState().session).toMatchObject({ token, remember: false });
      expect(localStorage.getItem(KEY)).toBeNull();
    });

    it('ignores an offer long after asking, after a sign-out, and messages of the wrong shape', () => {
      const hub = channelHub();
      const late = make(hub.channel());
      const signedOut = make(hub.channel());
      vi.advanceTimersByTime(SHARE_WAIT_MS);
      signedOut.signIn(tokenExpiringIn(3600), false);
      signedOut.end('signed-out');
      vi.advanceTimersByTime(LATE_OFFER_MS);
      const other = hub.channel();
      other.postMessage({ type: 'session-offer', binding: pasted(), token: tokenExpiringIn(3600) });
      other.postMessage({ type: 'session-offer', binding: pasted() });
      other.postMessage({ type: 'session-offer', api: API, token: tokenExpiringIn(3600) });
      other.postMessage('signed-out');
      vi.advanceTimersByTime(2);
      expect(late.getState().session).toBeNull();
      expect(signedOut.getState().session).toBeNull();
    });
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
      expect(hub.sent.some((message) => (message as { type: string }).type === 'signed-out')).toBe(
        false,
      );
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

    it('signs another person in afresh: an ending first, then a new generation', () => {
      const hub = channelHub();
      const store = make(hub.channel());
      store.signIn(tokenExpiringIn(3600, 'ada'), false);
      store.end('unauthorized');
      const { generation } = store.getState();
      const states: unknown[] = [];
      store.subscribe(() => states.push(store.getState()));
      const other = tokenExpiringIn(3600, 'grace');
      expect(store.renew(other)).toBe('signed-in');
      expect(states[0]).toMatchObject({ session: null, renewable: null, endReason: 'replaced' });
      expect(store.getState()).toMatchObject({
        session: { token: other, claims: { sub: 'grace' } },
        generation: generation + 1,
      });
      expect(hub.sent).toContainEqual({ type: 'signed-out', binding: pasted('ada') });
      expect(
        hub.sent.filter((message) => (message as { type: string }).type === 'signed-out'),
      ).toHaveLength(1);
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

    it('treats tokens without a sub as another person', () => {
      const store = make();
      const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
      const noSub = `${part({ alg: 'HS256' })}.${part({ exp: NOW / 1000 + 3600 })}.c2ln`;
      store.signIn(noSub, false);
      expect(store.renew(noSub)).toBe('signed-in');
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

    it('takes another tab’s renewal for the same person and API only', () => {
      const hub = channelHub();
      const first = make(hub.channel());
      const second = make(hub.channel());
      const third = make(hub.channel());
      const fourth = make(hub.channel(), 'https://other.example.com');
      first.signIn(tokenExpiringIn(60, 'ada'), false);
      second.signIn(tokenExpiringIn(60, 'ada'), false);
      third.signIn(tokenExpiringIn(60, 'grace'), false);
      fourth.signIn(tokenExpiringIn(60, 'ada'), false);
      // The second tab's session has ended on its page meanwhile.
      second.end('unauthorized');
      const fresh = tokenExpiringIn(3600, 'ada');
      first.renew(fresh);
      vi.advanceTimersByTime(2);
      expect(second.getState()).toMatchObject({ session: { token: fresh }, renewable: null });
      // A tab-only session stays out of localStorage in the tab that follows.
      expect(localStorage.getItem(KEY)).toBeNull();
      expect(third.getState().session?.claims.sub).toBe('grace');
      expect(fourth.getState().session?.token).not.toBe(fresh);
    });

    it('does not tell other tabs when it expires or gets a 401, and a sign-out ends the renewal', () => {
      const hub = channelHub();
      const first = make(hub.channel());
      const second = make(hub.channel());
      first.signIn(tokenExpiringIn(3600, 'ada'), false);
      second.signIn(tokenExpiringIn(3600, 'ada'), false);
      first.end('unauthorized');
      vi.advanceTimersByTime(2);
      expect(second.getState().session).not.toBeNull();
      expect(hub.sent.some((message) => (message as { type: string }).type === 'signed-out')).toBe(
        false,
      );

      second.end('signed-out');
      vi.advanceTimersByTime(2);
      expect(first.getState()).toMatchObject({ endReason: 'other-tab', renewable: null });
    });

    it('gives up a renewal on request, keeping why the session ended', () => {
      const store = make();
      store.signIn(tokenExpiringIn(60, 'ada'), false);
      vi.advanceTimersByTime(60_000);
      store.dropRenewal();
      expect(store.getState()).toMatchObject({ endReason: 'expired', renewable: null });
    });
  });

  describe('401s', () => {
    it('explains a 401 on a token never answered as refused, with the token and message', () => {
      const store = make();
      const token = tokenExpiringIn(3600, 'ada');
      store.signIn(token, true);
      store.noteResponse(token, 401);
      store.unauthorized('Token signature is invalid');
      expect(store.getState()).toMatchObject({
        session: null,
        endReason: 'refused',
        renewable: null,
        refusal: { token, message: 'Token signature is invalid' },
      });
      expect(localStorage.getItem(KEY)).toBeNull();
    });

    it('ends a session that was answered as unauthorized, renewable', () => {
      const store = make();
      const token = tokenExpiringIn(3600, 'ada');
      store.signIn(token, false);
      store.noteResponse(token, 200);
      store.noteResponse(token, 401);
      store.unauthorized('Token revoked');
      expect(store.getState()).toMatchObject({
        endReason: 'unauthorized',
        renewable: { claims: { sub: 'ada' } },
        refusal: null,
      });
    });

    it('counts a restored session as one that worked', () => {
      const token = tokenExpiringIn(3600, 'ada');
      sessionStorage.setItem(KEY, serializeStoredSession(token, API));
      const store = make();
      store.noteResponse(token, 401);
      store.unauthorized('Token revoked');
      expect(store.getState().endReason).toBe('unauthorized');
    });

    it('ignores a 401 for an earlier token or for a request never sent', () => {
      const store = make();
      const old = tokenExpiringIn(3600, 'ada');
      store.signIn(old, false);
      store.noteResponse(old, 200);
      // Never sent (the client refused first): no 401 was noted for the current token.
      store.unauthorized('Not signed in');
      expect(store.getState().session?.token).toBe(old);
      const fresh = tokenExpiringIn(7200, 'ada');
      store.renew(fresh);
      store.noteResponse(old, 401);
      store.unauthorized('Token expired');
      expect(store.getState().session?.token).toBe(fresh);
    });
  });
});

describe('session store per API profile', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: NOW });
    sessionStorage.clear();
    localStorage.clear();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('keeps each profile’s session under its own key: signing out of one leaves the other', () => {
    const staging = createSessionStore({
      apiBaseUrl: 'https://staging.example.com',
      profileKey: 'Staging',
      channel: null,
      eventTarget: null,
    });
    const production = createSessionStore({
      apiBaseUrl: API,
      profileKey: 'Production',
      channel: null,
      eventTarget: null,
    });
    staging.signIn(tokenExpiringIn(3600, 'a'), false);
    production.signIn(tokenExpiringIn(3600, 'b'), true);
    expect(sessionStorage.getItem(`${KEY}:Staging`)).toContain('staging.example.com');
    expect(localStorage.getItem(`${KEY}:Production`)).toContain(API);
    expect(sessionStorage.getItem(KEY)).toBeNull();

    staging.end('signed-out');
    expect(production.getState().session?.claims.sub).toBe('b');
    expect(localStorage.getItem(`${KEY}:Production`)).not.toBeNull();
    // A page load later, each profile finds its own session only.
    const again = createSessionStore({
      apiBaseUrl: API,
      profileKey: 'Production',
      channel: null,
      eventTarget: null,
    });
    expect(again.getState().session?.claims.sub).toBe('b');
    for (const store of [staging, production, again]) store.dispose();
  });

  it('talks to the other tabs on a channel of its own per API and provider, so one API’s sign-out ends no other', () => {
    const names: string[] = [];
    vi.stubGlobal(
      'BroadcastChannel',
      class {
        constructor(name: string) {
          names.push(name);
        }
        postMessage() {}
        addEventListener() {}
        removeEventListener() {}
        close() {}
      },
    );
    createSessionStore({ apiBaseUrl: API, eventTarget: null }).dispose();
    createSessionStore({ apiBaseUrl: API, profileKey: 'EU / Prod', eventTarget: null }).dispose();
    createSessionStore({ apiBaseUrl: API, provider: PROVIDER, eventTarget: null }).dispose();
    expect(names).toEqual([
      'admin-console.session|https%3A%2F%2Fapi.example.com||',
      'admin-console.session:EU%20%2F%20Prod|https%3A%2F%2Fapi.example.com||',
      'admin-console.session|https%3A%2F%2Fapi.example.com|https%3A%2F%2Fid.example.com|console',
    ]);
  });
});
