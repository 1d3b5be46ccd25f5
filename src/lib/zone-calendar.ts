/**
 * Calendar days in a time zone, as instants: which day an instant falls on there, and when a day
 * starts. The API's times are instants (UTC); a day searched, a month counted and a date shown are
 * days in the zone in force (time-zone.ts), so they all go through here and agree.
 *
 * Days are numbered from 1970-01-01 (day 0) in the proleptic Gregorian calendar, with plain integer
 * arithmetic, so any year has a number, and `startOfDay` answers ±Infinity for a day whose start
 * lies beyond what a JavaScript Date can hold (±8.64e15 ms) rather than NaN.
 *
 * A day is [startOfDay(d), startOfDay(d + 1)): 24 hours, or 23 and 25 across a daylight-saving
 * change, and none at all for a day a zone skipped (Pacific/Apia's 2011-12-30). Its start is the
 * first instant whose local date is that day or later: local midnight, or, where the clocks jump
 * over midnight, the instant they jump. The zone's rules are the browser's (Intl), read through
 * `formatToParts`; only 'UTC' is worked out without it.
 */

export const DAY_MS = 86_400_000;
/** The largest instant a Date holds, either side of 1970. */
export const MAX_INSTANT = 8.64e15;

export interface CivilDate {
  year: number;
  /** 1–12. */
  month: number;
  day: number;
}

/** Days from 1970-01-01 to a calendar date (Hinnant's days_from_civil). */
export function dayNumberOf({ year, month, day }: CivilDate): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const dayOfEra =
    yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146_097 + dayOfEra - 719_468;
}

/** The calendar date of a day number (Hinnant's civil_from_days). */
export function civilOf(dayNumber: number): CivilDate {
  const z = dayNumber + 719_468;
  const era = Math.floor(z / 146_097);
  const dayOfEra = z - era * 146_097;
  const yearOfEra = Math.floor(
    (dayOfEra -
      Math.floor(dayOfEra / 1460) +
      Math.floor(dayOfEra / 36_524) -
      Math.floor(dayOfEra / 146_096)) /
      365,
  );
  const dayOfYear =
    dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const mp = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  return { year: yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day };
}

/** `2025-03-14`; a year outside 0000–9999 in ISO 8601's expanded form (`+275760`, `-000001`). */
export function isoYear(year: number): string {
  if (year >= 0 && year <= 9999) return String(year).padStart(4, '0');
  return `${year < 0 ? '-' : '+'}${String(Math.abs(year)).padStart(6, '0')}`;
}

export function isoMonth(year: number, month: number): string {
  return `${isoYear(year)}-${String(month).padStart(2, '0')}`;
}

export function isoDayOf(dayNumber: number): string {
  const { year, month, day } = civilOf(dayNumber);
  return `${isoMonth(year, month)}-${String(day).padStart(2, '0')}`;
}

/** 0 for Monday … 6 for Sunday (1970-01-01 was a Thursday). */
export function weekdayOf(dayNumber: number): number {
  return (((dayNumber + 3) % 7) + 7) % 7;
}

// One per zone: making a formatter costs far more than using it.
const formatters = new Map<string, Intl.DateTimeFormat>();
function partsFormat(zone: string): Intl.DateTimeFormat {
  let format = formatters.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      era: 'short',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(zone, format);
  }
  return format;
}

const clampInstant = (ms: number) => Math.min(MAX_INSTANT, Math.max(-MAX_INSTANT, ms));

/** The local clock at an instant, as ms from 1970-01-01 00:00 on that clock. */
function wallClock(zone: string, instant: number): number {
  const at = clampInstant(instant);
  const fields: Record<string, string> = {};
  for (const part of partsFormat(zone).formatToParts(at)) fields[part.type] = part.value;
  const shown = Number(fields.year);
  // Years before 1 AD come as "1 BC", "2 BC": year 0, -1 in ISO numbering.
  const year = fields.era?.startsWith('B') ? 1 - shown : shown;
  const day = dayNumberOf({ year, month: Number(fields.month), day: Number(fields.day) });
  const seconds = Number(fields.hour) * 3600 + Number(fields.minute) * 60 + Number(fields.second);
  // formatToParts shows whole seconds; the milliseconds are the instant's own.
  const millis = ((at % 1000) + 1000) % 1000;
  return day * DAY_MS + seconds * 1000 + millis;
}

/** How far the zone's clock is ahead of UTC at an instant, in ms. */
export function offsetAt(zone: string, instant: number): number {
  if (zone === 'UTC') return 0;
  const at = clampInstant(instant);
  return wallClock(zone, at) - at;
}

/** The day an instant falls on in the zone. */
export function dayAt(zone: string, instant: number): number {
  if (zone === 'UTC') return Math.floor(clampInstant(instant) / DAY_MS);
  return Math.floor(wallClock(zone, instant) / DAY_MS);
}

/**
 * The first instant of a day in the zone; -Infinity or Infinity when it lies beyond what a Date
 * holds.
 */
export function startOfDay(zone: string, dayNumber: number): number {
  const midnight = dayNumber * DAY_MS;
  // No zone is a day or more away from UTC.
  if (midnight - DAY_MS > MAX_INSTANT) return Infinity;
  if (midnight + DAY_MS < -MAX_INSTANT) return -Infinity;
  const inRange = (ms: number) =>
    ms > MAX_INSTANT ? Infinity : ms < -MAX_INSTANT ? -Infinity : ms;
  if (zone === 'UTC') return inRange(midnight);
  // Midnight on the clock as the offsets a day either side would put it; one that the zone really
  // shows at that instant is an answer, the earlier where midnight came twice (clocks put back).
  let best = Infinity;
  for (const offset of [offsetAt(zone, midnight - DAY_MS), offsetAt(zone, midnight + DAY_MS)]) {
    const candidate = midnight - offset;
    if (Math.abs(candidate) <= MAX_INSTANT && offsetAt(zone, candidate) === offset) {
      best = Math.min(best, candidate);
    }
  }
  if (best !== Infinity) return best;
  // Midnight never showed (the clocks jumped over it), or the day is at the edge of the range:
  // halve towards the first instant on that day or later.
  let low = clampInstant(midnight - 2 * DAY_MS);
  let high = clampInstant(midnight + 2 * DAY_MS);
  if (dayAt(zone, high) < dayNumber) return Infinity;
  if (dayAt(zone, low) >= dayNumber) return inRange(low);
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    if (dayAt(zone, middle) >= dayNumber) high = middle;
    else low = middle;
  }
  return high;
}

/** The day of a `YYYY-MM-DD` text, or undefined when it names no day of the calendar. */
export function parseIsoDay(text: string): number | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return undefined;
  const date = { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
  if (date.month < 1 || date.month > 12 || date.day < 1) return undefined;
  const dayNumber = dayNumberOf(date);
  return civilOf(dayNumber).month === date.month ? dayNumber : undefined;
}
