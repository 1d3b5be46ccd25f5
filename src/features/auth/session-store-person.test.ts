import { describe, expect, it, vi } from 'vitest';
import { channelHub } from '../../test/channel-hub';
import {
  KEY,
  ofProvider,
  provided,
  sentOfType,
  tokenExpiringIn,
  withSessionStores,
} from '../../test/session-fixture';
import type { SessionState, SessionStore } from './session-store';

/**
 * A sign-in by someone else (another `sub`, or another provider) over a session of this tab,
 * live, ended on the page or expired in storage, ends the first session everywhere and passes
 * through a state without a session (what the tab held of the first person is forgotten by its
 * listeners) before the new one starts: nobody lands on another person's page.
 */

const { makeWithProvider: make } = withSessionStores();
const pastedToken = (sub: string) => tokenExpiringIn(3600, sub);

/** The states a store went through, from now on. */
function watch(store: SessionStore): SessionState[] {
  const states: SessionState[] = [];
  store.subscribe(() => states.push(store.getState()));
  return states;
}

const forgetting = (state: SessionState) => state.session === null && state.renewable === null;
const signedOut = (sent: unknown[]) => sentOfType(sent, 'signed-out');

describe('another person signing in over a session', () => {
  it('over a live session: the first ends everywhere, then the second starts (replaced)', () => {
    const hub = channelHub();
    const store = make(hub.channel());
    const aliceTab = make(hub.channel());
    store.signIn(provided('alice'), false);
    aliceTab.signIn(provided('alice'), false);
    const states = watch(store);
    expect(store.signIn(provided('bob'), false)).toBe('replaced');
    expect(states.some(forgetting)).toBe(true);
    expect(store.getState().session?.binding.sub).toBe('bob');
    expect(signedOut(hub.sent)).toEqual([{ type: 'signed-out', binding: ofProvider('alice') }]);
    vi.advanceTimersByTime(2);
    expect(aliceTab.getState()).toMatchObject({ session: null, endReason: 'other-tab' });
  });

  it('over a session that ended on the page (Sign in again, completed by someone else)', () => {
    const store = make();
    store.signIn(provided('alice'), false);
    store.end('renewal-refused');
    const states = watch(store);
    expect(store.signIn(provided('bob'), false)).toBe('replaced');
    expect(states[0]).toMatchObject({ session: null, renewable: null, endReason: 'replaced' });
  });

  it('over an expired session still stored (a reload, or the way back from the provider)', () => {
    sessionStorage.setItem(
      KEY,
      JSON.stringify({ ...ofProvider('alice'), ...provided('alice', -60) }),
    );
    const hub = channelHub();
    const store = make(hub.channel());
    expect(store.getState().session).toBeNull();
    const states = watch(store);
    expect(store.signIn(provided('bob'), false)).toBe('replaced');
    expect(states.some(forgetting)).toBe(true);
    expect(signedOut(hub.sent)).toEqual([{ type: 'signed-out', binding: ofProvider('alice') }]);
    expect(JSON.parse(sessionStorage.getItem(KEY) ?? '{}')).toMatchObject({ sub: 'bob' });
  });

  it('the same person over their own expired session keeps what the tab held', () => {
    sessionStorage.setItem(
      KEY,
      JSON.stringify({ ...ofProvider('alice'), ...provided('alice', -60) }),
    );
    const hub = channelHub();
    const store = make(hub.channel());
    const states = watch(store);
    expect(store.signIn(provided('alice'), false)).toBe('signed-in');
    expect(states.some(forgetting)).toBe(false);
    expect(signedOut(hub.sent)).toEqual([]);
  });

  it('a pasted token of the same sub over a provider’s session is another binding', () => {
    const store = make();
    store.signIn(provided('alice'), false);
    expect(store.signIn(pastedToken('alice'), false)).toBe('replaced');
    expect(store.getState().session?.binding).toMatchObject({ issuer: null, sub: 'alice' });
  });

  it('a renewal in place is for the same binding only; anyone else is a full sign-in', () => {
    const store = make();
    store.signIn(provided('alice'), false);
    store.end('expired');
    const states = watch(store);
    expect(store.renew(pastedToken('alice'))).toBe('signed-in');
    expect(states[0]).toMatchObject({ endReason: 'replaced', renewable: null });
  });
});
