import { afterEach, describe, expect, it, vi } from 'vitest';
import { removeStored, writeText } from '../../../lib/storage';
import { FLOW_STORAGE_KEY } from './flow-state';
import { handAnswerToOpener, isSignInAnswer, SIGN_IN_ANSWER } from './popup-answer';

/** A window at `href` opened by `opener`, with what the hand-over touches. */
function popupAt(href: string, opener: unknown) {
  const url = new URL(href);
  return {
    opener,
    location: { pathname: url.pathname, search: url.search, origin: url.origin },
    history: { replaceState: vi.fn() },
    close: vi.fn(),
  };
}

function openerWindow() {
  return { postMessage: vi.fn() };
}

afterEach(() => removeStored('session', FLOW_STORAGE_KEY));

describe('handAnswerToOpener', () => {
  it('posts the answer to its opener at its own origin only, leaves the address and closes', () => {
    const opener = openerWindow();
    const popup = popupAt(
      'https://console.example.com/auth/callback?code=c-1&state=s-1&iss=https%3A%2F%2Fid',
      opener,
    );
    expect(handAnswerToOpener(popup as unknown as Window)).toBe(true);
    expect(opener.postMessage).toHaveBeenCalledWith(
      { type: SIGN_IN_ANSWER, search: '?code=c-1&state=s-1&iss=https%3A%2F%2Fid' },
      'https://console.example.com',
    );
    expect(popup.history.replaceState).toHaveBeenCalledWith(null, '', '/auth/callback');
    expect(popup.close).toHaveBeenCalled();
  });

  it('does nothing in a tab nobody opened, or one that opened itself', () => {
    const alone = popupAt('https://console.example.com/auth/callback?code=c&state=s', null);
    expect(handAnswerToOpener(alone as unknown as Window)).toBe(false);
    const self = popupAt('https://console.example.com/auth/callback?code=c&state=s', null);
    self.opener = self;
    expect(handAnswerToOpener(self as unknown as Window)).toBe(false);
    expect(self.close).not.toHaveBeenCalled();
  });

  it('leaves a sign-in this tab started itself to the tab (its flow is in its storage)', () => {
    writeText('session', FLOW_STORAGE_KEY, '{"state":"s"}');
    const opener = openerWindow();
    const popup = popupAt('https://console.example.com/auth/callback?code=c&state=s', opener);
    expect(handAnswerToOpener(popup as unknown as Window)).toBe(false);
    expect(opener.postMessage).not.toHaveBeenCalled();
  });

  it('is only for the callback path', () => {
    const opener = openerWindow();
    const popup = popupAt('https://console.example.com/users?code=c&state=s', opener);
    expect(handAnswerToOpener(popup as unknown as Window)).toBe(false);
    expect(opener.postMessage).not.toHaveBeenCalled();
  });
});

describe('isSignInAnswer', () => {
  it('takes exactly the answer’s shape', () => {
    expect(isSignInAnswer({ type: SIGN_IN_ANSWER, search: '?code=c' })).toBe(true);
    expect(isSignInAnswer({ type: SIGN_IN_ANSWER, search: 1 })).toBe(false);
    expect(isSignInAnswer({ type: 'admin-console:lookup', search: '?code=c' })).toBe(false);
    expect(isSignInAnswer({ type: SIGN_IN_ANSWER, search: '?c', token: 'x' })).toBe(false);
    expect(isSignInAnswer(null)).toBe(false);
    expect(isSignInAnswer('?code=c')).toBe(false);
  });
});
