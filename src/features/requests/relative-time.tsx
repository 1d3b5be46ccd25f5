import { useSyncExternalStore } from 'react';
import { formatDateTime, formatRelative } from '../../lib/time';

// One clock for every row: a list of 200 requests re-renders only these texts each second.
const clock = {
  now: Date.now(),
  listeners: new Set<() => void>(),
  timer: undefined as ReturnType<typeof setInterval> | undefined,
};

function subscribe(listener: () => void): () => void {
  clock.listeners.add(listener);
  if (clock.timer === undefined) {
    clock.now = Date.now();
    clock.timer = setInterval(() => {
      clock.now = Date.now();
      for (const notify of [...clock.listeners]) notify();
    }, 1000);
  }
  return () => {
    clock.listeners.delete(listener);
    if (clock.listeners.size === 0) {
      clearInterval(clock.timer);
      clock.timer = undefined;
    }
  };
}

const timeOfDay = new Intl.DateTimeFormat(undefined, { timeStyle: 'medium' });

/** "12 seconds ago (14:03:12)", with the full date on hover and the instant in the markup. */
export function RelativeTime({ at }: { at: number }) {
  const now = useSyncExternalStore(subscribe, () => clock.now);
  return (
    <time dateTime={new Date(at).toISOString()} title={formatDateTime(at)}>
      {formatRelative(Math.min(at, now), now)} ({timeOfDay.format(at)})
    </time>
  );
}
