import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CONCURRENCY } from '../pool/request-pool';
import { ListScan, type ScanResult } from './list-scan';
import type { SearchPage } from './sorted-search';

interface Row {
  id: string;
  value: number;
}

const isMatch = (row: Row) => row.value % 3 === 0;

/**
 * An API over `rows`, `pageSize` a page, whose answers `schedule` lets arrive in any order;
 * `repeatEdge`: every page after the first starts with the row that ended the page before.
 */
function fakeApi(
  rows: readonly Row[],
  pageSize: number,
  schedule: <T>(value: T) => Promise<T>,
  repeatEdge = false,
) {
  const api = {
    asked: [] as number[],
    failOn: undefined as number | undefined,
    requests: () => api.asked.length,
    readPage: (page: number): Promise<SearchPage<Row>> => {
      api.asked.push(page);
      if (api.failOn === page) {
        api.failOn = undefined;
        return Promise.reject(new Error(`page ${page} failed`));
      }
      const start = (page - 1) * pageSize;
      const data = rows.slice(start, start + pageSize);
      if (repeatEdge && page > 1 && start < rows.length) data.unshift(rows[start - 1] as Row);
      return schedule({ data, meta: { total: rows.length, page, limit: pageSize } });
    },
  };
  return api;
}

const rowsArb = fc
  .array(fc.integer({ min: 0, max: 20 }), { maxLength: 120 })
  .map((values) => values.map((value, index) => ({ id: `row_${index}`, value })));

function scanOf(pageSize: number, maxMatches = 1_000_000, stopAtFirst = false) {
  return new ListScan<Row>({ pageSize, idOf: (row) => row.id, isMatch, maxMatches, stopAtFirst });
}

function runOver(
  scan: ListScan<Row>,
  api: ReturnType<typeof fakeApi>,
  options: { maxRequests?: number; signal?: AbortSignal } = {},
) {
  return scan.run({
    readPage: (page) => api.readPage(page),
    requests: api.requests,
    maxRequests: options.maxRequests ?? 1_000_000,
    signal: options.signal ?? new AbortController().signal,
    onProgress: () => undefined,
  });
}

const done = (result: ScanResult<Row>) => {
  if (result.kind !== 'done') throw new Error(`The scan ended ${result.kind}.`);
  return result;
};

const ids = (rows: readonly Row[]) => rows.map((row) => row.id);

describe('ListScan', () => {
  it('finds exactly the matching rows in list order, each once, whatever order pages arrive in', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.scheduler(),
        rowsArb,
        fc.integer({ min: 1, max: 15 }),
        fc.boolean(),
        async (s, rows, pageSize, repeatEdge) => {
          const api = fakeApi(
            rows,
            pageSize,
            (value) => s.schedule(Promise.resolve(value)),
            repeatEdge,
          );
          const result = done(await s.waitFor(runOver(scanOf(pageSize), api)));
          expect(ids(result.matches)).toEqual(ids(rows.filter(isMatch)));
          expect(result.truncated).toBe(false);
          expect(result.read).toEqual({ rows: rows.length, total: rows.length });
          // Each page once, page 1 first.
          expect(new Set(api.asked).size).toBe(api.asked.length);
          expect(api.asked.length).toBe(Math.max(1, Math.ceil(rows.length / pageSize)));
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
          const api = fakeApi(rows, pageSize, (value) => s.schedule(Promise.resolve(value)));
          const scan = scanOf(pageSize, bound);
          const want = ids(rows.filter(isMatch));
          const first = done(await s.waitFor(runOver(scan, api)));
          // Whole pages are handed on: a page may take it past the bound.
          expect(ids(first.matches)).toEqual(want.slice(0, first.matches.length));
          expect(first.matches.length).toBeGreaterThanOrEqual(Math.min(bound, want.length));
          if (first.truncated) {
            expect(first.stoppedBy).toBe('matches');
            expect(first.read.rows).toBeLessThan(rows.length);
          } else {
            expect(ids(first.matches)).toEqual(want);
          }
          scan.goOn(1_000_000, 1_000_000, api.requests());
          const all = done(await s.waitFor(runOver(scan, api)));
          expect(ids(all.matches)).toEqual(want);
          // Only the pages in flight when it stopped are asked for again.
          const pages = Math.max(1, Math.ceil(rows.length / pageSize));
          expect(api.asked.length).toBeLessThanOrEqual(pages + DEFAULT_CONCURRENCY);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('makes no more requests than the first total implies plus a margin, or its bound', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 3_000 }),
        fc.integer({ min: 1, max: 40 }),
        fc.integer({ min: 1, max: 100 }),
        async (total, pageSize, maxRequests) => {
          // A list of no matches: every page is read that may be.
          const rows = Array.from({ length: total }, (_, i) => ({ id: `row_${i}`, value: 1 }));
          const api = fakeApi(rows, pageSize, (value) => Promise.resolve(value));
          const result = done(await runOver(scanOf(pageSize), api, { maxRequests }));
          const pages = Math.max(1, Math.ceil(total / pageSize));
          expect(api.asked.length).toBeLessThanOrEqual(Math.max(1, Math.min(pages, maxRequests)));
          // Never "all read" when it was not; cut only by the bound.
          if (api.asked.length < pages) expect(result.truncated).toBe(true);
          if (result.truncated) {
            expect(result.stoppedBy).toBe('requests');
            expect(api.asked.length).toBe(maxRequests);
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
          const api = fakeApi(rows, pageSize, (value) => s.schedule(Promise.resolve(value)));
          api.failOn = failOn;
          const scan = scanOf(pageSize);
          const first = await s.waitFor(runOver(scan, api).catch((error: unknown) => error));
          const pages = Math.max(1, Math.ceil(rows.length / pageSize));
          if (failOn <= pages) expect(first).toEqual(new Error(`page ${failOn} failed`));
          const before = api.asked.length;
          const result = done(await s.waitFor(runOver(scan, api)));
          expect(ids(result.matches)).toEqual(ids(rows.filter(isMatch)));
          // Only the failed page and those in flight beside it are asked for again.
          expect(api.asked.length).toBeLessThanOrEqual(pages + 1 + DEFAULT_CONCURRENCY);
          if (failOn !== 1) expect(api.asked.slice(before)).not.toContain(1);
        },
      ),
      { numRuns: 100 },
    );
  });

  it('stops at the first match when one is all there is, and says nothing was cut', async () => {
    const rows = Array.from({ length: 1_000 }, (_, i) => ({
      id: `row_${i}`,
      value: i === 250 ? 3 : 1,
    }));
    const api = fakeApi(rows, 10, (value) => Promise.resolve(value));
    const result = done(await runOver(scanOf(10, 1_000_000, true), api));
    expect([ids(result.matches), result.truncated]).toEqual([['row_250'], false]);
    expect(api.asked.length).toBeLessThan(100);
  });

  it('keeps what it found when cancelled, and sends nothing more', async () => {
    const rows = Array.from({ length: 1_000 }, (_, i) => ({ id: `row_${i}`, value: i }));
    const controller = new AbortController();
    const api = fakeApi(rows, 10, (value) => {
      if (api.asked.length === 5) controller.abort();
      return Promise.resolve(value);
    });
    const scan = scanOf(10);
    const result = await runOver(scan, api, { signal: controller.signal });
    expect(result.kind).toBe('cancelled');
    const sent = api.asked.length;
    expect(sent).toBeLessThan(100);
    expect(scan.matches().length).toBeGreaterThan(0);
    expect(ids(scan.matches())).toEqual(ids(rows.filter(isMatch)).slice(0, scan.matches().length));
  });
});
