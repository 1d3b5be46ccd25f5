import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Parallel } from '../rank/rank-counter';
import { SortedSearch, type ReadPage } from './sorted-search';
import { foldText } from './text-fold';

/**
 * An API whose pages overlap: every page after the first starts with the row that ended the page
 * before (a row added ahead of them between two reads does this, and some APIs always do). The
 * search must count such a row once: "2 matches" for one person keeps the one from opening.
 */

interface Row {
  id: string;
  name: string;
}

const codeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
/** Orders real APIs use: a collation, binary, binary of the lower-cased name. */
const ORDERS: Record<string, (a: string, b: string) => number> = {
  locale: new Intl.Collator('en', { sensitivity: 'base' }).compare,
  'code units': codeUnits,
  'lower(), code units': (a, b) => codeUnits(a.toLowerCase(), b.toLowerCase()),
};

const nameArb = fc
  .array(fc.constantFrom('a', 'b', 'A', 'B', 'é', 'É', ' ', '-', 'ж', '山'), {
    minLength: 1,
    maxLength: 5,
  })
  .map((parts) => parts.join(''));

function sortRows(names: readonly string[], compare: (a: string, b: string) => number): Row[] {
  return names
    .map((name, index) => ({ id: `user_${index}`, name }))
    .sort((a, b) => compare(a.name, b.name));
}

function overlappingApi(rows: readonly Row[], limit: number): ReadPage<Row> {
  return async (page) => {
    const data = rows.slice((page - 1) * limit, page * limit);
    const edge = page > 1 && data.length > 0 ? rows[(page - 1) * limit - 1] : undefined;
    return { data: edge ? [edge, ...data] : data, meta: { total: rows.length, page, limit } };
  };
}

function search(query: string, width: number) {
  return new SortedSearch<Row>({
    keyOf: (row) => row.name,
    idOf: (row) => row.id,
    query,
    match: 'prefix',
    pageSize: 100,
    maxMatches: 1_000_000,
    maxRequests: 100_000,
    width,
    interpolate: width > 1,
  });
}

const allAtOnce: Parallel = async (tasks) => {
  await Promise.all(tasks.map((task) => task()));
};

describe('SortedSearch over pages that overlap', () => {
  it('counts the row that ends one page and starts the next once', async () => {
    const names = Array.from({ length: 300 }, (_, i) => `Person ${String(i).padStart(3, '0')}`);
    const rows = sortRows(names, ORDERS.locale!);
    // The last row of page 1, and again the first of page 2.
    const result = await search('person 099', 1).run(overlappingApi(rows, 100));
    expect(result.kind === 'done' && result.matches.map((row) => row.name)).toEqual(['Person 099']);
  });

  for (const width of [1, 4]) {
    it(`finds each matching row once, in every order (${width} a round)`, async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.array(nameArb, { minLength: 1, maxLength: 400 }),
          fc.integer({ min: 1, max: 20 }),
          fc.constantFrom(...Object.keys(ORDERS)),
          // The start of a name in the list, so that matches cross page edges often.
          fc.nat(),
          fc.integer({ min: 1, max: 5 }),
          async (names, limit, orderName, pick, length) => {
            const rows = sortRows(names, ORDERS[orderName]!);
            const start = [...names[pick % names.length]!].slice(0, length).join('');
            const query = start.trim() === '' ? 'a' : start;
            const result = await search(query, width).run(
              overlappingApi(rows, limit),
              undefined,
              allAtOnce,
            );
            expect(result.kind).toBe('done');
            if (result.kind !== 'done') return;
            const folded = foldText(query);
            const want = rows.filter((row) => foldText(row.name).startsWith(folded));
            expect(result.matches.map((row) => row.id)).toEqual(want.map((row) => row.id));
          },
        ),
        { numRuns: 60 },
      );
    });
  }
});
