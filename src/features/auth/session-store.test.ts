import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CLOCK_SKEW_MS,
  createSessionStore,
  serializeStoredSession,
  SHARE_WAIT_MS,
  type SessionStore,
} from './session-store';

const NOW = Date.UTC(2026, 10, 22, 12, 0, 0);
const API = 'https://api.example.com';
const KEY = 'admin-console.token';

function tokenExpiringIn(seconds: number, sub = 's'): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ sub, exp: NOW / 1000 + seconds })}.c2ln`;
}

/** BroadcastChannels of several tabs: a message from one reaches the others, asynchronously. */
function channelHub() {
  const members = new Set<{ deliver: (data: unknown) => void }>();
  const sent: unknown[] = [];
  return {
    sent,
    channel(): BroadcastChannel {
      const handlers = new Set<(event: MessageEvent) => void>();
      const member = {
        deliver: (data: unknown) => {
          for (const handler of handlers) handler(new MessageEvent('message', { data }));
        },
      };
      members.add(member);
      return {
        postMessage(data: unknown) {
          sent.push(data);
          for (const other of members) {
            if (other !== member) setTimeout(() => other.deliver(data), 1);
          }
        },
        addEventListener: (_type: string, handler: (event: MessageEvent) => void) =>
          handlers.add(handler),
        removeEventListener: (_type: string, handler: (event: MessageEvent) => void) =>
          handlers.delete(handler),
        close: () => members.delete(member),
      } as unknown as BroadcastChannel;
    },
  };
}

describe('session store', () => {
  let stores: SessionStore[] = [];
  const make = (channel: BroadcastChannel | null = null, apiBaseUrl = API) => {
    const store = createSessionStore({ apiBaseUrl, channel, eventTarget: null });
    stores.push(store);
    return store;
  };

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

  it('restores a stored session and drops an expired one', () => {
    localStorage.setItem(KEY, serializeStoredSession(tokenExpiringIn(3600), API));
    expect(make().getState().session?.remember).toBe(true);

    localStorage.setItem(KEY, serializeStoredSession(tokenExpiringIn(-5), API));
    expect(make().getState().session).toBeNull();
    expect(localStorage.getItem(KEY)).toBeNull();
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
    expect(store.getState()).toEqual({ session: null, endReason: 'expired', asking: false });
    expect(sessionStorage.getItem(KEY)).toBeNull();
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
      expect(store.getState()).toEqual({ session: null, endReason: 'expired', asking: false });
      expect(sessionStorage.getItem(KEY)).toBeNull();
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
    expect(second.getState()).toEqual({ session: null, endReason: 'other-tab', asking: false });
    expect(
      hub.sent.filter((message) => (message as { type: string }).type === 'signed-out'),
    ).toHaveLength(1);
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
      expect(opened.getState()).toEqual({ session: null, endReason: null, asking: false });
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

    it('ignores an offer once it has stopped asking, and messages of the wrong shape', () => {
      const hub = channelHub();
      const opened = make(hub.channel());
      vi.advanceTimersByTime(SHARE_WAIT_MS);
      const other = hub.channel();
      other.postMessage({ type: 'session-offer', api: API, token: tokenExpiringIn(3600) });
      other.postMessage({ type: 'session-offer', api: API });
      other.postMessage('signed-out');
      vi.advanceTimersByTime(2);
      expect(opened.getState().session).toBeNull();
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

  it('talks to the other tabs on a channel of its own, so one API’s sign-out ends no other', () => {
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
    expect(names).toEqual(['admin-console.session', 'admin-console.session:EU%20%2F%20Prod']);
  });
});
