import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ReadPage } from './sorted-search';
import {
  binary,
  codeUnits,
  expected,
  fakeApi,
  lower,
  rounds,
  search,
  sortRows,
  type Compare,
  type Row,
} from './sorted-search-fixtures';

/** What a search costs: requests and rounds against the bounds the issue set. */

/** The bound for one order: find the start by halving, then one request a page of matches. */
function bound(total: number, limit: number, matches: number): number {
  const pages = Math.max(1, Math.ceil(total / limit));
  return Math.ceil(Math.log2(pages)) + 3 + Math.ceil(matches / limit);
}

/**
 * The request-bound properties' lists: `size` people named after a few first names (accents and
 * a particle among them), "smith" in both cases, and three names whose order only locale rules
 * settle ('-2+3' < '@cmd' < '+SUM'), sorted by `compare`.
 */
const smithFirstNamesArb = fc.array(
  fc.constantFrom('Ada', 'Ben', 'Chloé', 'Grace', 'Zoë', 'Émile', 'de la'),
  { minLength: 1, maxLength: 3 },
);
const smithQueryArb = fc.constantFrom('grace', 'ada', 'emile', 'zoe', 'de la', 'chloe', 'nobody');

function smithRows(firstNames: readonly string[], size: number, compare: Compare): Row[] {
  const names = Array.from(
    { length: size },
    (_, i) => `${firstNames[i % firstNames.length]} ${i % 2 === 0 ? 'smith' : 'Smith'} ${i}`,
  );
  names.push('-2+3', '@cmd', '+SUM');
  return sortRows(names, compare, false);
}

describe('SortedSearch: cost', () => {
  it('stays within 2·log2(pages) + 4 requests and rounds, guessing and reading 4 at a time', async () => {
    const collator = new Intl.Collator('en');
    await fc.assert(
      fc.asyncProperty(
        smithFirstNamesArb,
        fc.integer({ min: 1, max: 3000 }),
        fc.integer({ min: 3, max: 100 }),
        smithQueryArb,
        async (firstNames, size, maxLimit, query) => {
          const rows = smithRows(firstNames, size, collator.compare);
          const api = fakeApi(rows, maxLimit);
          const { parallel } = rounds();
          const result = await search(query, 'prefix', 1_000_000, 4).run(
            api.readPage,
            undefined,
            parallel,
          );
          const want = expected(rows, query);
          expect(result.kind === 'done' && result.matches.map((row) => row.id)).toEqual(want);
          const pages = Math.max(1, Math.ceil(rows.length / maxLimit));
          // A guess that misses costs one read, and the next read there halves: twice halving's
          // reads at worst, and the list's last page, read beside the first halving.
          const halvings = Math.ceil(Math.log2(pages));
          const matchPages = Math.ceil(want.length / maxLimit);
          expect(api.requests).toBeLessThanOrEqual(2 * halvings + 4 + matchPages);
          expect(result.rounds).toBeLessThanOrEqual(2 * halvings + 3 + matchPages);
        },
      ),
      { numRuns: 100 },
    );
  }, 60_000);

  it('stays within log2(pages) + 3 + one request per page of matches once the first page shows the order', async () => {
    // '-2+3' < '@cmd' < '+SUM' only by locale rules: the first page rules out every other order.
    const collator = new Intl.Collator('en');
    await fc.assert(
      fc.asyncProperty(
        smithFirstNamesArb,
        fc.integer({ min: 1, max: 2000 }),
        fc.integer({ min: 3, max: 100 }),
        smithQueryArb,
        async (firstNames, size, maxLimit, query) => {
          const rows = smithRows(firstNames, size, collator.compare);
          const api = fakeApi(rows, maxLimit);
          const result = await search(query).run(api.readPage);
          const want = expected(rows, query);
          expect(result.kind === 'done' && result.matches.map((row) => row.id)).toEqual(want);
          expect(api.requests).toBeLessThanOrEqual(bound(rows.length, maxLimit, want.length));
        },
      ),
      { numRuns: 100 },
    );
  }, 60_000);

  // The goal for a unique name at 1,000,000 users: at most 20 requests under a locale
  // order, and at most 16 rounds (reads one after another) under any order. Shaped like the
  // mock's users: first names times last names, and a few names that start with an accent, a
  // lower-case letter or another script, which orders file apart.
  for (const [orderName, compare, maxRequests] of [
    ['locale', new Intl.Collator('en', { sensitivity: 'base', numeric: true }).compare, 20],
    ['code units', binary(codeUnits), 80],
    ['lower(), code units', binary(codeUnits, lower), 80],
  ] as const) {
    it(`finds a unique name among 1,000,000 users sorted by ${orderName} in at most 16 rounds and ${maxRequests} requests`, async () => {
      const first = [
        'Ada',
        'Amara',
        'Ben',
        'Carmen',
        'Chloé',
        'Dmitri',
        'Fatima',
        'Freya',
        'Gabriel',
        'Grace',
        'Hana',
        'Ingrid',
        'Kofi',
        'Mei',
        'Priya',
        'Tariq',
        'Wei',
        'Zoë',
      ];
      const last = [
        'Abara',
        'Ahmed',
        'Brown',
        'Chen',
        'García',
        'Haddad',
        'Hansen',
        'Hopkins',
        'Ito',
        'Kim',
        'Müller',
        'Núñez',
        'Okafor',
        'Smith',
        'Smith-Jones',
        'Zhang',
      ];
      const singles = [
        '+SUM(1+1)',
        '-2+3',
        '@cmd',
        'Grace Hopper',
        'Émile Zola',
        'de la Cruz María',
        'Алексей Смирнов',
        '山田 太郎',
      ];
      const distinct = [...first.flatMap((f) => last.map((l) => `${f} ${l}`)), ...singles];
      distinct.sort(compare);
      const total = 1_000_000;
      const copies = Math.floor((total - singles.length) / (distinct.length - singles.length));
      // Where each name's rows start: the singles once, every other name `copies` times, as
      // "Ada Abara 0000", "Ada Abara 0001"… (zero-padded: the same order under every collation).
      const starts: number[] = [];
      let next = 0;
      for (const name of distinct) {
        starts.push(next);
        next += singles.includes(name) ? 1 : copies;
      }
      const at = (index: number): Row => {
        let low = 0;
        let high = starts.length - 1;
        while (low < high) {
          const middle = Math.ceil((low + high) / 2);
          if ((starts[middle] as number) <= index) low = middle;
          else high = middle - 1;
        }
        const name = distinct[low] as string;
        const copy = index - (starts[low] as number);
        if (singles.includes(name)) return { id: `user_${name}`, name };
        return { id: `user_${index}`, name: `${name} ${String(copy).padStart(4, '0')}` };
      };
      let requests = 0;
      const readPage: ReadPage<Row> = async (page, limit) => {
        requests += 1;
        const data: Row[] = [];
        for (let i = (page - 1) * limit; i < Math.min(next, page * limit); i += 1) {
          data.push(at(i));
        }
        return { data, meta: { total: next, page, limit } };
      };
      // Lower case, accents and casing aside, the same user, as cheaply.
      for (const query of ['grace hopper', 'GRÂCE HOPPER']) {
        requests = 0;
        const { seen, parallel } = rounds();
        const result = await search(query, 'prefix', 1_000, 4).run(readPage, undefined, parallel);
        expect(result.kind === 'done' && result.matches.map((row) => row.id)).toEqual([
          'user_Grace Hopper',
        ]);
        expect(result.kind === 'done' && result.rounds).toBeLessThanOrEqual(16);
        expect(requests).toBeLessThanOrEqual(maxRequests);
        expect(seen.largest).toBeLessThanOrEqual(4);
      }
    });
  }
});
