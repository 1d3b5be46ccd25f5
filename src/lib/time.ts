// Made on first use, not when the module loads: the first Intl formatter a page makes loads the
// locale data (about 25 ms here, about 100 ms at the mobile benchmark's 4x slower CPU), which would
// lengthen start-up's longest task. The boot script warms it up while the code still downloads.
let relative: Intl.RelativeTimeFormat | undefined;
let absolute: Intl.DateTimeFormat | undefined;
const relativeFormat = () =>
  (relative ??= new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' }));
const absoluteFormat = () =>
  (absolute ??= new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }));

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600_000],
  ['month', 30 * 24 * 3600_000],
  ['day', 24 * 3600_000],
  ['hour', 3600_000],
  ['minute', 60_000],
  ['second', 1000],
];

/** "in 59 minutes", "3 days ago": the largest unit that fits. */
export function formatRelative(targetMs: number, nowMs: number = Date.now()): string {
  const diff = targetMs - nowMs;
  for (const [unit, size] of UNITS) {
    if (Math.abs(diff) >= size || unit === 'second') {
      return relativeFormat().format(Math.round(diff / size), unit);
    }
  }
  return relativeFormat().format(0, 'second');
}

/** Local date and time in the person's own format. */
export function formatDateTime(ms: number): string {
  return absoluteFormat().format(ms);
}

/** "4:05" or "1:02:09": a countdown that changes every second. */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, '0');
  return hours > 0
    ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}`
    : `${minutes}:${seconds}`;
}
