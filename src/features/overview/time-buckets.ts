/**
 * The periods a sign-up chart counts, in UTC (the API's timestamps are UTC): months from the
 * first sign-up's to the last's, or weeks (from Monday) or days when that span is short enough
 * that months would be a bar or two.
 */

export type TimeUnit = 'month' | 'week' | 'day';

export interface TimeBucket {
  /** Inclusive, epoch ms at 00:00 UTC. */
  start: number;
  /** Exclusive. */
  end: number;
  /** `YYYY-MM` for a month, the first day `YYYY-MM-DD` otherwise. */
  label: string;
  /** The days it covers as Find takes them: `2025-03-01..2025-03-31`. */
  days: string;
}

const DAY_MS = 86_400_000;
/** Short spans: days up to a month, weeks up to half a year, then months. */
const MAX_DAYS_BY_DAY = 31;
const MAX_DAYS_BY_WEEK = 182;

export function isoDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

function startOf(unit: TimeUnit, ms: number): number {
  const date = new Date(ms);
  const day = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
  if (unit === 'day') return day;
  if (unit === 'week') return day - ((date.getUTCDay() + 6) % 7) * DAY_MS;
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1);
}

function next(unit: TimeUnit, start: number): number {
  if (unit === 'day') return start + DAY_MS;
  if (unit === 'week') return start + 7 * DAY_MS;
  const date = new Date(start);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1);
}

export function unitFor(first: number, last: number): TimeUnit {
  const days = (last - first) / DAY_MS;
  if (days <= MAX_DAYS_BY_DAY) return 'day';
  if (days <= MAX_DAYS_BY_WEEK) return 'week';
  return 'month';
}

/** The periods from the one holding `first` to the one holding `last`, both included. */
export function timeBuckets(
  first: number,
  last: number,
): { unit: TimeUnit; buckets: TimeBucket[] } {
  const unit = unitFor(first, last);
  const buckets: TimeBucket[] = [];
  for (let start = startOf(unit, first); start <= last; start = next(unit, start)) {
    const end = next(unit, start);
    const label = unit === 'month' ? isoDay(start).slice(0, 7) : isoDay(start);
    const days = unit === 'day' ? label : `${isoDay(start)}..${isoDay(end - DAY_MS)}`;
    buckets.push({ start, end, label, days });
  }
  return { unit, buckets };
}
