// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-error';
import type { ListPage } from '../../../lib/api-schemas';
import {
  createExportJob,
  runExport,
  type ExportProgress,
  type ExportRunOptions,
} from './export-runner';

type Row = { id: string };

function rows(from: number, to: number): Row[] {
  return Array.from({ length: to - from + 1 }, (_, index) => ({ id: `r${from + index}` }));
}

function pageOf(page: number, total: number, limit = 100): ListPage<Row> {
  const first = (page - 1) * limit + 1;
  return { data: rows(first, Math.min(total, page * limit)), meta: { page, limit, total } };
}

function httpError(status: number, retryAfterMs?: number): ApiError {
  return new ApiError({
    kind: 'http',
    status,
    method: 'GET',
    url: 'https://api.test/v1/things',
    retryAfterMs,
  });
}

/** Options around a fetchPage spy; records the pages asked for and every progress report. */
function setup(fetchPage: (page: number, signal: AbortSignal) => Promise<ListPage<Row>>) {
  const controller = new AbortController();
  const progress: ExportProgress[] = [];
  const fetchSpy = vi.fn(fetchPage);
  const sleep = vi.fn(async (_ms: number, _signal: AbortSignal) => {});
  const confirmLarge = vi.fn(async (_total: number, _requests: number) => true);
  const options: ExportRunOptions<Row> = {
    fetchPage: fetchSpy,
    getId: (row) => row.id,
    encode: (items) => items.map((item) => `${item.id}\r\n`).join(''),
    signal: controller.signal,
    onProgress: (report) => progress.push(report),
    confirmLarge,
    sleep,
    now: () => 1_000,
  };
  const pagesAsked = () => fetchSpy.mock.calls.map(([page]) => page);
  return { controller, options, progress, pagesAsked, sleep, confirmLarge };
}

describe('runExport', () => {
  it('fetches every page once, in order, and writes a chunk per page', async () => {
    const { options, progress, pagesAsked } = setup(async (page) => pageOf(page, 250));
    const job = createExportJob();
    const outcome = await runExport(job, options);
    expect(outcome).toEqual({ kind: 'done', rows: 250, firstTotal: 250, lastTotal: 250 });
    expect(pagesAsked()).toEqual([1, 2, 3]);
    expect(job.chunks).toHaveLength(3);
    expect(job.chunks.join('').split('\r\n')).toHaveLength(251);
    expect(progress.at(-1)).toEqual({ rows: 250, total: 250, retryAt: undefined });
  });

  it('stops after one request for an empty view, and for a total of exactly one page', async () => {
    const empty = setup(async (page) => pageOf(page, 0));
    expect(await runExport(createExportJob(), empty.options)).toMatchObject({ rows: 0 });
    expect(empty.pagesAsked()).toEqual([1]);
    const exact = setup(async (page) => pageOf(page, 100));
    expect(await runExport(createExportJob(), exact.options)).toMatchObject({ rows: 100 });
    expect(exact.pagesAsked()).toEqual([1]);
  });

  it('follows the page size the server says it used', async () => {
    const { options, pagesAsked } = setup(async (page) => pageOf(page, 120, 50));
    expect(await runExport(createExportJob(), options)).toMatchObject({ rows: 120 });
    expect(pagesAsked()).toEqual([1, 2, 3]);
  });

  it('writes a row that shows up on two pages once, and says when the total changed', async () => {
    // A row added at the front while paging pushes r100 onto page 2 as well, and the new total
    // needs a third page.
    const { options, pagesAsked } = setup(async (page) => {
      if (page === 1) return pageOf(1, 200);
      const data = page === 2 ? rows(100, 199) : rows(200, 200);
      return { data, meta: { page, limit: 100, total: 201 } };
    });
    const job = createExportJob();
    const outcome = await runExport(job, options);
    expect(outcome).toEqual({ kind: 'done', rows: 200, firstTotal: 200, lastTotal: 201 });
    expect(pagesAsked()).toEqual([1, 2, 3]);
    expect(String(job.chunks[1]).startsWith('r101\r\n')).toBe(true);
    expect(job.chunks.join('').match(/^r100\r$/gm)).toHaveLength(1);
  });

  it('waits out a 429 for as long as the server asks, then asks for the same page again', async () => {
    let refused = false;
    const { options, progress, pagesAsked, sleep } = setup(async (page) => {
      if (page === 2 && !refused) {
        refused = true;
        throw httpError(429, 3_000);
      }
      return pageOf(page, 300);
    });
    expect(await runExport(createExportJob(), options)).toMatchObject({ kind: 'done', rows: 300 });
    expect(pagesAsked()).toEqual([1, 2, 2, 3]);
    expect(sleep).toHaveBeenCalledTimes(1);
    expect(sleep.mock.calls[0]?.[0]).toBeGreaterThanOrEqual(3_000);
    // The countdown: where it was, and when it goes on.
    expect(progress).toContainEqual({ rows: 100, total: 300, retryAt: 1_000 + 3_050 });
  });

  it('gives up on a page the rate limit keeps refusing, and can be tried again', async () => {
    let refusals = 0;
    const { options, pagesAsked } = setup(async (page) => {
      if (page === 2 && refusals < 11) {
        refusals += 1;
        throw httpError(429);
      }
      return pageOf(page, 300);
    });
    const job = createExportJob();
    const outcome = await runExport(job, options);
    expect(outcome).toMatchObject({ kind: 'failed', error: { status: 429 } });
    expect(pagesAsked()).toEqual([1, ...Array(11).fill(2)]);
    expect(await runExport(job, options)).toMatchObject({ kind: 'done', rows: 300 });
  });

  it('stops at another failure, and Try again goes on from the page that failed', async () => {
    let failures = 1;
    const { options, pagesAsked } = setup(async (page) => {
      if (page === 3 && failures > 0) {
        failures -= 1;
        throw httpError(503);
      }
      return pageOf(page, 450);
    });
    const job = createExportJob();
    const failed = await runExport(job, options);
    expect(failed).toMatchObject({ kind: 'failed', error: { status: 503 } });
    expect(pagesAsked()).toEqual([1, 2, 3]);
    expect(job).toMatchObject({ nextPage: 3, firstTotal: 450 });
    expect(job.seen.size).toBe(200);

    const resumed = await runExport(job, options);
    expect(resumed).toEqual({ kind: 'done', rows: 450, firstTotal: 450, lastTotal: 450 });
    // Not from the start: pages 1 and 2 are not asked for again.
    expect(pagesAsked()).toEqual([1, 2, 3, 3, 4, 5]);
    expect(job.chunks).toHaveLength(5);
  });

  it('cancel aborts the request in flight and sends no other', async () => {
    let inFlight: AbortSignal | undefined;
    const { controller, options, pagesAsked } = setup(
      (page, signal) =>
        new Promise((resolve, reject) => {
          if (page === 1) {
            resolve(pageOf(1, 500));
            return;
          }
          inFlight = signal;
          signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const running = runExport(createExportJob(), options);
    await vi.waitFor(() => expect(pagesAsked()).toEqual([1, 2]));
    controller.abort();
    expect(await running).toEqual({ kind: 'cancelled' });
    expect(inFlight?.aborted).toBe(true);
    expect(pagesAsked()).toEqual([1, 2]);
  });

  it('cancel during a 429 wait sends no other request', async () => {
    const { controller, options, pagesAsked } = setup(async (page) => {
      if (page === 2) throw httpError(429, 60_000);
      return pageOf(page, 500);
    });
    options.sleep = (_ms, signal) =>
      new Promise((resolve) => {
        controller.abort();
        signal.addEventListener('abort', () => resolve(), { once: true });
        if (signal.aborted) resolve();
      });
    expect(await runExport(createExportJob(), options)).toEqual({ kind: 'cancelled' });
    expect(pagesAsked()).toEqual([1, 2]);
  });

  it('asks first above 10,000 rows, saying how many requests, and stops when told no', async () => {
    const { options, pagesAsked, confirmLarge } = setup(async (page) => pageOf(page, 12_345));
    confirmLarge.mockResolvedValueOnce(false);
    expect(await runExport(createExportJob(), options)).toEqual({ kind: 'cancelled' });
    expect(confirmLarge).toHaveBeenCalledWith(12_345, 124);
    expect(pagesAsked()).toEqual([1]);

    const yes = setup(async (page) => pageOf(page, 10_050));
    expect(await runExport(createExportJob(), yes.options)).toMatchObject({ rows: 10_050 });
    expect(yes.confirmLarge).toHaveBeenCalledTimes(1);
    expect(yes.pagesAsked()).toHaveLength(101);
  });

  it('does not ask at 10,000 rows or fewer', async () => {
    const { options, confirmLarge } = setup(async (page) => pageOf(page, 10_000));
    expect(await runExport(createExportJob(), options)).toMatchObject({ rows: 10_000 });
    expect(confirmLarge).not.toHaveBeenCalled();
  });
});
