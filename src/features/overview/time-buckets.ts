import {
  civilOf,
  dayAt,
  dayNumberOf,
  isoDayOf,
  isoMonth,
  isoYear,
  startOfDay,
  weekdayOf,
} from '../../lib/zone-calendar';

/**
 * The periods a sign-up chart counts, in the console's time zone (lib/time-zone.ts): months from
 * the first sign-up's to the last's; days or weeks (from Monday) when that span is short enough
 * that months would be a bar or two; years when months would be too many bars. A period is a run
 * of the zone's days (lib/zone-calendar.ts), so a month there starts at that zone's midnight and
 * leads to the same days in Find.
 */

export type TimeUnit = 'year' | 'month' | 'week' | 'day';

export interface TimeBucket {
  /** Inclusive: when the period's first day starts (-Infinity before what a Date holds). */
  start: number;
  /** Exclusive (Infinity past what a Date holds). */
  end: number;
  /** `YYYY` for a year, `YYYY-MM` for a month, the first day `YYYY-MM-DD` otherwise. */
  label: string;
  /** The days it covers as Find takes them: `2025-03-01..2025-03-31`. */
  days: string;
}

/** A chart has at most this many periods: a few hundred bars is the most a person can read. */
export const MAX_BARS = 240;
/** Short spans: days up to a month, weeks up to half a year, then months, then years. */
const MAX_DAYS_BY_DAY = 31;
const MAX_DAYS_BY_WEEK = 182;

/** The first day of the period holding `day`, as a day number. */
function periodStart(unit: TimeUnit, day: number): number {
  if (unit === 'day') return day;
  if (unit === 'week') return day - weekdayOf(day);
  const { year, month } = civilOf(day);
  return dayNumberOf({ year, month: unit === 'month' ? month : 1, day: 1 });
}

/** The first day of the next period. */
function nextPeriod(unit: TimeUnit, start: number): number {
  if (unit === 'day') return start + 1;
  if (unit === 'week') return start + 7;
  const { year, month } = civilOf(start);
  if (unit === 'year') return dayNumberOf({ year: year + 1, month: 1, day: 1 });
  return month === 12
    ? dayNumberOf({ year: year + 1, month: 1, day: 1 })
    : dayNumberOf({ year, month: month + 1, day: 1 });
}

function monthsBetween(first: number, last: number): number {
  const a = civilOf(first);
  const b = civilOf(last);
  return (b.year - a.year) * 12 + (b.month - a.month) + 1;
}

/** The unit for the days from `first` to `last`; undefined when even years are too many bars. */
export function unitFor(firstDay: number, lastDay: number): TimeUnit | undefined {
  const days = lastDay - firstDay;
  if (days <= MAX_DAYS_BY_DAY) return 'day';
  if (days <= MAX_DAYS_BY_WEEK) return 'week';
  if (monthsBetween(firstDay, lastDay) <= MAX_BARS) return 'month';
  if (civilOf(lastDay).year - civilOf(firstDay).year + 1 <= MAX_BARS) return 'year';
  return undefined;
}

function bucket(unit: TimeUnit, zone: string, firstDay: number): TimeBucket {
  const next = nextPeriod(unit, firstDay);
  const { year, month } = civilOf(firstDay);
  const label =
    unit === 'year' ? isoYear(year) : unit === 'month' ? isoMonth(year, month) : isoDayOf(firstDay);
  return {
    start: startOfDay(zone, firstDay),
    end: startOfDay(zone, next),
    label,
    days: unit === 'day' ? label : `${isoDayOf(firstDay)}..${isoDayOf(next - 1)}`,
  };
}

/** `count` periods of `unit` from the one holding `firstDay`. */
export function periodsFrom(
  unit: TimeUnit,
  zone: string,
  firstDay: number,
  count: number,
): TimeBucket[] {
  const buckets: TimeBucket[] = [];
  for (let day = periodStart(unit, firstDay); buckets.length < count; day = nextPeriod(unit, day)) {
    buckets.push(bucket(unit, zone, day));
  }
  return buckets;
}

/**
 * The periods from the one holding the instant `first` to the one holding `last`, both included,
 * in the zone; undefined when they would be more than MAX_BARS years.
 */
export function timeBuckets(
  first: number,
  last: number,
  zone: string,
): { unit: TimeUnit; buckets: TimeBucket[] } | undefined {
  const firstDay = dayAt(zone, first);
  const lastDay = dayAt(zone, last);
  const unit = unitFor(firstDay, lastDay);
  if (unit === undefined) return undefined;
  const buckets: TimeBucket[] = [];
  const end = periodStart(unit, lastDay);
  for (let day = periodStart(unit, firstDay); day <= end; day = nextPeriod(unit, day)) {
    buckets.push(bucket(unit, zone, day));
  }
  return { unit, buckets };
}
