/**
 * A day (`2025-03-14`) or a range of days (`2025-03-01..2025-03-31`) typed into Find user, in UTC:
 * the API's timestamps are UTC, and a day means the same to everyone who shares the link. Only
 * what is shaped like a date is taken here; anything else is a name or an address. Nothing is
 * sent for a day that does not exist, a backwards or overlong range, a time or offset, or a year
 * the API cannot hold.
 */

export type DateQuery =
  | {
      kind: 'date';
      /** Normalised: `2025-03-14` or `2025-03-01..2025-03-31`. */
      text: string;
      /** Inclusive, 00:00 UTC of the first day. */
      from: number;
      /** Exclusive, 00:00 UTC of the day after the last. */
      to: number;
    }
  | { kind: 'invalid'; problem: string };

const DAY_MS = 86_400_000;
/** Longer is not a search for who signed up when; the overview counts such spans. */
export const MAX_RANGE_YEARS = 10;
const DATE_SHAPED = /^[+-]?\d{1,6}-\d{1,2}-\d{1,2}(?![\d])/;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isDateShaped(text: string): boolean {
  return DATE_SHAPED.test(text);
}

function parseDay(text: string): number | string {
  if (/[T\s:]|[+-]\d{2}:?\d{2}$|Z$/i.test(text.slice(8))) {
    return `“${text}” has a time or an offset: type days only (such as 2025-03-14), which Find reads in UTC.`;
  }
  const match = DAY.exec(text);
  if (!match) return `“${text}” is not a day: type it as YYYY-MM-DD, such as 2025-03-14.`;
  const [, y = '', m = '', d = ''] = match;
  const year = Number(y);
  const month = Number(m);
  const day = Number(d);
  if (month < 1 || month > 12) return `“${text}” has no month ${m}: months go from 01 to 12.`;
  const ms = Date.UTC(year, month - 1, day);
  if (day < 1 || new Date(ms).getUTCDate() !== day) {
    return `${text} is not a day of the calendar: ${y}-${m} has ${new Date(Date.UTC(year, month, 0)).getUTCDate()} days.`;
  }
  if (year < 1970) return `${text} is before 1970: the API's sign-up dates start on 1970-01-01.`;
  return ms;
}

/** A date query, or undefined when the text is not shaped like one. */
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
  const [from, last = from] = days as number[];
  if ((last as number) < (from as number)) {
    return {
      kind: 'invalid',
      problem: `The range runs backwards: ${parts[0]} is after ${parts[1]}. Type the earlier day first.`,
    };
  }
  const limit = Date.UTC(
    new Date(from as number).getUTCFullYear() + MAX_RANGE_YEARS,
    new Date(from as number).getUTCMonth(),
    new Date(from as number).getUTCDate(),
  );
  if ((last as number) >= limit) {
    return {
      kind: 'invalid',
      problem: `A range of at most ${MAX_RANGE_YEARS} years, please: the Overview counts sign-ups over longer spans.`,
    };
  }
  const normalised = parts.length === 1 || from === last ? parts[0] : `${parts[0]}..${parts[1]}`;
  return {
    kind: 'date',
    text: normalised ?? text,
    from: from as number,
    to: (last as number) + DAY_MS,
  };
}
