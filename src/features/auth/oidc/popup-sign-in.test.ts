import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SIGN_IN_ANSWER } from './popup-answer';
import { answerFrom, PopupClosedError } from './popup-sign-in';

const ORIGIN = 'https://console.example.com';

function post(data: unknown, source: unknown, origin = ORIGIN) {
  window.dispatchEvent(new MessageEvent('message', { data, origin, source: source as Window }));
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('answerFrom', () => {
  it('takes the answer from that popup, at this origin, in that shape, and nothing else', async () => {
    const popup = { closed: false } as unknown as Window;
    const other = { closed: false } as unknown as Window;
    let answered: URLSearchParams | undefined;
    void answerFrom(popup, ORIGIN, 'Acme SSO').then((params) => (answered = params));
    // Another window (the help desk's page, a forger) posting the same shape.
    post({ type: SIGN_IN_ANSWER, search: '?code=forged&state=s' }, other);
    // The popup's window, but another origin (the provider's page, say).
    post({ type: SIGN_IN_ANSWER, search: '?code=forged&state=s' }, popup, 'https://id.example.com');
    // The popup, this origin, another shape.
    post({ type: 'admin-console:lookup', email: 'a@b.c' }, popup);
    await vi.advanceTimersByTimeAsync(0);
    expect(answered).toBeUndefined();
    post({ type: SIGN_IN_ANSWER, search: '?code=c-1&state=s-1' }, popup);
    await vi.advanceTimersByTimeAsync(0);
    expect(answered?.get('code')).toBe('c-1');
    expect(answered?.get('state')).toBe('s-1');
  });

  it('says so when the person closes the window without signing in', async () => {
    const popup = { closed: false } as { closed: boolean };
    const answer = answerFrom(popup as unknown as Window, ORIGIN, 'Acme SSO');
    const outcome = answer.catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(2_000);
    popup.closed = true;
    await vi.advanceTimersByTimeAsync(2_000);
    const error = await outcome;
    expect(error).toBeInstanceOf(PopupClosedError);
    expect((error as Error).message).toMatch(/Acme SSO sign-in window closed before/);
  });

  it('still takes an answer posted just before the window closed', async () => {
    const popup = { closed: false } as { closed: boolean };
    const answer = answerFrom(popup as unknown as Window, ORIGIN, 'Acme SSO');
    popup.closed = true;
    // The closed window is seen once before its message is delivered.
    await vi.advanceTimersByTimeAsync(450);
    post({ type: SIGN_IN_ANSWER, search: '?code=late&state=s' }, popup);
    await expect(answer).resolves.toEqual(new URLSearchParams('?code=late&state=s'));
  });
});
