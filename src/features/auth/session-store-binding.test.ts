import { describe, expect, it, vi } from 'vitest';
import { channelHub } from '../../test/channel-hub';
import {
  API,
  KEY,
  PROVIDER,
  pasted,
  provided as providedFor,
  sentOfType,
  tokenExpiringIn,
  withSessionStores,
} from '../../test/session-fixture';
import { SHARE_WAIT_MS } from './session-channel';

/**
 * A session belongs to its API, provider, client and person (session-binding.ts): what is stored,
 * offered, renewed or signed out elsewhere is taken only by a tab of the same binding.
 */

const { make, makeWithProvider } = withSessionStores();

describe('session binding: API, provider, client and person', () => {
  const OTHER_PROVIDER = { issuer: 'https://id2.example.com', clientId: 'console' };
  /** A provider's token (naming its issuer) and the claims its sign-in read beside it. */
  const provided = (sub = 'ada', claims: Record<string, unknown> = {}) =>
    providedFor(sub, 3600, { iss: PROVIDER.issuer, ...claims });
  const binding = (sub = 'ada', provider = PROVIDER) => ({ api: API, ...provider, sub });

  it('drops a stored session of another provider or client, of a person its token is not, or without its claims', () => {
    const { token, claims } = provided();
    const records = [
      { ...binding('ada', OTHER_PROVIDER), token, claims },
      { ...binding('ada', { ...PROVIDER, clientId: 'another-client' }), token, claims },
      { ...binding('grace'), token, claims },
      { ...binding(), token },
      { ...pasted('ada'), issuer: PROVIDER.issuer, token },
      { ...pasted('grace'), token: tokenExpiringIn(3600, 'ada') },
    ];
    for (const record of records) {
      sessionStorage.setItem(KEY, JSON.stringify(record));
      expect(makeWithProvider().getState().session, JSON.stringify(record)).toBeNull();
      expect(sessionStorage.getItem(KEY)).toBeNull();
    }
    sessionStorage.setItem(KEY, JSON.stringify({ ...binding(), token, claims }));
    expect(makeWithProvider().getState().session?.binding).toEqual(binding());
    // The same record once config.json names no provider, or another: not this console's.
    expect(make().getState().session).toBeNull();
  });

  it('answers only a tab configured as it is: another provider, client or API, or a request naming none, gets nothing', () => {
    const hub = channelHub();
    makeWithProvider(hub.channel()).signIn(provided(), false);
    sessionStorage.clear();
    makeWithProvider(hub.channel(), OTHER_PROVIDER);
    makeWithProvider(hub.channel(), { ...PROVIDER, clientId: 'another-client' });
    make(hub.channel(), 'https://other.example.com', PROVIDER);
    // What any same-origin document could post, in the old shape or none.
    hub.channel().postMessage({ type: 'session-request', api: API });
    hub.channel().postMessage({ type: 'session-request' });
    vi.advanceTimersByTime(SHARE_WAIT_MS);
    expect(sentOfType(hub.sent, 'session-offer')).toEqual([]);

    makeWithProvider(hub.channel());
    vi.advanceTimersByTime(2);
    expect(hub.sent).toContainEqual(
      expect.objectContaining({ type: 'session-offer', binding: binding() }),
    );
  });

  it('takes no offer of another API or provider, nor a token that is not the person it names', () => {
    const hub = channelHub();
    const opened = makeWithProvider(hub.channel());
    const other = hub.channel();
    const ada = provided();
    other.postMessage({
      type: 'session-offer',
      binding: { ...binding(), api: 'https://y.example.com' },
      ...ada,
    });
    other.postMessage({ type: 'session-offer', binding: binding('ada', OTHER_PROVIDER), ...ada });
    other.postMessage({ type: 'session-offer', binding: binding('grace'), ...ada });
    other.postMessage({
      type: 'session-offer',
      binding: pasted('grace'),
      token: tokenExpiringIn(3600, 'ada'),
    });
    vi.advanceTimersByTime(2);
    expect(opened.getState()).toMatchObject({ session: null, asking: true });
    other.postMessage({ type: 'session-offer', binding: binding(), ...ada });
    vi.advanceTimersByTime(2);
    expect(opened.getState().session).toMatchObject({ token: ada.token, binding: binding() });
  });

  it('a sign-out ends the tabs of that person only', () => {
    const hub = channelHub();
    const ada = make(hub.channel());
    const grace = make(hub.channel());
    ada.signIn(tokenExpiringIn(3600, 'ada'), false);
    grace.signIn(tokenExpiringIn(3600, 'grace'), false);
    ada.end('signed-out');
    vi.advanceTimersByTime(2);
    expect(grace.getState().session?.claims.sub).toBe('grace');
  });

  it('follows a renewal of its own binding only, and only a token that follows on from its own', () => {
    const hub = channelHub();
    const tab = makeWithProvider(hub.channel());
    const first = provided('ada', { jti: 1 });
    tab.signIn(first, false);
    const other = hub.channel();
    const later = provided('ada', { jti: 2 });
    other.postMessage({
      type: 'session-renewed',
      binding: binding('ada', OTHER_PROVIDER),
      ...later,
    });
    other.postMessage({
      type: 'session-renewed',
      binding: pasted('ada'),
      token: tokenExpiringIn(3600, 'ada'),
    });
    // The binding's, but a token of another issuer (another provider's, mislabelled).
    other.postMessage({
      type: 'session-renewed',
      binding: binding(),
      ...provided('ada', { iss: 'https://id2.example.com' }),
    });
    vi.advanceTimersByTime(2);
    expect(tab.getState().session?.token).toBe(first.token);
    other.postMessage({ type: 'session-renewed', binding: binding(), ...later });
    vi.advanceTimersByTime(2);
    expect(tab.getState().session?.token).toBe(later.token);
  });
});
