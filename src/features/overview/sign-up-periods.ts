import { civilOf, dayAt, dayNumberOf } from '../../lib/zone-calendar';
import { MAX_BARS, periodsFrom, timeBuckets, type TimeBucket, type TimeUnit } from './time-buckets';

/**
 * Which periods the sign-up chart counts, however far apart the dates are. From the first
 * sign-up to the last when that fits in MAX_BARS periods (time-buckets.ts). Otherwise a few dates
 * far from the rest (a user dated 0001-01-01, another 9999-12-31) would make tens of thousands of
 * bars of nothing: the periods then cover the middle of the list, found by the keys at a few ranks
 * from either end (dropping 1 user, then 0.1 %, 1 %, 5 % each side, until the rest fits), and
 * the users outside are one bar before and one after. With the middle itself wider than that, it
 * is MAX_BARS years around the median. No fetch here: `keysAt` reads the sorted list.
 */

export interface PeriodPlan {
  unit: TimeUnit;
  buckets: TimeBucket[];
  /** Whether users fall before the first period / after the last: a bar each. */
  before: boolean;
  after: boolean;
}

export interface SortedKeys {
  total: number;
  /** The smallest and largest keys (epoch ms). */
  min: number;
  max: number;
  /** The keys at these ranks, 0 the smallest. */
  keysAt: (ranks: readonly number[]) => Promise<number[]>;
}

/** How many users each end may leave out, in turn. */
function trims(total: number): number[] {
  const counts = [1, total / 1000, total / 100, total / 20].map((count) => Math.ceil(count));
  return [...new Set(counts)].filter((count) => count < total / 2);
}

export async function planPeriods(list: SortedKeys, zone: string): Promise<PeriodPlan> {
  const { total, min, max } = list;
  const whole = timeBuckets(min, max, zone);
  if (whole) return { ...whole, before: false, after: false };
  const plan = (unit: TimeUnit, buckets: TimeBucket[]): PeriodPlan => ({
    unit,
    buckets,
    before: min < (buckets[0]?.start ?? -Infinity),
    after: max >= (buckets.at(-1)?.end ?? Infinity),
  });
  for (const trim of trims(total)) {
    const [low, high] = (await list.keysAt([trim, total - 1 - trim])) as [number, number];
    const middle = timeBuckets(low, high, zone);
    if (middle) return plan(middle.unit, middle.buckets);
  }
  const [median] = (await list.keysAt([Math.floor(total / 2)])) as [number];
  const { year } = civilOf(dayAt(zone, median));
  const firstYear = dayNumberOf({ year: year - MAX_BARS / 2 + 1, month: 1, day: 1 });
  return plan('year', periodsFrom('year', zone, firstYear, MAX_BARS));
}

export interface PeriodBar {
  label: string;
  count: number;
  to: string;
  /** The users before the first period or after the last, rather than a period. */
  outside?: 'before' | 'after';
}

/**
 * The chart's bars from the counts below each boundary (`below[0]` below the first period's
 * start, then below each period's end): the periods lead to Find's search of their days, the
 * outside bars to the users table oldest or newest first, where those users are.
 */
export function periodBars(plan: PeriodPlan, below: readonly number[], total: number): PeriodBar[] {
  const { buckets } = plan;
  const bars: PeriodBar[] = [];
  const first = below[0] ?? 0;
  if (plan.before || first > 0) {
    bars.push({
      label: `Before ${buckets[0]?.label ?? ''}`,
      count: first,
      to: '/users?sort=created_at',
      outside: 'before',
    });
  }
  buckets.forEach((bucket, index) => {
    bars.push({
      label: bucket.label,
      count: (below[index + 1] ?? 0) - (below[index] ?? 0),
      to: `/users/find?${new URLSearchParams({ q: bucket.days }).toString()}`,
    });
  });
  const last = below.at(-1) ?? 0;
  if (plan.after || last < total) {
    bars.push({
      label: `After ${buckets.at(-1)?.label ?? ''}`,
      count: total - last,
      to: '/users?sort=-created_at',
      outside: 'after',
    });
  }
  return bars;
}

/** The instants to count below: the first period's start, then each period's end. */
export function boundariesOf(plan: PeriodPlan): number[] {
  return [plan.buckets[0]?.start ?? -Infinity, ...plan.buckets.map((bucket) => bucket.end)];
}
