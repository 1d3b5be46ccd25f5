import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dayAt, isoDayOf, parseIsoDay } from '../../../lib/zone-calendar';
import { instantsOf, parseDateQuery } from './date-query';

const HOUR = 3_600_000;

/** The query's instants in a zone, or undefined for no date query. */
function instants(text: string, zone = 'UTC') {
  const parsed = parseDateQuery(text);
  return parsed?.kind === 'date' ? instantsOf(parsed, zone) : undefined;
}

describe('parseDateQuery', () => {
  it('takes a day and a range of days, the last day included', () => {
    expect(parseDateQuery('2025-03-14')).toEqual({
      kind: 'date',
      text: '2025-03-14',
      first: parseIsoDay('2025-03-14'),
      last: parseIsoDay('2025-03-14'),
    });
    expect(parseDateQuery(' 2025-03-01 .. 2025-03-31 ')).toMatchObject({
      text: '2025-03-01..2025-03-31',
      first: parseIsoDay('2025-03-01'),
      last: parseIsoDay('2025-03-31'),
    });
    expect(instants('2025-03-01..2025-03-31')).toEqual({
      from: Date.UTC(2025, 2, 1),
      to: Date.UTC(2025, 3, 1),
    });
    expect(parseDateQuery('2024-02-29')).toMatchObject({ kind: 'date' });
  });

  it.each([
    ['2025-02-30', /not a day of the calendar: 2025-02 has 28 days/],
    ['2025-13-01', /no month 13/],
    ['2025-03-31..2025-03-01', /runs backwards/],
    ['1990-01-01..2040-01-01', /at most 10 years/],
    ['2025-03-14T10:00:00+02:00', /time or an offset/],
    ['2025-03-14+02:00', /time or an offset/],
    ['1969-12-30', /before 1970/],
    ['10000-01-01', /past the year 9999/],
    ['2025-3-4', /YYYY-MM-DD/],
  ])('refuses %s with a clear message', (text, problem) => {
    const parsed = parseDateQuery(text);
    expect(parsed?.kind).toBe('invalid');
    expect(parsed?.kind === 'invalid' && parsed.problem).toMatch(problem);
  });

  it('leaves names and addresses alone', () => {
    expect(parseDateQuery('Grace Hopper')).toBeUndefined();
    expect(parseDateQuery('2025 Smith')).toBeUndefined();
    // Found by the pasted-address property test: an address may start like a day.
    expect(parseDateQuery('2025-03-14@example.org')).toBeUndefined();
    expect(parseDateQuery('0-0-0@0.aa')).toBeUndefined();
  });

  it('reads every real day back as itself', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date(0), max: new Date(Date.UTC(9999, 11, 31)), noInvalidDate: true }),
        (date) => {
          const day = date.toISOString().slice(0, 10);
          expect(parseDateQuery(day)).toMatchObject({ kind: 'date', text: day });
          const range = instants(day);
          expect(range && range.to - range.from).toBe(86_400_000);
        },
      ),
    );
  });

  it('means the instants of that zone’s days: 23 or 25 hours across DST', () => {
    expect(instants('2022-09-22', 'America/Los_Angeles')).toEqual({
      from: Date.UTC(2022, 8, 22, 7),
      to: Date.UTC(2022, 8, 23, 7),
    });
    expect(instants('2024-03-01..2024-03-31', 'Pacific/Auckland')).toEqual({
      from: Date.UTC(2024, 1, 29, 11),
      to: Date.UTC(2024, 2, 31, 11),
    });
    // West of UTC, the last day of 1969 holds the first hours of 1970 in UTC.
    expect(instants('1969-12-31', 'America/Los_Angeles')).toEqual({
      from: -16 * HOUR,
      to: 8 * HOUR,
    });
    const spring = instants('2025-03-09', 'America/Los_Angeles');
    expect(spring && spring.to - spring.from).toBe(23 * HOUR);
  });

  it('finds an instant under the day it is shown on, in every zone', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('UTC', 'America/Los_Angeles', 'Pacific/Auckland', 'Asia/Kathmandu'),
        fc.integer({ min: 0, max: Date.UTC(2100, 0, 1) }),
        (zone, at) => {
          const shown = isoDayOf(dayAt(zone, at));
          expect(parseDateQuery(shown)).toMatchObject({ kind: 'date', text: shown });
          const range = instants(shown, zone);
          expect(range?.from).toBeLessThanOrEqual(at);
          expect(range?.to).toBeGreaterThan(at);
        },
      ),
    );
  });
});
