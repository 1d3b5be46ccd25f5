import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-error';
import {
  ListScan,
  MAX_SCAN_REQUESTS,
  SCAN_PAGE_SIZE,
  scanRequestBound,
  type ReadPage,
  type ScanOptions,
} from './product-scan';

interface Item {
  id: string;
  tag: string;
}

const items = (count: number, tagOf: (index: number) => string = () => 'x'): Item[] =>
  Array.from({ length: count }, (_, index) => ({ id: `prod_${index}`, tag: tagOf(index) }));

/** A list of pages at the API's largest page size, answering after `delays` (by page). */
function listApi(list: readonly Item[], options: { delays?: number[]; total?: number } = {}) {
  const asked: number[] = [];
  const readPage: ReadPage<Item> = async (page, signal) => {
    asked.push(page);
    const ms = options.delays?.[page % options.delays.length] ?? 0;
    if (ms > 0) await new Promise((resolve) => setTimeout(resolve, ms));
    signal.throwIfAborted();
    const start = (page - 1) * SCAN_PAGE_SIZE;
    return { data: list.slice(start, start + SCAN_PAGE_SIZE), total: options.total ?? list.length };
  };
  return { readPage, asked };
}

function scanOf(readPage: ReadPage<Item>, options: Partial<ScanOptions<Item>> = {}) {
  return new ListScan<Item>({
    readPage,
    isMatch: (item) => item.tag === 'hit',
    idOf: (item) => item.id,
    ...options,
  });
}

const live = () => new AbortController().signal;

describe('scanRequestBound', () => {
  it('is the pages plus a tenth, at least 10 more, and at most the cap', () => {
    expect(scanRequestBound(0)).toEqual({ requests: 10, by: 'total' });
    expect(scanRequestBound(50)).toEqual({ requests: 60, by: 'total' });
    expect(scanRequestBound(1_000)).toEqual({ requests: 1_100, by: 'total' });
    expect(scanRequestBound(9_000)).toEqual({ requests: 9_900, by: 'total' });
    expect(scanRequestBound(10_000)).toEqual({ requests: MAX_SCAN_REQUESTS, by: 'cap' });
    expect(scanRequestBound(10_000_000)).toEqual({ requests: MAX_SCAN_REQUESTS, by: 'cap' });
  });
});

describe('ListScan', () => {
  it('finds an id on a late page and stops there, reading no page twice', async () => {
    const list = items(5_000, (index) => (index === 4_870 ? 'hit' : 'x'));
    const api = listApi(list);
    const result = await scanOf(api.readPage, { first: true }).run(live());
    expect(result.stop).toBe('found');
    expect(result.matches).toEqual([list[4_870]]);
    // Page 49 holds it; the pool may have asked for a few after it, never the whole list.
    expect(api.asked).toContain(49);
    expect(new Set(api.asked).size).toBe(api.asked.length);
    expect(api.asked.length).toBeLessThanOrEqual(49 + 3);
    expect(result.requests).toBe(api.asked.length);
  });

  it('reads every page once and says "end" for an id no item has', async () => {
    const api = listApi(items(1_234));
    const result = await scanOf(api.readPage, { first: true }).run(live());
    expect(result).toMatchObject({ stop: 'end', matches: [], rows: 1_234, total: 1_234 });
    expect([...api.asked].sort((a, b) => a - b)).toEqual(
      Array.from({ length: 13 }, (_, i) => i + 1),
    );
  });

  it('stops at the bound on requests of a list whose total never ends, and says which', async () => {
    const api = listApi(items(100), { total: 1_000_000_000 });
    const scan = scanOf(async (page, signal) => {
      const answer = await api.readPage(1, signal);
      return { ...answer, data: page === 1 ? answer.data : [] };
    });
    const result = await scan.run(live());
    expect(result).toMatchObject({ stop: 'requests', bound: 'cap', requests: MAX_SCAN_REQUESTS });
    expect(api.asked).toHaveLength(MAX_SCAN_REQUESTS);

    // Go on reading: as many again, from where it stopped.
    scan.raise();
    const again = await scan.run(live());
    expect(again).toMatchObject({ stop: 'requests', bound: 'cap' });
    expect(api.asked).toHaveLength(2 * MAX_SCAN_REQUESTS);
  });

  it('stops at the first total plus its margin when the list grows while it is read', async () => {
    // 20 pages promised; each later page claims more, but the reading keeps to the first total.
    let asked = 0;
    const result = await scanOf(async (page) => {
      asked += 1;
      return { data: items(SCAN_PAGE_SIZE), total: page === 1 ? 2_000 : 2_000 + page };
    }).run(live());
    expect(result).toMatchObject({ stop: 'end', changed: true, total: 2_000 });
    expect(asked).toBe(20);
    const bounded = await scanOf(
      async () => {
        asked += 1;
        return { data: items(SCAN_PAGE_SIZE), total: 2_000 };
      },
      { maxRequests: 15 },
    ).run(live());
    expect(bounded).toMatchObject({ stop: 'requests', bound: 'cap', requests: 15 });
  });

  it('hands matches on in list order as pages arrive out of order, each id once', async () => {
    const list = items(950, (index) => (index % 37 === 0 ? 'hit' : 'x'));
    // Overlapping pages: each repeats the last item of the page before.
    const api = listApi(list, { delays: [9, 1, 5, 0, 3] });
    const progress: number[] = [];
    const result = await scanOf(async (page, signal) => {
      const answer = await api.readPage(page, signal);
      const before = list[(page - 1) * SCAN_PAGE_SIZE - 1];
      return before ? { ...answer, data: [before, ...answer.data] } : answer;
    }).run(live(), (step) => progress.push(step.matches.length));
    expect(result.stop).toBe('end');
    expect(result.matches).toEqual(list.filter((item) => item.tag === 'hit'));
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
  });

  it('stops at the bound on matches, and Go on reading misses none', async () => {
    const list = items(3_000, (index) => (index % 2 === 0 ? 'hit' : 'x'));
    const scan = scanOf(listApi(list).readPage, { maxMatches: 120 });
    const first = await scan.run(live());
    expect(first.stop).toBe('matches');
    expect(first.matches.length).toBeGreaterThanOrEqual(120);
    expect(first.matches.length).toBeLessThan(120 + SCAN_PAGE_SIZE);
    let rest = first;
    let goes = 0;
    while (rest.stop === 'matches') {
      scan.raise();
      rest = await scan.run(live());
      goes += 1;
    }
    expect(goes).toBeGreaterThan(5);
    expect(rest.stop).toBe('end');
    expect(rest.matches).toEqual(list.filter((item) => item.tag === 'hit'));
  });

  it('goes on after a failure from where it stopped, reading nothing twice', async () => {
    const list = items(2_000, (index) => (index === 1_990 ? 'hit' : 'x'));
    const api = listApi(list);
    let failOn: number | undefined = 7;
    const scan = scanOf(
      async (page, signal) => {
        if (page === failOn) {
          failOn = undefined;
          throw new ApiError({ kind: 'http', status: 500, method: 'GET', url: 'x' });
        }
        return api.readPage(page, signal);
      },
      { first: true },
    );
    await expect(scan.run(live())).rejects.toMatchObject({ status: 500 });
    const result = await scan.run(live());
    expect(result.stop).toBe('found');
    // Only the pages in flight beside the failure (the pool's 4 at most) are asked again.
    expect(api.asked.length - new Set(api.asked).size).toBeLessThanOrEqual(3);
  });

  it('waits out a 429 through the pool and goes on', async () => {
    const list = items(1_000, (index) => (index === 999 ? 'hit' : 'x'));
    const api = listApi(list);
    let refused = false;
    const waits: number[] = [];
    let clock = 0;
    const result = await scanOf(
      async (page, signal) => {
        if (page === 3 && !refused) {
          refused = true;
          throw new ApiError({
            kind: 'http',
            status: 429,
            method: 'GET',
            url: 'x',
            retryAfterMs: 2_000,
          });
        }
        return api.readPage(page, signal);
      },
      {
        first: true,
        pool: {
          sleep: async (ms) => {
            waits.push(ms);
            clock += ms;
          },
          now: () => clock,
        },
      },
    ).run(live());
    expect(result.stop).toBe('found');
    expect(waits).toHaveLength(1);
    expect(waits[0]).toBeGreaterThanOrEqual(2_000);
    // The refused request counts: it was made.
    expect(result.requests).toBe(11);
  });

  it('cancelled, keeps what it found and makes no request after', async () => {
    const list = items(5_000, (index) => (index % 500 === 0 ? 'hit' : 'x'));
    const api = listApi(list, { delays: [2] });
    const cancel = new AbortController();
    const result = await scanOf(api.readPage).run(cancel.signal, (progress) => {
      if (progress.matches.length >= 2) cancel.abort();
    });
    const asked = api.asked.length;
    expect(result.stop).toBe('cancelled');
    expect(result.matches.length).toBeGreaterThanOrEqual(2);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(api.asked.length).toBe(asked);
  });

  it('reads a list of any size, in any timing, covering every page once (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 2_500 }),
        fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 1, maxLength: 7 }),
        fc.option(fc.nat(), { nil: undefined }),
        async (count, delays, where) => {
          const at = where === undefined || count === 0 ? undefined : where % count;
          const list = items(count, (index) => (index === at ? 'hit' : 'x'));
          const api = listApi(list, { delays });
          let askedAtHit: number | undefined;
          const result = await scanOf(api.readPage, { first: true }).run(live(), (progress) => {
            if (progress.matches.length > 0) askedAtHit ??= api.asked.length;
          });
          const pages = Math.ceil(count / SCAN_PAGE_SIZE);
          expect(new Set(api.asked).size).toBe(api.asked.length);
          if (at === undefined) {
            expect(result.stop).toBe('end');
            expect([...api.asked].sort((a, b) => a - b)).toEqual(
              Array.from({ length: Math.max(1, pages) }, (_, i) => i + 1),
            );
          } else {
            expect(result.stop).toBe('found');
            expect(result.matches).toEqual([list[at]]);
            // It stops at the hit: no page is asked once the hit's page is in.
            expect(api.asked.length).toBe(askedAtHit);
          }
          expect(result.requests).toBe(api.asked.length);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('collects exactly the matches of any list, in order (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.boolean(), { maxLength: 1_200 }),
        fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 1, maxLength: 5 }),
        async (hits, delays) => {
          const list = items(hits.length, (index) => (hits[index] ? 'hit' : 'x'));
          const result = await scanOf(listApi(list, { delays }).readPage).run(live());
          expect(result.stop).toBe('end');
          expect(result.matches).toEqual(list.filter((item) => item.tag === 'hit'));
          expect(result.rows).toBe(list.length);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('never makes more requests than its bound, whatever the total claims (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 400 }),
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: 1, max: 300 }),
        async (count, claimed, most) => {
          const api = listApi(items(count), { total: claimed });
          const result = await scanOf(api.readPage, { first: true, maxRequests: most }).run(live());
          const pages = Math.ceil(claimed / SCAN_PAGE_SIZE);
          const bound = scanRequestBound(pages, most);
          // Page 1 is always read, for the total.
          expect(api.asked.length).toBeLessThanOrEqual(Math.max(1, bound.requests));
          if (result.stop === 'requests') expect(result.bound).toBe(bound.by);
          else expect(result.stop).toBe('end');
        },
      ),
      { numRuns: 80 },
    );
  });
});
