import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  civilOf,
  DAY_MS,
  dayAt,
  dayNumberOf,
  isoDayOf,
  MAX_INSTANT,
  offsetAt,
  parseIsoDay,
  startOfDay,
  weekdayOf,
} from './zone-calendar';

const HOUR = 3_600_000;

/**
 * Zones whose rules test the edges: daylight saving either side of the equator, half- and
 * quarter-hour offsets, clocks that jump over midnight (Sao Paulo, Santiago, Beirut) or go back to it (Havana), days that
 * were skipped (Apia 2011-12-30, Kiritimati 1994-12-31), and offsets of minutes and seconds
 * before standard time (Amsterdam until 1937). Not here: zones that once put their clocks back
 * from just after midnight into the day before (St John's and Goose Bay at 00:01 until 2011),
 * where a local date runs backwards for a minute; there a day's last minute counts in the next.
 */
const ZONES = [
  'UTC',
  'America/Los_Angeles',
  'Pacific/Auckland',
  'America/Sao_Paulo',
  'America/Santiago',
  'Asia/Beirut',
  'Australia/Lord_Howe',
  'Asia/Kathmandu',
  'Pacific/Chatham',
  'Pacific/Apia',
  'Pacific/Kiritimati',
  'Europe/Amsterdam',
  'Europe/London',
  'America/Havana',
] as const;

const zone = fc.constantFrom(...ZONES);
/** 1850–2100, where the zones' rules change most. */
const anyInstant = fc.integer({ min: Date.UTC(1850, 0, 1), max: Date.UTC(2100, 0, 1) });

/** When a zone's offset changed in a year, to the millisecond (offsets sampled once a day). */
const transitionsMemo = new Map<string, number[]>();
function transitions(name: string, year: number): number[] {
  const key = `${name} ${year}`;
  let found = transitionsMemo.get(key);
  if (found) return found;
  found = [];
  const end = Date.UTC(year + 1, 0, 1);
  for (let at = Date.UTC(year, 0, 1); at < end; at += 24 * HOUR) {
    const before = offsetAt(name, at);
    if (offsetAt(name, at + 24 * HOUR) === before) continue;
    let [low, high] = [at, at + 24 * HOUR];
    while (high - low > 1) {
      const middle = Math.floor((low + high) / 2);
      if (offsetAt(name, middle) === before) low = middle;
      else high = middle;
    }
    found.push(high);
  }
  transitionsMemo.set(key, found);
  return found;
}

/**
 * Instants within a day of a zone's change of offset (where day arithmetic goes wrong), or
 * anywhere for a year without one.
 */
const nearChange = fc
  .tuple(
    zone,
    fc.constantFrom(1900, 1937, 1970, 1994, 2011, 2018, 2024, 2025, 2040),
    fc.nat(),
    fc.integer({ min: -30 * HOUR, max: 30 * HOUR }),
    anyInstant,
  )
  .map(([name, year, pick, delta, fallback]) => {
    const changes = transitions(name, year);
    const at = changes.length === 0 ? fallback : (changes[pick % changes.length] as number) + delta;
    return [name, at] as const;
  });
const zoneAndInstant = fc.oneof(fc.tuple(zone, anyInstant), nearChange);

describe('day numbers', () => {
  it('match the calendar Date keeps, and read back', () => {
    fc.assert(
      fc.property(fc.integer({ min: -100_000_000, max: 100_000_000 }), (day) => {
        const date = new Date(day * DAY_MS);
        const civil = civilOf(day);
        expect(civil).toEqual({
          year: date.getUTCFullYear(),
          month: date.getUTCMonth() + 1,
          day: date.getUTCDate(),
        });
        expect(dayNumberOf(civil)).toBe(day);
        expect(weekdayOf(day)).toBe((date.getUTCDay() + 6) % 7);
      }),
    );
  });

  it('write and read ISO days, expanded years included', () => {
    expect(isoDayOf(0)).toBe('1970-01-01');
    expect(isoDayOf(dayNumberOf({ year: 2024, month: 2, day: 29 }))).toBe('2024-02-29');
    expect(isoDayOf(dayNumberOf({ year: 0, month: 1, day: 1 }))).toBe('0000-01-01');
    expect(isoDayOf(dayNumberOf({ year: -1, month: 12, day: 31 }))).toBe('-000001-12-31');
    expect(isoDayOf(dayNumberOf({ year: 275760, month: 9, day: 13 }))).toBe('+275760-09-13');
    expect(parseIsoDay('2024-02-29')).toBe(dayNumberOf({ year: 2024, month: 2, day: 29 }));
    expect(parseIsoDay('2025-02-29')).toBeUndefined();
    expect(parseIsoDay('2025-13-01')).toBeUndefined();
    expect(parseIsoDay('2025-1-01')).toBeUndefined();
  });
});

describe('days in a zone', () => {
  it('puts every instant in exactly one day: the one it falls on there', () => {
    fc.assert(
      fc.property(zoneAndInstant, ([name, at]) => {
        const day = dayAt(name, at);
        expect(startOfDay(name, day)).toBeLessThanOrEqual(at);
        expect(startOfDay(name, day + 1)).toBeGreaterThan(at);
      }),
      { numRuns: 2000 },
    );
  });

  it('starts days in order, each at its own date, 23 to 25 hours apart', () => {
    fc.assert(
      fc.property(zoneAndInstant, ([name, at]) => {
        const day = dayAt(name, at);
        const [start, next, after] = [day, day + 1, day + 2].map((d) => startOfDay(name, d)) as [
          number,
          number,
          number,
        ];
        expect(next).toBeGreaterThanOrEqual(start);
        expect(after).toBeGreaterThanOrEqual(next);
        // A day that is there (not skipped) starts on its own date.
        if (next > start) expect(dayAt(name, start)).toBe(day);
        // Only a zone moving across the date line skips a day or makes one 47 hours long.
        if (name !== 'Pacific/Apia' && name !== 'Pacific/Kiritimati') {
          expect(next - start).toBeGreaterThanOrEqual(22 * HOUR);
          expect(next - start).toBeLessThanOrEqual(26 * HOUR);
        }
        // The instant before a day starts belongs to an earlier day.
        if (Number.isFinite(start)) expect(dayAt(name, start - 1)).toBeLessThan(day);
      }),
      { numRuns: 2000 },
    );
  });

  it('knows the examples: DST days of 23 and 25 hours, midnight skipped, a day skipped', () => {
    const day = (text: string) => parseIsoDay(text) as number;
    const length = (zoneName: string, text: string) =>
      (startOfDay(zoneName, day(text) + 1) - startOfDay(zoneName, day(text))) / HOUR;
    expect(startOfDay('America/Los_Angeles', day('2022-09-22'))).toBe(Date.UTC(2022, 8, 22, 7));
    expect(length('America/Los_Angeles', '2025-03-09')).toBe(23);
    expect(length('America/Los_Angeles', '2025-11-02')).toBe(25);
    expect(startOfDay('Pacific/Auckland', day('2024-03-01'))).toBe(Date.UTC(2024, 1, 29, 11));
    // Sao Paulo's clocks went from 23:59:59 to 01:00 on 2018-11-04: the day began at 01:00.
    expect(startOfDay('America/Sao_Paulo', day('2018-11-04'))).toBe(Date.UTC(2018, 10, 4, 3));
    // Apia went from 2011-12-29 straight to 2011-12-31.
    expect(length('Pacific/Apia', '2011-12-30')).toBe(0);
    expect(dayAt('Pacific/Apia', startOfDay('Pacific/Apia', day('2011-12-30')))).toBe(
      day('2011-12-31'),
    );
    expect(offsetAt('Pacific/Chatham', Date.UTC(2025, 0, 1))).toBe(13.75 * HOUR);
  });

  it('answers at the ends of what a Date holds, and beyond, without NaN', () => {
    for (const name of ['UTC', 'America/Los_Angeles', 'Pacific/Auckland']) {
      const first = dayAt(name, -MAX_INSTANT);
      const last = dayAt(name, MAX_INSTANT);
      expect(Number.isInteger(first) && Number.isInteger(last)).toBe(true);
      expect(startOfDay(name, last + 1)).toBe(Infinity);
      expect(startOfDay(name, last + 10_000)).toBe(Infinity);
      expect(startOfDay(name, first - 10_000)).toBe(-Infinity);
      expect(startOfDay(name, first)).toBeLessThanOrEqual(-MAX_INSTANT + DAY_MS);
      expect(startOfDay(name, last)).toBeLessThanOrEqual(MAX_INSTANT);
      expect(Number.isNaN(startOfDay(name, first))).toBe(false);
    }
  });
});
