import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RankCounter, RankError, type Parallel, type RankSource } from './rank-counter';

/** A list of keys served a page at a time, counting the reads. */
function sourceOf(
  keys: readonly number[],
  pageSize: number,
): RankSource<number> & { reads: number[] } {
  const reads: number[] = [];
  return {
    reads,
    pageSize,
    keyOf: (key) => key,
    readPage: async (page) => {
      reads.push(page);
      return { rows: keys.slice((page - 1) * pageSize, page * pageSize), total: keys.length };
    },
  };
}

const together: Parallel = async (tasks) => {
  await Promise.all(tasks.map((task) => task()));
};

const below = (keys: readonly number[], boundary: number) =>
  keys.filter((key) => key < boundary).length;

/** At most two reads per halving of the pages in doubt, plus the first and last pages. */
function readBound(pages: number, boundaries: number): number {
  return 2 + boundaries * (2 * Math.ceil(Math.log2(pages + 1)) + 1);
}

// Keys from a small range so ties (across page edges too) are common.
const sortedKeys = fc
  .array(fc.integer({ min: 0, max: 400 }), { maxLength: 300 })
  .map((keys) => [...keys].sort((a, b) => a - b));

describe('RankCounter', () => {
  it('counts exactly per boundary, either direction, any page size, within the read bound', async () => {
    await fc.assert(
      fc.asyncProperty(
        sortedKeys,
        fc.integer({ min: 1, max: 25 }),
        fc.array(fc.integer({ min: -10, max: 410 }), { minLength: 1, maxLength: 12 }),
        fc.boolean(),
        fc.boolean(),
        async (ascending, pageSize, boundaries, descending, concurrent) => {
          const keys = descending ? [...ascending].reverse() : ascending;
          const source = sourceOf(keys, pageSize);
          const counter = new RankCounter(source, concurrent ? together : undefined);
          const counts = await counter.countBelow(boundaries);
          expect(counts).toEqual(boundaries.map((boundary) => below(keys, boundary)));
          const pages = Math.max(1, Math.ceil(keys.length / pageSize));
          expect(counter.requests).toBeLessThanOrEqual(
            Math.min(pages, readBound(pages, boundaries.length)),
          );
          // Never a page twice, never one past the end.
          expect(new Set(source.reads).size).toBe(source.reads.length);
          expect(source.reads.every((page) => page >= 1 && page <= pages)).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('reads the key at a rank, smallest first in either direction, from the page holding it', async () => {
    await fc.assert(
      fc.asyncProperty(
        sortedKeys.filter((keys) => keys.length > 0),
        fc.integer({ min: 1, max: 25 }),
        fc.array(fc.nat(), { minLength: 1, maxLength: 5 }),
        fc.boolean(),
        async (ascending, pageSize, picks, descending) => {
          const keys = descending ? [...ascending].reverse() : ascending;
          const source = sourceOf(keys, pageSize);
          const counter = new RankCounter(source);
          const ranks = picks.map((pick) => pick % ascending.length);
          expect(await counter.keysAt(ranks)).toEqual(ranks.map((rank) => ascending[rank]));
          // The two ends and at most one page per rank.
          expect(counter.requests).toBeLessThanOrEqual(2 + ranks.length);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('finds each boundary of one alone within 2·log2(pages) reads and the two ends', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 0, max: 10_000 }), { minLength: 1, maxLength: 3000 }),
        fc.integer({ min: 1, max: 100 }),
        fc.integer({ min: 0, max: 10_000 }),
        async (unsorted, pageSize, boundary) => {
          const keys = [...unsorted].sort((a, b) => a - b);
          const counter = new RankCounter(sourceOf(keys, pageSize));
          expect(await counter.countBelow([boundary])).toEqual([below(keys, boundary)]);
          const pages = Math.ceil(keys.length / pageSize);
          expect(counter.requests).toBeLessThanOrEqual(readBound(pages, 1));
        },
      ),
      { numRuns: 200 },
    );
  });

  it('positions and rows between them are the rows in a range, read forward only to its end', async () => {
    await fc.assert(
      fc.asyncProperty(
        sortedKeys,
        fc.integer({ min: 1, max: 25 }),
        fc.integer({ min: 0, max: 400 }),
        fc.integer({ min: 0, max: 60 }),
        fc.boolean(),
        async (ascending, pageSize, from, span, descending) => {
          const keys = descending ? [...ascending].reverse() : ascending;
          const to = from + span;
          const counter = new RankCounter(sourceOf(keys, pageSize));
          const [a, b] = await counter.positions([from, to]);
          const rows = await counter.rowsBetween(Math.min(a!, b!), Math.max(a!, b!));
          expect(rows).toEqual(keys.filter((key) => key >= from && key < to));
        },
      ),
      { numRuns: 200 },
    );
  });

  it('says so when the total changes while counting', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 0, max: 1000 }), { minLength: 30, maxLength: 300 }),
        fc.integer({ min: 1, max: 10 }),
        fc.integer({ min: 1, max: 4 }),
        async (unsorted, pageSize, changeAfter) => {
          const keys = [...unsorted].sort((a, b) => a - b);
          let reads = 0;
          const counter = new RankCounter<number>({
            pageSize,
            keyOf: (key) => key,
            readPage: async (page) => {
              reads += 1;
              // A sign-up arrives: one more row at the end.
              const now = reads > changeAfter ? [...keys, 1001] : keys;
              return { rows: now.slice((page - 1) * pageSize, page * pageSize), total: now.length };
            },
          });
          const boundaries = [100, 200, 300, 400, 500, 600, 700, 800, 900];
          const outcome = await counter.countBelow(boundaries).catch((error: unknown) => error);
          if (Array.isArray(outcome)) {
            // Finished before the change reached it.
            expect(reads).toBeLessThanOrEqual(changeAfter);
            expect(outcome).toEqual(boundaries.map((boundary) => below(keys, boundary)));
          } else {
            expect(outcome).toBeInstanceOf(RankError);
            expect((outcome as RankError).kind).toBe('changed');
          }
        },
      ),
      { numRuns: 100 },
    );
  });

  it('says the list is unsorted when pages contradict the order', async () => {
    const keys = [
      ...Array.from({ length: 50 }, (_, i) => i),
      5,
      ...Array.from({ length: 49 }, (_, i) => 60 + i),
    ];
    const counter = new RankCounter(sourceOf(keys, 10));
    await expect(counter.countBelow([30, 55, 80])).rejects.toMatchObject({ kind: 'unsorted' });
  });

  it('refuses a row whose date cannot be read', async () => {
    const counter = new RankCounter(sourceOf([1, 2, Number.NaN, 4], 2));
    await expect(counter.extent()).rejects.toMatchObject({ kind: 'bad-key' });
  });

  it('goes on after a failed read with the pages it has', async () => {
    const keys = Array.from({ length: 1000 }, (_, i) => i * 10);
    const source = sourceOf(keys, 10);
    let failNext = true;
    const flaky: RankSource<number> = {
      ...source,
      readPage: async (page) => {
        if (page !== 1 && page !== 100 && failNext) {
          failNext = false;
          throw new Error('503');
        }
        return source.readPage(page);
      },
    };
    const counter = new RankCounter(flaky);
    await expect(counter.countBelow([5000])).rejects.toThrow('503');
    const before = counter.requests;
    expect(await counter.countBelow([5000])).toEqual([500]);
    // The first and last pages were not read again.
    expect(source.reads.filter((page) => page === 1)).toHaveLength(1);
    expect(counter.requests).toBeGreaterThan(before);
  });

  it('finds month boundaries in evenly spread dates in a few reads each', async () => {
    // 100,000 sign-ups over five years, 1,000 pages.
    let seed = 7;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    const start = Date.UTC(2021, 0, 1);
    const span = Date.UTC(2026, 0, 1) - start;
    const keys = Array.from({ length: 100_000 }, () => start + Math.floor(random() * span)).sort(
      (a, b) => a - b,
    );
    const months = Array.from({ length: 59 }, (_, i) => Date.UTC(2021, i + 1, 1));
    const counter = new RankCounter(sourceOf(keys, 100));
    expect(await counter.countBelow(months)).toEqual(months.map((month) => below(keys, month)));
    expect(counter.requests / months.length).toBeLessThanOrEqual(3);
  });
});
