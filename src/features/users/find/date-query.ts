import { civilOf, dayNumberOf, parseIsoDay, startOfDay } from '../../../lib/zone-calendar';

/**
 * A day (`2025-03-14`) or a range of days (`2025-03-01..2025-03-31`) typed into Find user, in the
 * console's time zone (lib/time-zone.ts; UTC unless the person chose their device's): the day
 * searched is the day the table shows. The text is the same in every zone; the instants it
 * stands for are the zone's (lib/zone-calendar.ts: a day there may last 23 or 25 hours). Only
 * what is shaped like a date is taken here; anything else is a name or an address. Nothing is
 * sent for a day that does not exist, a backwards or overlong range, a time or offset, or a year
 * the API cannot hold.
 */

export type DateQuery =
  | {
      kind: 'date';
      /** Normalised: `2025-03-14` or `2025-03-01..2025-03-31`. */
      text: string;
      /** The first and last days, both included (day numbers, lib/zone-calendar.ts). */
      first: number;
      last: number;
    }
  | { kind: 'invalid'; problem: string };

/** The instants of the days in a zone: `from` inclusive, `to` exclusive. */
export function instantsOf(
  days: { first: number; last: number },
  zone: string,
): { from: number; to: number } {
  return { from: startOfDay(zone, days.first), to: startOfDay(zone, days.last + 1) };
}

/** 1969-12-31: west of UTC, its evening is the first hours of 1970 in UTC. */
const FIRST_DAY = -1;

/** Longer is not a search for who signed up when; the overview counts such spans. */
export const MAX_RANGE_YEARS = 10;
const DATE_SHAPED = /^[+-]?\d{1,6}-\d{1,2}-\d{1,2}(?![\d])/;

export function isDateShaped(text: string): boolean {
  // An address may start like a day (`2025-03-14@example.org`, `0-0-0@0.aa`): it is an address.
  return DATE_SHAPED.test(text) && !text.includes('@');
}

/** The day's number (zone-calendar.ts), or what is wrong with the text. */
function parseDay(text: string): number | string {
  if (/[T\s:]|[+-]\d{2}:?\d{2}$|Z$/i.test(text.slice(8))) {
    return `“${text}” has a time or an offset: type days only (such as 2025-03-14); Find reads them in the console's time zone.`;
  }
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return `“${text}” is not a day: type it as YYYY-MM-DD, such as 2025-03-14.`;
  const [, y = '', m = ''] = match;
  const year = Number(y);
  const month = Number(m);
  if (month < 1 || month > 12) return `“${text}” has no month ${m}: months go from 01 to 12.`;
  const day = parseIsoDay(text);
  if (day === undefined) {
    const days =
      dayNumberOf({ year, month: month + 1, day: 1 }) - dayNumberOf({ year, month, day: 1 });
    return `${text} is not a day of the calendar: ${y}-${m} has ${days} days.`;
  }
  return day;
}

/**
 * A date query, or undefined when the text is not shaped like one. The days mean the same in
 * every zone; instantsOf gives when they start and end in the console's.
 */
export function parseDateQuery(raw: string): DateQuery | undefined {
  const text = raw.trim();
  if (!isDateShaped(text)) return undefined;
  if (/^\+|^\d{5,}/.test(text)) {
    return { kind: 'invalid', problem: `“${text}” is past the year 9999: no sign-up date is.` };
  }
  const parts = text.split(/\s*\.\.\s*/);
  if (parts.length > 2) {
    return { kind: 'invalid', problem: 'Type one day, or two days with .. between them.' };
  }
  const days = parts.map(parseDay);
  const problem = days.find((day) => typeof day === 'string');
  if (typeof problem === 'string') return { kind: 'invalid', problem };
  const [first, last = first] = days as [number, number?];
  if (last < first) {
    return {
      kind: 'invalid',
      problem: `The range runs backwards: ${parts[0]} is after ${parts[1]}. Type the earlier day first.`,
    };
  }
  const start = civilOf(first);
  if (last >= dayNumberOf({ ...start, year: start.year + MAX_RANGE_YEARS })) {
    return {
      kind: 'invalid',
      problem: `A range of at most ${MAX_RANGE_YEARS} years, please: the Overview counts sign-ups over longer spans.`,
    };
  }
  if (last < FIRST_DAY) {
    return {
      kind: 'invalid',
      problem: `${parts.at(-1)} is before 1970: the API's sign-up dates start on 1970-01-01 (UTC).`,
    };
  }
  const normalised = parts.length === 1 || first === last ? parts[0] : `${parts[0]}..${parts[1]}`;
  return {
    kind: 'date',
    text: normalised ?? text,
    first,
    last,
  };
}
