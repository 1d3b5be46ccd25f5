import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_INSTANT } from '../../lib/zone-calendar';
import { MAX_BARS, timeBuckets } from './time-buckets';

const ZONES = ['UTC', 'America/Los_Angeles', 'Pacific/Auckland'] as const;

describe('timeBuckets', () => {
  it('covers first to last with adjoining periods, each holding its dates, at most MAX_BARS', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ZONES),
        fc.integer({ min: -MAX_INSTANT, max: MAX_INSTANT }),
        fc.oneof(
          fc.integer({ min: 0, max: 40 * 365 * 86_400_000 }),
          fc.integer({ min: 0, max: 2 * MAX_INSTANT }),
        ),
        (zone, first, span) => {
          const last = Math.min(MAX_INSTANT, first + span);
          const result = timeBuckets(first, last, zone);
          if (result === undefined) {
            // Only a span wider than MAX_BARS years has no periods of its own.
            expect(last - first).toBeGreaterThan((MAX_BARS - 1) * 365 * 86_400_000);
            return;
          }
          const { buckets } = result;
          expect(buckets.length).toBeLessThanOrEqual(MAX_BARS);
          expect(buckets[0]!.start).toBeLessThanOrEqual(first);
          expect(buckets.at(-1)!.end).toBeGreaterThan(last);
          buckets.slice(1).forEach((bucket, i) => expect(bucket.start).toBe(buckets[i]!.end));
          for (const bucket of buckets) {
            expect(Number.isNaN(bucket.start) || Number.isNaN(bucket.end)).toBe(false);
            expect(bucket.label).not.toMatch(/NaN/);
          }
        },
      ),
    );
  });

  it('counts months as YYYY-MM and names their days for Find', () => {
    const { unit, buckets } = timeBuckets(Date.UTC(2024, 0, 15), Date.UTC(2024, 11, 3), 'UTC')!;
    expect(unit).toBe('month');
    expect(buckets).toHaveLength(12);
    expect(buckets[1]).toMatchObject({ label: '2024-02', days: '2024-02-01..2024-02-29' });
  });

  it('counts the months of the zone: a sign-up late on Feb 29 UTC is in March in Auckland', () => {
    const last = Date.UTC(2024, 1, 29, 23, 59, 59);
    const utc = timeBuckets(Date.UTC(2023, 5, 1), last, 'UTC')!;
    expect(utc.buckets.at(-1)).toMatchObject({ label: '2024-02', end: Date.UTC(2024, 2, 1) });
    const auckland = timeBuckets(Date.UTC(2023, 5, 1), last, 'Pacific/Auckland')!;
    // Auckland's March starts at 11:00 UTC on Feb 29 (UTC+13 in summer).
    expect(auckland.buckets.at(-1)).toMatchObject({
      label: '2024-03',
      start: Date.UTC(2024, 1, 29, 11),
      days: '2024-03-01..2024-03-31',
    });
    const losAngeles = timeBuckets(Date.UTC(2023, 5, 1, 12), last, 'America/Los_Angeles')!;
    expect(losAngeles.buckets[0]).toMatchObject({
      label: '2023-06',
      start: Date.UTC(2023, 5, 1, 7),
    });
  });

  it('shows weeks from Monday, or days, for short spans', () => {
    const weeks = timeBuckets(Date.UTC(2025, 2, 14), Date.UTC(2025, 4, 1), 'UTC')!;
    expect(weeks.unit).toBe('week');
    expect(weeks.buckets[0]).toMatchObject({ label: '2025-03-10', days: '2025-03-10..2025-03-16' });
    const days = timeBuckets(Date.UTC(2025, 2, 14, 13), Date.UTC(2025, 2, 16, 2), 'UTC')!;
    expect(days.unit).toBe('day');
    expect(days.buckets.map((bucket) => bucket.days)).toEqual([
      '2025-03-14',
      '2025-03-15',
      '2025-03-16',
    ]);
  });

  it('counts years past 20 years, and gives up past MAX_BARS years rather than draw thousands', () => {
    const years = timeBuckets(Date.UTC(1990, 5, 1), Date.UTC(2025, 0, 1), 'UTC')!;
    expect(years.unit).toBe('year');
    expect(years.buckets[0]).toMatchObject({ label: '1990', days: '1990-01-01..1990-12-31' });
    expect(years.buckets).toHaveLength(36);
    expect(
      timeBuckets(Date.UTC(1, 0, 1) - 1900 * 365 * 86_400_000, Date.UTC(9999, 11, 31), 'UTC'),
    ).toBeUndefined();
  });
});
