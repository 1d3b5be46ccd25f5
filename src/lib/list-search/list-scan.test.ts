import { describe, expect, it } from 'vitest';
import { ApiError } from '../api-error';
import { fakeApi, ids, isMatch, live, rowsOf, scanOf } from './list-scan-fixtures';
import { scanRequestBound } from './list-scan';

const PAGE = 100;
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Answers late by page, so that pages arrive out of order. */
const delayed =
  (delays: number[]) =>
  async <T>(value: T, page: number): Promise<T> => {
    await wait(delays[page % delays.length] ?? 0);
    return value;
  };

describe('scanRequestBound', () => {
  it('is the pages plus a tenth, at least 10 more, and at most the cap', () => {
    const cap = 10_000;
    expect(scanRequestBound(0, cap)).toEqual({ requests: 10, by: 'total' });
    expect(scanRequestBound(50, cap)).toEqual({ requests: 60, by: 'total' });
    expect(scanRequestBound(1_000, cap)).toEqual({ requests: 1_100, by: 'total' });
    expect(scanRequestBound(9_000, cap)).toEqual({ requests: 9_900, by: 'total' });
    expect(scanRequestBound(10_000, cap)).toEqual({ requests: cap, by: 'cap' });
    expect(scanRequestBound(10_000_000, cap)).toEqual({ requests: cap, by: 'cap' });
  });
});

describe('ListScan, an id (anywhere, stop at the first)', () => {
  const byId = { take: 'anywhere', stopAtFirst: true } as const;

  it('finds an id on a late page and stops there, reading no page twice', async () => {
    const rows = rowsOf(5_000, (index) => index === 4_870);
    const api = fakeApi(rows, PAGE);
    const result = await scanOf(api, PAGE, byId).run(live());
    expect(result.stop).toBe('found');
    expect(result.matches).toEqual([rows[4_870]]);
    // Page 49 holds it; the pool may have asked for a few after it, never the whole list.
    expect(api.asked).toContain(49);
    expect(new Set(api.asked).size).toBe(api.asked.length);
    expect(api.asked.length).toBeLessThanOrEqual(49 + 3);
    expect(result.requests).toBe(api.asked.length);
  });

  it('takes the hit from a page that arrives before the pages ahead of it', async () => {
    const rows = rowsOf(1_000, (index) => index === 950);
    // Page 10 answers at once, the rest late: the hit is in before pages 2 to 9.
    const api = fakeApi(rows, PAGE, {
      schedule: async (value, page) => {
        if (page !== 10 && page !== 1) await wait(50);
        return value;
      },
    });
    const found: number[] = [];
    const result = await scanOf(api, PAGE, { ...byId, pool: { maxConcurrency: 10 } }).run(
      live(),
      (progress) => {
        if (progress.matches.length > 0) found.push(progress.rows);
      },
    );
    expect(result.stop).toBe('found');
    expect(found[0]).toBe(200);
  });

  it('reads every page once and says "end" for an id no row has', async () => {
    const api = fakeApi(rowsOf(1_234), PAGE);
    const result = await scanOf(api, PAGE, byId).run(live());
    expect(result).toMatchObject({ stop: 'end', matches: [], rows: 1_234, total: 1_234 });
    expect([...api.asked].sort((a, b) => a - b)).toEqual(
      Array.from({ length: 13 }, (_, i) => i + 1),
    );
  });

  it('goes on after a failure from where it stopped, reading nothing twice', async () => {
    const api = fakeApi(
      rowsOf(2_000, (index) => index === 1_990),
      PAGE,
    );
    api.failOn = 7;
    const scan = scanOf(api, PAGE, byId);
    await expect(scan.run(live())).rejects.toThrow('page 7 failed');
    const result = await scan.run(live());
    expect(result.stop).toBe('found');
    // Only the failed page and those in flight beside it (the pool's 4 in all) are asked again.
    expect(api.asked.length - new Set(api.asked).size).toBeLessThanOrEqual(4);
  });

  it('waits out a 429 through the pool and goes on; the refused request counts', async () => {
    const api = fakeApi(
      rowsOf(1_000, (index) => index === 999),
      PAGE,
    );
    let refused = false;
    const waits: number[] = [];
    let clock = 0;
    const scan = scanOf(api, PAGE, {
      ...byId,
      readPage: (page, signal) => {
        if (page === 3 && !refused) {
          refused = true;
          api.asked.push(page);
          return Promise.reject(
            new ApiError({
              kind: 'http',
              status: 429,
              method: 'GET',
              url: 'x',
              retryAfterMs: 2_000,
            }),
          );
        }
        return api.readPage(page, signal);
      },
      pool: {
        sleep: async (ms) => {
          waits.push(ms);
          clock += ms;
        },
        now: () => clock,
      },
    });
    const result = await scan.run(live());
    expect(result.stop).toBe('found');
    expect(waits).toHaveLength(1);
    expect(waits[0]).toBeGreaterThanOrEqual(2_000);
    expect(result.requests).toBe(11);
  });
});

describe('ListScan, every match in list order', () => {
  it('stops at the bound on requests of a list whose total never ends, says which, and goes on', async () => {
    const api = fakeApi(rowsOf(100), PAGE, { total: 1_000_000_000 });
    const scan = scanOf(api, PAGE, { maxRequests: 10_000 });
    const result = await scan.run(live());
    expect(result).toMatchObject({ stop: 'requests', bound: 'cap', requests: 10_000 });
    expect(api.asked).toHaveLength(10_000);

    // Go on reading: as many again, from where it stopped.
    scan.raise();
    const again = await scan.run(live());
    expect(again).toMatchObject({ stop: 'requests', bound: 'cap' });
    expect(api.asked).toHaveLength(20_000);
  });

  it('stops at the first total plus its margin (bound "total") when the list grows meanwhile', async () => {
    // 20 pages promised, each later page claiming more: the reading keeps to the first total.
    const growing = fakeApi(rowsOf(2_000), PAGE, {
      schedule: async (value, page) => ({ ...value, meta: { total: 2_000 + page - 1 } }),
    });
    const result = await scanOf(growing, PAGE).run(live());
    expect(result).toMatchObject({ stop: 'end', changed: true, total: 2_000 });
    expect(growing.asked).toHaveLength(20);

    const endless = fakeApi(rowsOf(2_000), PAGE, { total: 10_000 });
    const bounded = await scanOf(endless, PAGE, {
      readPage: async (page, signal) => {
        const answer = await endless.readPage(page, signal);
        return page > 20 ? { ...answer, data: [] } : answer;
      },
      maxRequests: 1_000,
    }).run(live());
    // 100 pages and their margin of 10, all read: the end, not the bound.
    expect(bounded).toMatchObject({ stop: 'end', requests: 100 });
    const capped = await scanOf(fakeApi(rowsOf(2_000), PAGE), PAGE, { maxRequests: 15 }).run(
      live(),
    );
    expect(capped).toMatchObject({ stop: 'requests', bound: 'cap', requests: 15 });
  });

  it('says "total" when the first total and its margin, not the cap, stopped it', async () => {
    // Every page costs two requests (a retry each): 50 pages' bound of 60 runs out first.
    const api = fakeApi(rowsOf(5_000), PAGE);
    const result = await scanOf(api, PAGE, { requests: () => 2 * api.asked.length }).run(live());
    expect(result).toMatchObject({ stop: 'requests', bound: 'total', requests: 60 });
    expect(result.searched).toBe(3_000);
  });

  it('hands matches on in list order as overlapping pages arrive out of order, each id once', async () => {
    const rows = rowsOf(950, (index) => index % 37 === 0);
    const api = fakeApi(rows, PAGE, { repeatEdge: true, schedule: delayed([9, 1, 5, 0, 3]) });
    const progress: number[] = [];
    const result = await scanOf(api, PAGE).run(live(), (step) =>
      progress.push(step.matches.length),
    );
    expect(result.stop).toBe('end');
    expect(result.matches).toEqual(rows.filter(isMatch));
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
  });

  it('stops at the bound on matches, and Go on reading misses none', async () => {
    const rows = rowsOf(3_000, (index) => index % 2 === 0);
    const scan = scanOf(fakeApi(rows, PAGE), PAGE, { maxMatches: 120 });
    const first = await scan.run(live());
    expect(first.stop).toBe('matches');
    expect(first.matches.length).toBeGreaterThanOrEqual(120);
    expect(first.matches.length).toBeLessThan(120 + PAGE);
    expect(first.searched).toBeLessThan(3_000);
    let rest = first;
    let goes = 0;
    while (rest.stop === 'matches') {
      scan.raise();
      rest = await scan.run(live());
      goes += 1;
    }
    expect(goes).toBeGreaterThan(5);
    expect(rest.stop).toBe('end');
    expect(rest.matches).toEqual(rows.filter(isMatch));
  });

  it('counts its bound from the requests made before it started (a bisection that gave up)', async () => {
    const api = fakeApi(rowsOf(5_000), PAGE);
    const spent = 7;
    const result = await scanOf(api, PAGE, {
      requests: () => spent + api.asked.length,
      maxRequests: 12,
    }).run(live());
    expect(result).toMatchObject({ stop: 'requests', bound: 'cap', requests: 19 });
    expect(api.asked).toHaveLength(12);
  });

  it('stops at the first match in list order when one is all there is (an e-mail)', async () => {
    const rows = rowsOf(1_000, (index) => index === 250 || index === 700);
    const api = fakeApi(rows, 10, { schedule: delayed([3, 0, 1]) });
    const result = await scanOf(api, 10, { stopAtFirst: true }).run(live());
    expect([ids(result.matches), result.stop]).toEqual([['row_250'], 'found']);
    expect(api.asked.length).toBeLessThan(40);
  });

  it('cancelled, keeps what it found in order and makes no request after', async () => {
    const rows = rowsOf(5_000, (index) => index % 500 === 0);
    const api = fakeApi(rows, PAGE, { schedule: delayed([2]) });
    const cancel = new AbortController();
    const scan = scanOf(api, PAGE);
    const result = await scan.run(cancel.signal, (progress) => {
      if (progress.matches.length >= 2) cancel.abort();
    });
    const asked = api.asked.length;
    expect(result.stop).toBe('cancelled');
    expect(result.matches.length).toBeGreaterThanOrEqual(2);
    expect(ids(scan.matches())).toEqual(ids(rows.filter(isMatch)).slice(0, result.matches.length));
    await wait(20);
    expect(api.asked.length).toBe(asked);
  });
});
