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
import { SHARE_WAIT_MS } from './session-channel';
import { createSessionStore, serializeStoredSession } from './session-store';
import { LATE_OFFER_MS } from './session-transition';

/** A profile's tabs, each a store on one channel hub: asking, offers, sign-outs and renewals. */

const { make } = withSessionStores();

describe('session between tabs', () => {
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
    expect(sentOfType(hub.sent, 'signed-out')).toEqual([{ type: 'signed-out', binding: pasted() }]);
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
    expect(sentOfType(hub.sent, 'signed-out')).toEqual([]);

    second.end('signed-out');
    vi.advanceTimersByTime(2);
    expect(first.getState()).toMatchObject({ endReason: 'other-tab', renewable: null });
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

  it('ends as told by another tab without removing the record of the person who came next', () => {
    // The first tab signs Bob in over Alice, both kept on the device: its word that Alice's
    // session ended reaches the second tab after Bob's record is stored.
    const hub = channelHub();
    const first = make(hub.channel());
    first.signIn(tokenExpiringIn(3600, 'alice'), true);
    const second = make(hub.channel());
    expect(second.getState().session?.claims.sub).toBe('alice');
    const bob = tokenExpiringIn(3600, 'bob');
    first.signIn(bob, true);
    vi.advanceTimersByTime(2);
    expect(second.getState()).toMatchObject({ session: null, endReason: 'other-tab' });
    expect(localStorage.getItem(KEY)).toBe(serializeStoredSession(bob, API));
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
      expect(sentOfType(hub.sent, 'session-offer')).toEqual([]);
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
