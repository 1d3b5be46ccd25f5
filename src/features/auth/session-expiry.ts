/**
 * The timer that ends a session at its time. Its own module because two things make a plain
 * setTimeout wrong: a delay above MAX_TIMER_MS overflows and fires at once, and a machine that
 * sleeps (or a frozen tab) runs no timers while the wall clock goes on, so an expired session
 * would stay on screen until the next request asked for the token.
 */

/** setTimeout overflows above 2^31-1 ms (about 24.8 days). */
export const MAX_TIMER_MS = 2_147_483_647;
/** What a page gets when someone comes back to it (a tab shown, a window focused, a page restored). */
const RETURN_EVENTS = ['visibilitychange', 'focus', 'pageshow'] as const;

export interface ExpiryTimer {
  /** `onExpired` runs once the clock reaches `at` (ms since 1970); null: nothing to end. */
  set(at: number | null): void;
  dispose(): void;
}

interface ExpiryOptions {
  now: () => number;
  /** Where the return events arrive (the window); null: none. */
  eventTarget: Pick<Window, 'addEventListener' | 'removeEventListener'> | null;
  onExpired: () => void;
}

export function createExpiryTimer({ now, eventTarget, onExpired }: ExpiryOptions): ExpiryTimer {
  let at: number | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;

  function arm() {
    clearTimeout(timer);
    if (at === null) return;
    const delay = at - now();
    if (delay <= 0) {
      // Never at once: `set` is called while the store's state changes, and an ending then would
      // reach its listeners in the middle of that change.
      timer = setTimeout(onExpired, 0);
      return;
    }
    timer = setTimeout(
      () => (delay > MAX_TIMER_MS ? arm() : onExpired()),
      Math.min(delay, MAX_TIMER_MS),
    );
  }

  // Back from sleep: the wall clock has jumped but the timer has not fired. These events come
  // with the person's return.
  function onReturn() {
    if (at === null) return;
    if (at <= now()) onExpired();
    else arm();
  }

  // visibilitychange is fired at the document and bubbles to the window.
  for (const type of RETURN_EVENTS) eventTarget?.addEventListener(type, onReturn);

  return {
    set(next) {
      at = next;
      arm();
    },
    dispose() {
      clearTimeout(timer);
      for (const type of RETURN_EVENTS) eventTarget?.removeEventListener(type, onReturn);
    },
  };
}
