import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CONCURRENCY } from '../pool/request-pool';
import { scanRequestBound } from './list-scan';
import { fakeApi, ids, isMatch, live, rowsOf, scanOf, type Row } from './list-scan-fixtures';

const rowsArb = fc
  .array(fc.integer({ min: 0, max: 20 }), { maxLength: 120 })
  .map((values) => values.map((value, index) => ({ id: `row_${index}`, value })));

const pagesOf = (rows: number, pageSize: number) => Math.max(1, Math.ceil(rows / pageSize));

describe('ListScan (properties)', () => {
  it('finds exactly the matching rows in list order, each once, whatever order pages arrive in', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.scheduler(),
        rowsArb,
        fc.integer({ min: 1, max: 15 }),
        fc.boolean(),
        async (s, rows, pageSize, repeatEdge) => {
          const api = fakeApi(rows, pageSize, {
            repeatEdge,
            schedule: (value) => s.schedule(Promise.resolve(value)),
          });
          const result = await s.waitFor(scanOf(api, pageSize).run(live()));
          expect(ids(result.matches)).toEqual(ids(rows.filter(isMatch)));
          expect(result.stop).toBe('end');
          expect(result.searched).toBe(rows.length);
          // Each page once, page 1 first.
          expect(new Set(api.asked).size).toBe(api.asked.length);
          expect(api.asked.length).toBe(pagesOf(rows.length, pageSize));
          expect(api.asked[0]).toBe(1);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('stops at its bound on matches with the first ones, says so, and goes on from there', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.scheduler(),
        rowsArb,
        fc.integer({ min: 1, max: 15 }),
        fc.integer({ min: 1, max: 10 }),
        async (s, rows, pageSize, bound) => {
          const api = fakeApi(rows, pageSize, {
            schedule: (value) => s.schedule(Promise.resolve(value)),
          });
          const scan = scanOf(api, pageSize, { maxMatches: bound });
          const want = ids(rows.filter(isMatch));
          const first = await s.waitFor(scan.run(live()));
          // Whole pages are handed on: a page may take it past the bound.
          expect(ids(first.matches)).toEqual(want.slice(0, first.matches.length));
          expect(first.matches.length).toBeGreaterThanOrEqual(Math.min(bound, want.length));
          if (first.stop === 'matches') {
            expect(first.searched).toBeLessThan(rows.length);
          } else {
            expect(first.stop).toBe('end');
            expect(ids(first.matches)).toEqual(want);
          }
          scan.raise(1_000_000, 1_000_000);
          const all = await s.waitFor(scan.run(live()));
          expect(ids(all.matches)).toEqual(want);
          // Only the pages in flight when it stopped are asked for again.
          expect(api.asked.length).toBeLessThanOrEqual(
            pagesOf(rows.length, pageSize) + DEFAULT_CONCURRENCY,
          );
        },
      ),
      { numRuns: 150 },
    );
  });

  it('never makes more requests than the first total and its margin, or the cap, and says which stopped it', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 400 }),
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: 1, max: 300 }),
        fc.constantFrom(1, 2),
        async (count, claimed, most, perPage) => {
          // A list of no matches, whose total may be far from the truth; each page may cost two
          // requests (a retry), by the caller's count.
          const api = fakeApi(rowsOf(count), 100, { total: claimed });
          const requests = () => perPage * api.asked.length;
          const result = await scanOf(api, 100, { maxRequests: most, requests }).run(live());
          const bound = scanRequestBound(Math.ceil(claimed / 100), most);
          // Page 1 is always read, for the total; no page starts at the bound, so only the last
          // one started can pass it, by its retry.
          expect(requests()).toBeLessThanOrEqual(Math.max(perPage, bound.requests + perPage - 1));
          if (perPage === 1)
            expect(api.asked.length).toBeLessThanOrEqual(Math.max(1, bound.requests));
          if (result.stop === 'requests') {
            expect(result.bound).toBe(bound.by);
            expect(requests()).toBeGreaterThanOrEqual(bound.requests);
          } else {
            expect(result.stop).toBe('end');
            expect(api.asked.length).toBe(pagesOf(claimed, 100));
          }
        },
      ),
      { numRuns: 100 },
    );
  });

  it('goes on after a failed page, asking again only for what was in flight', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.scheduler(),
        rowsArb,
        fc.integer({ min: 1, max: 15 }),
        fc.integer({ min: 1, max: 12 }),
        async (s, rows, pageSize, failOn) => {
          const api = fakeApi(rows, pageSize, {
            schedule: (value) => s.schedule(Promise.resolve(value)),
          });
          api.failOn = failOn;
          const scan = scanOf(api, pageSize);
          const first = await s.waitFor(scan.run(live()).catch((error: unknown) => error));
          const pages = pagesOf(rows.length, pageSize);
          if (failOn <= pages) expect(first).toEqual(new Error(`page ${failOn} failed`));
          const before = api.asked.length;
          const result = await s.waitFor(scan.run(live()));
          expect(ids(result.matches)).toEqual(ids(rows.filter(isMatch)));
          // Only the failed page and those in flight beside it are asked for again.
          expect(api.asked.length).toBeLessThanOrEqual(pages + 1 + DEFAULT_CONCURRENCY);
          if (failOn !== 1) expect(api.asked.slice(before)).not.toContain(1);
        },
      ),
      { numRuns: 100 },
    );
  });

  it('finds an id wherever it is, in any timing, and asks for nothing once it is in', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.scheduler(),
        fc.integer({ min: 0, max: 2_500 }),
        fc.option(fc.nat(), { nil: undefined }),
        async (s, count, where) => {
          const at = where === undefined || count === 0 ? undefined : where % count;
          const rows = rowsOf(count, (index) => index === at);
          const api = fakeApi(rows, 100, {
            schedule: (value) => s.schedule(Promise.resolve(value)),
          });
          let askedAtHit: number | undefined;
          const scan = scanOf(api, 100, { take: 'anywhere', stopAtFirst: true });
          const result = await s.waitFor(
            scan.run(live(), (progress) => {
              if (progress.matches.length > 0) askedAtHit ??= api.asked.length;
            }),
          );
          expect(new Set(api.asked).size).toBe(api.asked.length);
          if (at === undefined) {
            expect(result.stop).toBe('end');
            expect(api.asked.length).toBe(pagesOf(count, 100));
          } else {
            expect(result.stop).toBe('found');
            expect(result.matches).toEqual([rows[at]]);
            expect(api.asked.length).toBe(askedAtHit);
          }
          expect(result.requests).toBe(api.asked.length);
        },
      ),
      { numRuns: 80 },
    );
  });

  it('takes several ids from wherever they are, each once, and stops once all are in', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.scheduler(),
        rowsArb,
        fc.integer({ min: 1, max: 15 }),
        fc.boolean(),
        async (s, rows, pageSize, repeatEdge) => {
          const api = fakeApi(rows, pageSize, {
            repeatEdge,
            schedule: (value) => s.schedule(Promise.resolve(value)),
          });
          const want = rows.filter(isMatch);
          let askedAtAll: number | undefined;
          const scan = scanOf(api, pageSize, { take: 'anywhere', maxMatches: want.length || 1 });
          const result = await s.waitFor(
            scan.run(live(), (progress) => {
              if (progress.matches.length === want.length) askedAtAll ??= api.asked.length;
            }),
          );
          const byId = (a: Row, b: Row) => a.id.localeCompare(b.id);
          expect([...result.matches].sort(byId)).toEqual([...want].sort(byId));
          expect(new Set(api.asked).size).toBe(api.asked.length);
          if (want.length > 0) expect(api.asked.length).toBe(askedAtAll);
          else expect(result.stop).toBe('end');
        },
      ),
      { numRuns: 150 },
    );
  });
});
