import type { ListPage } from '../../lib/api-schemas';
import { RankCounter, RankError, type Parallel } from '../../lib/rank/rank-counter';
import { SIGN_UP_PAGE_SIZE, type SignUp } from './api/overview-api';
import { boundariesOf, periodBars, planPeriods, type PeriodBar } from './sign-up-periods';
import type { TimeUnit } from './time-buckets';

/**
 * The Overview's sign-ups per period, counted by rank over `sort=created_at` (the counting
 * engine, lib/rank/rank-counter.ts) in the periods sign-up-periods.ts chooses, in a time zone.
 * The counter is kept by the caller between runs: Try again, or the same count in another zone,
 * goes on from the pages already read.
 */

export interface SignUps {
  unit: TimeUnit;
  /** The time zone whose days the periods are (lib/time-zone.ts). */
  zone: string;
  bars: PeriodBar[];
  /** The total changed while counting, and counting again did not settle it. */
  shifting: boolean;
}

/** Reads the users oldest first, through the caller's page cache and pool. */
export function signUpCounter(
  readPage: (page: number) => Promise<ListPage<SignUp>>,
  parallel: Parallel,
): RankCounter<SignUp> {
  return new RankCounter<SignUp>(
    {
      pageSize: SIGN_UP_PAGE_SIZE,
      keyOf: (user) => Date.parse(user.created_at),
      readPage: async (page) => {
        const { data, meta } = await readPage(page);
        return { rows: data, total: meta.total };
      },
    },
    parallel,
  );
}

/**
 * Counts the sign-ups per period in `zone`; `onTotal` hears the number of users as soon as it is
 * known. Throws what stopped it (a RankError, an ApiError) for the caller to explain.
 */
export async function countSignUps(
  kept: { counter: RankCounter<SignUp> | undefined },
  newCounter: () => RankCounter<SignUp>,
  zone: string,
  onTotal: (users: number) => void,
): Promise<SignUps> {
  // A total that moves (people signing up right now) means starting again; twice, then say so.
  for (let attempt = 0; ; attempt += 1) {
    const counter = (kept.counter ??= newCounter());
    try {
      const { total, min, max } = await counter.extent();
      onTotal(total);
      if (min === undefined || max === undefined) {
        return { unit: 'month', zone, bars: [], shifting: false };
      }
      const keysAt = (ranks: readonly number[]) => counter.keysAt(ranks);
      const plan = await planPeriods({ total, min, max, keysAt }, zone);
      const bars = periodBars(plan, await counter.countBelow(boundariesOf(plan)), total);
      return { unit: plan.unit, zone, bars, shifting: attempt > 0 };
    } catch (error) {
      if (error instanceof RankError && error.kind === 'changed' && attempt < 2) {
        kept.counter = undefined;
        continue;
      }
      throw error;
    }
  }
}
