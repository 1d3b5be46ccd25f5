// Made on first use, not when the module loads: the first Intl formatter a page makes loads the
// locale data (about 25 ms here, about 100 ms at the mobile benchmark's 4x slower CPU), which would
// lengthen start-up's longest task. The boot script warms it up while the code still downloads.
let relative: Intl.RelativeTimeFormat | undefined;
const relativeFormat = () =>
  (relative ??= new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' }));
/** One per zone and precision: a table formats a time per row. */
const absolute = new Map<string, Intl.DateTimeFormat>();
function absoluteFormat(zone: string, seconds: boolean): Intl.DateTimeFormat {
  const key = `${zone} ${seconds}`;
  let format = absolute.get(key);
  if (!format) {
    // Fields rather than dateStyle/timeStyle, which cannot be combined with the zone's name.
    format = new Intl.DateTimeFormat(undefined, {
      timeZone: zone,
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      ...(seconds ? { second: '2-digit' } : {}),
      timeZoneName: 'short',
    });
    absolute.set(key, format);
  }
  return format;
}

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

/**
 * The date and time in the zone (time-zone.ts), in the person's own format, with the zone's short
 * name: "Sep 21, 2022, 11:11 PM PDT", "Sep 22, 2022, 6:11 AM UTC".
 */
export function formatDateTime(ms: number, zone: string, { seconds = false } = {}): string {
  return absoluteFormat(zone, seconds).format(ms);
}

/** The zone's short name as the times show it: "UTC", "PDT", "GMT+13". */
export function zoneShortName(zone: string, at: number = Date.now()): string {
  const parts = absoluteFormat(zone, false).formatToParts(at);
  return parts.find((part) => part.type === 'timeZoneName')?.value ?? zone;
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
