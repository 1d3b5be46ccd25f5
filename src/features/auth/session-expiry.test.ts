import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createExpiryTimer, MAX_TIMER_MS, type ExpiryTimer } from './session-expiry';

const NOW = Date.UTC(2026, 10, 22, 12, 0, 0);
const DAY_MS = 86_400_000;

describe('expiry timer', () => {
  let timers: ExpiryTimer[] = [];
  const make = (eventTarget: EventTarget | null = null) => {
    const onExpired = vi.fn();
    const timer = createExpiryTimer({
      now: Date.now,
      eventTarget: eventTarget as Window | null,
      onExpired,
    });
    timers.push(timer);
    return { timer, onExpired };
  };

  beforeEach(() => {
    vi.useFakeTimers({ now: NOW });
  });
  afterEach(() => {
    for (const timer of timers) timer.dispose();
    timers = [];
    vi.useRealTimers();
  });

  it('ends at the time set, not before, and not after a new time or none', () => {
    const { timer, onExpired } = make();
    timer.set(NOW + 60_000);
    vi.advanceTimersByTime(59_999);
    expect(onExpired).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onExpired).toHaveBeenCalledTimes(1);

    timer.set(NOW + 120_000);
    timer.set(NOW + 180_000);
    vi.advanceTimersByTime(60_000);
    expect(onExpired).toHaveBeenCalledTimes(1);
    timer.set(null);
    vi.advanceTimersByTime(DAY_MS);
    expect(onExpired).toHaveBeenCalledTimes(1);
  });

  it('waits out a time beyond what setTimeout can hold (2^31-1 ms) instead of firing at once', () => {
    const { timer, onExpired } = make();
    timer.set(NOW + 30 * DAY_MS);
    vi.advanceTimersByTime(MAX_TIMER_MS);
    expect(onExpired).not.toHaveBeenCalled();
    vi.advanceTimersByTime(30 * DAY_MS - MAX_TIMER_MS - 1);
    expect(onExpired).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onExpired).toHaveBeenCalledTimes(1);
  });

  it('ends a time already past on the next turn, never in the middle of the call', () => {
    const { timer, onExpired } = make();
    timer.set(NOW - 1);
    expect(onExpired).not.toHaveBeenCalled();
    vi.advanceTimersByTime(0);
    expect(onExpired).toHaveBeenCalledTimes(1);
  });

  it.each(['visibilitychange', 'focus', 'pageshow'])(
    'ends on %s after a sleep in which no timer fired, and only then',
    (type) => {
      const eventTarget = new EventTarget();
      const { timer, onExpired } = make(eventTarget);
      eventTarget.dispatchEvent(new Event(type));
      timer.set(NOW + 120_000);
      eventTarget.dispatchEvent(new Event(type));
      expect(onExpired).not.toHaveBeenCalled();

      // The wall clock jumps; the timers of a sleeping laptop have not run.
      vi.setSystemTime(NOW + 120_000);
      eventTarget.dispatchEvent(new Event(type));
      expect(onExpired).toHaveBeenCalledTimes(1);
    },
  );

  it('sets itself again on a return before the time, from the clock as it is now', () => {
    const eventTarget = new EventTarget();
    const { timer, onExpired } = make(eventTarget);
    timer.set(NOW + 30 * DAY_MS);
    // A sleep of 29 days: the timer set for MAX_TIMER_MS would wait it out again on waking.
    vi.setSystemTime(NOW + 29 * DAY_MS);
    eventTarget.dispatchEvent(new Event('focus'));
    vi.advanceTimersByTime(DAY_MS - 1);
    expect(onExpired).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onExpired).toHaveBeenCalledTimes(1);
  });

  it('hears nothing once disposed', () => {
    const eventTarget = new EventTarget();
    const { timer, onExpired } = make(eventTarget);
    timer.set(NOW + 1_000);
    timer.dispose();
    vi.setSystemTime(NOW + 2_000);
    eventTarget.dispatchEvent(new Event('focus'));
    vi.advanceTimersByTime(DAY_MS);
    expect(onExpired).not.toHaveBeenCalled();
  });
});
