import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SortedSearch, type ReadPage } from './sorted-search';
import {
  API_ORDERS,
  expected,
  fakeApi,
  nameArb,
  rounds,
  search,
  sortRows,
  type Row,
} from './sorted-search-fixtures';

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
