import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Parallel } from '../../../lib/rank/rank-counter';
import { SortedSearch, type ReadPage } from './sorted-search';
import { foldText } from './text-fold';

interface Row {
  id: string;
  name: string;
}

type Compare = (a: string, b: string) => number;

function binary(units: (text: string) => number[], transform = (text: string) => text): Compare {
  return (a, b) => {
    const x = units(transform(a));
    const y = units(transform(b));
    for (let i = 0; i < Math.min(x.length, y.length); i += 1) {
      if (x[i] !== y[i]) return (x[i] as number) - (y[i] as number);
    }
    return x.length - y.length;
  };
}
const codeUnits = (text: string) =>
  Array.from({ length: text.length }, (_, i) => text.charCodeAt(i));
const codePoints = (text: string) => Array.from(text, (char) => char.codePointAt(0) ?? 0);
const lower = (text: string) => text.toLowerCase();
const upper = (text: string) => text.toUpperCase();

/** How real APIs order names: collations at several strengths, binary orders, lower(). */
const API_ORDERS: Record<string, Compare> = {
  'locale, tertiary': new Intl.Collator('en').compare,
  'locale, base': new Intl.Collator('en', { sensitivity: 'base' }).compare,
  'locale, numeric': new Intl.Collator('en', { numeric: true }).compare,
  'locale, ignoring punctuation': new Intl.Collator('en', { ignorePunctuation: true }).compare,
  'code units': binary(codeUnits),
  'code points': binary(codePoints),
  'lower(), code units': binary(codeUnits, lower),
  'lower(), code points': binary(codePoints, lower),
  'upper(), code points': binary(codePoints, upper),
};

/**
 * A fake API over `rows` sorted by `compare` (ties in a random but fixed order), paging at most
 * `maxLimit` rows, counting requests.
 */
function fakeApi(rows: Row[], maxLimit: number) {
  const api = {
    requests: 0,
    readPage: (async (page, limit) => {
      api.requests += 1;
      const effective = Math.min(limit, maxLimit);
      const data = rows.slice((page - 1) * effective, page * effective);
      return { data, meta: { total: rows.length, page, limit: effective } };
    }) satisfies ReadPage<Row>,
  };
  return api;
}

function sortRows(names: string[], compare: Compare, descending: boolean): Row[] {
  const rows = names.map((name, index) => ({ id: `user_${index}`, name }));
  rows.sort((a, b) => (descending ? -1 : 1) * compare(a.name, b.name));
  return rows;
}

function search(
  query: string,
  match: 'prefix' | 'exact' = 'prefix',
  maxMatches = 1_000_000,
  width = 1,
) {
  return new SortedSearch<Row>({
    keyOf: (row) => row.name,
    idOf: (row) => row.id,
    query,
    match,
    pageSize: 100,
    maxMatches,
    maxRequests: 100_000,
    width,
    interpolate: width > 1,
  });
}

/** Runs each round's reads at once, as the pool does, and notes the largest round. */
function rounds() {
  const seen = { largest: 0 };
  const parallel: Parallel = async (tasks) => {
    seen.largest = Math.max(seen.largest, tasks.length);
    await Promise.all(tasks.map((task) => task()));
  };
  return { seen, parallel };
}

function expected(rows: Row[], query: string): string[] {
  const folded = foldText(query);
  return rows.filter((row) => foldText(row.name).startsWith(folded)).map((row) => row.id);
}

/** The bound for one order: find the start by halving, then one request a page of matches. */
function bound(total: number, limit: number, matches: number): number {
  const pages = Math.max(1, Math.ceil(total / limit));
  return Math.ceil(Math.log2(pages)) + 3 + Math.ceil(matches / limit);
}

// Letters in several cases and scripts, accents precomposed and combining, an astral character
// (code units and code points disagree on it), spaces and punctuation that collations weigh
// differently.
const LETTERS = [
  'a',
  'b',
  'A',
  'B',
  'é',
  'É',
  'e\u0301',
  ' ',
  '-',
  'ж',
  'Ж',
  '山',
  '\u{1F600}',
  'ﬀ',
];
const nameArb = fc
  .array(fc.constantFrom(...LETTERS), { minLength: 0, maxLength: 6 })
  .map((parts) => parts.join(''));

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

describe('SortedSearch', () => {
  for (const [orderName, compare] of Object.entries(API_ORDERS)) {
    for (const descending of [false, true]) {
      it(`finds exactly the matching rows in a list sorted by ${orderName}${descending ? ', descending' : ''}`, async () => {
        await fc.assert(
          fc.asyncProperty(
            fc.array(nameArb, { minLength: 0, maxLength: 400 }),
            fc.integer({ min: 1, max: 100 }),
            fc.oneof(
              nameArb.filter((q) => q.trim() !== ''),
              fc.constantFrom('a', 'É', 'ab'),
            ),
            async (names, maxLimit, query) => {
              const rows = sortRows(names, compare, descending);
              const api = fakeApi(rows, maxLimit);
              const result = await search(query).run(api.readPage);
              const want = expected(rows, query);
              // Whatever the order, an API that sorted is never taken for one that did not.
              expect(result.kind).toBe('done');
              if (result.kind !== 'done') return;
              expect(result.matches.map((row) => row.id)).toEqual(want);
              expect(result.requests).toBe(api.requests);
            },
          ),
          { numRuns: 60 },
        );
      });
    }
  }

  for (const [orderName, compare] of Object.entries(API_ORDERS)) {
    it(`finds exactly the matching rows reading up to 4 pages a round, sorted by ${orderName}`, async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.array(nameArb, { minLength: 0, maxLength: 600 }),
          fc.integer({ min: 1, max: 60 }),
          fc.boolean(),
          fc.oneof(
            nameArb.filter((q) => q.trim() !== ''),
            fc.constantFrom('a', 'É', 'ab'),
          ),
          async (names, maxLimit, descending, query) => {
            const rows = sortRows(names, compare, descending);
            const api = fakeApi(rows, maxLimit);
            const { seen, parallel } = rounds();
            const result = await search(query, 'prefix', 1_000_000, 4).run(
              api.readPage,
              undefined,
              parallel,
            );
            expect(result.kind).toBe('done');
            if (result.kind !== 'done') return;
            // Ties across page edges included: the run of equal names is read whole.
            expect(result.matches.map((row) => row.id)).toEqual(expected(rows, query));
            expect(result.requests).toBe(api.requests);
            expect(seen.largest).toBeLessThanOrEqual(4);
            expect(result.rounds).toBeLessThanOrEqual(result.requests);
          },
        ),
        { numRuns: 40 },
      );
    });
  }

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

  it('says when it stopped at its bound on requests', async () => {
    const rows = Array.from({ length: 5000 }, (_, i) => ({
      id: `user_${i}`,
      name: `Ann ${String(i).padStart(4, '0')}`,
    }));
    const result = await new SortedSearch<Row>({
      keyOf: (row) => row.name,
      idOf: (row) => row.id,
      query: 'ann',
      match: 'prefix',
      pageSize: 100,
      maxMatches: 1_000_000,
      maxRequests: 5,
      width: 4,
    }).run(fakeApi(rows, 100).readPage);
    expect(result.kind === 'done' && [result.truncated, result.stoppedBy]).toEqual([
      true,
      'requests',
    ]);
    expect(result.kind === 'done' && result.requests).toBeLessThanOrEqual(5);
  });

  it('says the list is not sorted when the pages contradict every order', async () => {
    const names = ['Mia', 'Ada', 'Zoë', 'Ben', 'Yusuf', 'Carmen', 'Xu', 'Dmitri'];
    const rows = Array.from({ length: 400 }, (_, i) => ({
      id: `user_${i}`,
      name: names[i % names.length] ?? '',
    }));
    const result = await search('ada').run(fakeApi(rows, 100).readPage);
    expect(result.kind).toBe('unsorted');
  });

  it('stops at maxMatches and says so', async () => {
    const rows = Array.from({ length: 5000 }, (_, i) => ({ id: `user_${i}`, name: `Ann ${i}` }));
    rows.sort((a, b) => (a.name < b.name ? -1 : 1));
    const result = await search('ann', 'prefix', 250).run(fakeApi(rows, 100).readPage);
    expect(result.kind === 'done' && [result.matches.length, result.truncated]).toEqual([
      250,
      true,
    ]);
  });

  it('matches e-mails whole, case aside', async () => {
    const emails = ['a@x.org', 'ab@x.org', 'AB@x.org', 'b@x.org'].sort();
    const rows = emails.map((name, i) => ({ id: `user_${i}`, name }));
    const result = await search('ab@x.org', 'exact').run(fakeApi(rows, 100).readPage);
    expect(result.kind === 'done' && result.matches.map((row) => row.name).sort()).toEqual([
      'AB@x.org',
      'ab@x.org',
    ]);
  });

  it('goes on from where it stopped after a failed request, reading no page twice', async () => {
    const collator = new Intl.Collator('en');
    const names = Array.from({ length: 3000 }, (_, i) => `Person ${String(i).padStart(4, '0')}`);
    names.push('-2+3', '@cmd', '+SUM', 'Person 1500 Émile', 'person 1500 émile');
    const rows = sortRows(names, collator.compare, false);
    const api = fakeApi(rows, 100);
    const seen: number[] = [];
    let failNext = 2;
    const flaky: ReadPage<Row> = async (page, limit) => {
      failNext -= 1;
      if (failNext === 0) throw new Error('503');
      seen.push(page);
      return api.readPage(page, limit);
    };
    const searchState = search('person 1500 emile');
    await expect(searchState.run(flaky)).rejects.toThrow('503');
    const result = await searchState.run(flaky);
    expect(result.kind === 'done' && result.matches.map((row) => row.name).sort()).toEqual([
      'Person 1500 Émile',
      'person 1500 émile',
    ]);
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('finishes quickly on a total of 2^53 − 1 rows a page (walking the gaps, not the pages)', async () => {
    // One row a page, named after its position: sorted in every order the search considers.
    const nameAt = (position: number) => `n${String(position).padStart(16, '0')}`;
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }),
        fc.boolean(),
        async (target, exact) => {
          const asked: number[] = [];
          const readPage: ReadPage<Row> = async (page, limit) => {
            asked.push(page);
            return {
              data: [{ id: `user_${page}`, name: nameAt(page) }],
              meta: { total: Number.MAX_SAFE_INTEGER, page, limit: Math.min(limit, 1) },
            };
          };
          const query = exact ? nameAt(target) : nameAt(target).slice(0, 12);
          const started = performance.now();
          const result = await new SortedSearch<Row>({
            keyOf: (row) => row.name,
            idOf: (row) => row.id,
            query,
            match: 'prefix',
            pageSize: 1,
            maxMatches: 1_000,
          }).run(readPage);
          expect(performance.now() - started).toBeLessThan(2_000);
          expect(result.kind).toBe('done');
          expect(asked.length).toBeLessThanOrEqual(200);
          expect(asked.every((page) => Number.isSafeInteger(page) && page >= 1)).toBe(true);
          if (exact && result.kind === 'done') {
            expect(result.matches.map((row) => row.id)).toEqual([`user_${target}`]);
          }
        },
      ),
      { numRuns: 30 },
    );
  });
});
