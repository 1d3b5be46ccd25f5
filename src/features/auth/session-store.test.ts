import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CLOCK_SKEW_MS, createSessionStore, type SessionStore } from './session-store';

const NOW = Date.UTC(2026, 10, 22, 12, 0, 0);

function tokenExpiringIn(seconds: number): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ sub: 's', exp: NOW / 1000 + seconds })}.c2ln`;
}

describe('session store', () => {
  let stores: SessionStore[] = [];
  const make = (channel: BroadcastChannel | null = null) => {
    const store = createSessionStore({ channel, eventTarget: null });
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

  it('keeps the token in sessionStorage unless asked to remember it', () => {
    const token = tokenExpiringIn(3600);
    make().signIn(token, false);
    expect(sessionStorage.getItem('admin-console.token')).toBe(token);
    expect(localStorage.getItem('admin-console.token')).toBeNull();

    make().signIn(token, true);
    expect(localStorage.getItem('admin-console.token')).toBe(token);
    expect(sessionStorage.getItem('admin-console.token')).toBeNull();
  });

  it('restores a stored session and drops an expired one', () => {
    localStorage.setItem('admin-console.token', tokenExpiringIn(3600));
    expect(make().getState().session?.remember).toBe(true);

    localStorage.setItem('admin-console.token', tokenExpiringIn(-5));
    expect(make().getState().session).toBeNull();
    expect(localStorage.getItem('admin-console.token')).toBeNull();
  });

  it('ends the session by itself just before exp', () => {
    const store = make();
    store.signIn(tokenExpiringIn(120), false);
    vi.advanceTimersByTime(120_000 - CLOCK_SKEW_MS - 1);
    expect(store.getState().session).not.toBeNull();
    vi.advanceTimersByTime(1);
    expect(store.getState()).toEqual({ session: null, endReason: 'expired' });
    expect(sessionStorage.getItem('admin-console.token')).toBeNull();
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
    const posted: unknown[] = [];
    let deliver: ((event: MessageEvent) => void) | undefined;
    const channel = {
      postMessage: (message: unknown) => posted.push(message),
      addEventListener: (_type: string, handler: (event: MessageEvent) => void) => {
        deliver = handler;
      },
      removeEventListener: () => {},
      close: () => {},
    } as unknown as BroadcastChannel;
    const store = make(channel);
    store.signIn(tokenExpiringIn(3600), false);
    store.end('signed-out');
    expect(posted).toEqual([{ type: 'signed-out' }]);

    store.signIn(tokenExpiringIn(3600), false);
    deliver?.(new MessageEvent('message', { data: { type: 'signed-out' } }));
    expect(store.getState()).toEqual({ session: null, endReason: 'other-tab' });
    expect(posted).toHaveLength(1);
  });

  it('refuses to sign in with a malformed token', () => {
    expect(() => make().signIn('not-a-token', false)).toThrow(/three parts/);
  });
});
