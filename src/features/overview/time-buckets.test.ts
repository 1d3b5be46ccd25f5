import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { timeBuckets } from './time-buckets';

describe('timeBuckets', () => {
  it('covers first to last with adjoining periods, each holding its dates', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: Date.UTC(2100, 0, 1) }),
        fc.integer({ min: 0, max: 20 * 365 * 86_400_000 }),
        (first, span) => {
          const last = first + span;
          const { buckets } = timeBuckets(first, last);
          expect(buckets[0]!.start).toBeLessThanOrEqual(first);
          expect(buckets.at(-1)!.end).toBeGreaterThan(last);
          buckets.slice(1).forEach((bucket, i) => expect(bucket.start).toBe(buckets[i]!.end));
          expect(buckets.length).toBeLessThanOrEqual(20 * 12 + 2);
        },
      ),
    );
  });

  it('counts months as YYYY-MM and names their days for Find', () => {
    const { unit, buckets } = timeBuckets(Date.UTC(2024, 0, 15), Date.UTC(2024, 11, 3));
    expect(unit).toBe('month');
    expect(buckets).toHaveLength(12);
    expect(buckets[1]).toMatchObject({ label: '2024-02', days: '2024-02-01..2024-02-29' });
  });

  it('shows weeks from Monday, or days, for short spans', () => {
    const weeks = timeBuckets(Date.UTC(2025, 2, 14), Date.UTC(2025, 4, 1));
    expect(weeks.unit).toBe('week');
    expect(weeks.buckets[0]).toMatchObject({ label: '2025-03-10', days: '2025-03-10..2025-03-16' });
    const days = timeBuckets(Date.UTC(2025, 2, 14, 13), Date.UTC(2025, 2, 16, 2));
    expect(days.unit).toBe('day');
    expect(days.buckets.map((bucket) => bucket.days)).toEqual([
      '2025-03-14',
      '2025-03-15',
      '2025-03-16',
    ]);
  });
});
