import { useSyncExternalStore } from 'react';
import { formatDateTime, formatRelative } from '../../lib/time';
import { useTimeZone } from '../../lib/time-zone';

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

/**
 * "24 Nov 2026, 14:03:12 UTC (12 seconds ago)": the date and time in the zone in force, named,
 * which travel in a ticket or a screenshot where "12 seconds ago" does not; UTC (ISO 8601) on
 * hover and in the markup.
 */
export function RelativeTime({ at }: { at: number }) {
  const now = useSyncExternalStore(subscribe, () => clock.now);
  const zone = useTimeZone();
  const date = new Date(at);
  if (Number.isNaN(date.getTime())) return <span>unknown time</span>;
  const iso = date.toISOString();
  return (
    <time dateTime={iso} title={`${iso} (UTC)`}>
      {formatDateTime(at, zone, { seconds: true })} ({formatRelative(Math.min(at, now), now)})
    </time>
  );
}
