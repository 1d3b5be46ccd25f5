import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_INSTANT } from '../../lib/zone-calendar';
import { boundariesOf, periodBars, planPeriods } from './sign-up-periods';
import { MAX_BARS } from './time-buckets';

const YEAR_MS = 365.25 * 86_400_000;

/** The bars for sorted keys, counted here by filtering (as the rank counter counts over pages). */
async function barsFor(sorted: readonly number[], zone = 'UTC') {
  const keysAt = async (ranks: readonly number[]) => ranks.map((rank) => sorted[rank] as number);
  const plan = await planPeriods(
    { total: sorted.length, min: sorted[0]!, max: sorted.at(-1)!, keysAt },
    zone,
  );
  const below = boundariesOf(plan).map((boundary) => sorted.filter((key) => key < boundary).length);
  return { plan, bars: periodBars(plan, below, sorted.length) };
}

/** 998 sign-ups over 2021–2025, a few to the hour, spread evenly. */
const ordinary = Array.from(
  { length: 998 },
  (_, index) => Date.UTC(2021, 0, 1) + Math.floor((index * 5 * YEAR_MS) / 998),
);

describe('planPeriods', () => {
  it('keeps every sign-up in exactly one bar, never more than a few hundred, never NaN', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.oneof(
            fc.integer({ min: -MAX_INSTANT, max: MAX_INSTANT }),
            fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2026, 0, 1) }),
            fc.constantFrom(-MAX_INSTANT, MAX_INSTANT),
          ),
          { minLength: 1, maxLength: 400 },
        ),
        fc.constantFrom('UTC', 'America/Los_Angeles', 'Pacific/Auckland'),
        async (keys, zone) => {
          const sorted = [...keys].sort((a, b) => a - b);
          const { bars } = await barsFor(sorted, zone);
          expect(bars.length).toBeLessThanOrEqual(MAX_BARS + 2);
          expect(bars.reduce((sum, bar) => sum + bar.count, 0)).toBe(sorted.length);
          for (const bar of bars) {
            expect(bar.count).toBeGreaterThanOrEqual(0);
            expect(`${bar.label} ${bar.to}`).not.toMatch(/NaN|undefined|Infinity/);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('counts months, with one bar before and one after for a user dated 0001 and one 9999', async () => {
    const sorted = [Date.UTC(1, 0, 1) - 1900 * YEAR_MS, ...ordinary, Date.UTC(9999, 11, 31)];
    const { plan, bars } = await barsFor(sorted);
    expect(plan.unit).toBe('month');
    expect(bars[0]).toEqual({
      label: 'Before 2021-01',
      count: 1,
      to: '/users?sort=created_at',
      outside: 'before',
    });
    expect(bars.at(-1)).toMatchObject({ label: 'After 2025-12', count: 1, outside: 'after' });
    expect(bars).toHaveLength(62);
    expect(bars[1]).toMatchObject({ label: '2021-01', to: '/users/find?q=2021-01-01..2021-01-31' });
  });

  it('draws no more than MAX_BARS years when the sign-ups themselves span millennia', async () => {
    const sorted = Array.from({ length: 1000 }, (_, index) => -6e15 + index * 12e12);
    const { plan, bars } = await barsFor(sorted);
    expect(plan.unit).toBe('year');
    expect(bars.length).toBeLessThanOrEqual(MAX_BARS + 2);
    expect(bars.reduce((sum, bar) => sum + bar.count, 0)).toBe(1000);
  });

  it('counts users at the ends of what a Date holds', async () => {
    const sorted = [-MAX_INSTANT, ...ordinary, MAX_INSTANT];
    const { bars } = await barsFor(sorted, 'America/Los_Angeles');
    expect(bars.reduce((sum, bar) => sum + bar.count, 0)).toBe(1000);
    const alone = await barsFor([MAX_INSTANT]);
    expect(alone.bars).toEqual([
      { label: '+275760-09-13', count: 1, to: '/users/find?q=%2B275760-09-13' },
    ]);
  });
});
