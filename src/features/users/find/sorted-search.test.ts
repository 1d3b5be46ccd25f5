import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
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

function search(query: string, match: 'prefix' | 'exact' = 'prefix', maxMatches = 1_000_000) {
  return new SortedSearch<Row>({
    keyOf: (row) => row.name,
    query,
    match,
    pageSize: 100,
    maxMatches,
    maxRequests: 100_000,
  });
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

  it('stays within log2(pages) + 3 + one request per page of matches once the first page shows the order', async () => {
    // '-2+3' < '@cmd' < '+SUM' only by locale rules: the first page rules out every other order.
    const collator = new Intl.Collator('en');
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom('Ada', 'Ben', 'Chloé', 'Grace', 'Zoë', 'Émile', 'de la'), {
          minLength: 1,
          maxLength: 3,
        }),
        fc.integer({ min: 1, max: 2000 }),
        fc.integer({ min: 3, max: 100 }),
        fc.constantFrom('grace', 'ada', 'emile', 'zoe', 'de la', 'chloe', 'nobody'),
        async (firstNames, size, maxLimit, query) => {
          const names = Array.from(
            { length: size },
            (_, i) =>
              `${firstNames[i % firstNames.length]} ${i % 2 === 0 ? 'smith' : 'Smith'} ${i}`,
          );
          names.push('-2+3', '@cmd', '+SUM');
          const rows = sortRows(names, collator.compare, false);
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

  it('finds a unique name among 1,000,000 users in at most 20 requests', async () => {
    const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
    const first = ['Ada', 'Ben', 'Chloé', 'Émile', 'Grace', 'Hana', 'Ingrid', 'Zoë', 'de la Cruz'];
    const last = ['Ahmed', 'Brown', 'García', 'Hopkins', 'Müller', 'Okafor', 'Smith', 'Zhang'];
    const distinct = first.flatMap((f) => last.map((l) => `${f} ${l}`));
    distinct.push('+SUM(1+1)', '-2+3', '@cmd', 'Grace Hopper');
    distinct.sort(collator.compare);
    const total = 1_000_000;
    const copies = Math.floor((total - 1) / (distinct.length - 1));
    // Row i, lazily: every name `copies` times, Grace Hopper once, in the API's order.
    const at = (index: number): Row => {
      const unique = distinct.indexOf('Grace Hopper');
      const before = unique * copies;
      if (index < before)
        return { id: `user_${index}`, name: distinct[Math.floor(index / copies)] ?? '' };
      if (index === before) return { id: 'user_grace', name: 'Grace Hopper' };
      const rest = index - before - 1;
      return {
        id: `user_${index}`,
        name: distinct[unique + 1 + Math.floor(rest / copies)] ?? 'Zz',
      };
    };
    let requests = 0;
    const readPage: ReadPage<Row> = async (page, limit) => {
      requests += 1;
      const data: Row[] = [];
      for (let i = (page - 1) * limit; i < Math.min(total, page * limit); i += 1) data.push(at(i));
      return { data, meta: { total, page, limit } };
    };
    const result = await search('grace hopper').run(readPage);
    expect(result.kind === 'done' && result.matches.map((row) => row.id)).toEqual(['user_grace']);
    expect(requests).toBeLessThanOrEqual(20);
    // Lower case, accents and casing aside, the same user, as cheaply.
    requests = 0;
    const again = await search('GRÂCE HOPPER').run(readPage);
    expect(again.kind === 'done' && again.matches.map((row) => row.id)).toEqual(['user_grace']);
    expect(requests).toBeLessThanOrEqual(20);
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
