import { MAX_PLAUSIBLE_TOTAL } from '../api-schemas';
import { runPool } from '../pool/request-pool';
import type { SearchPage } from './sorted-search';

/**
 * Reads a whole list for the rows that match, where it cannot be searched by halving (a name
 * anywhere in names, an API that does not sort by the field), at the request pool's pace (up to
 * 4 pages in flight; a 429 halves that and waits as asked). Page 1 first, for the total; then the
 * rest in any order, matches handed on in list order as the pages before them arrive, a row an API
 * repeats at a page edge once. The state is kept between runs: after a failed request, or past a
 * bound (Go on reading), running again reads only what is left.
 *
 * It stops at a bound on matches and at one on requests: an API whose total never ends (or is a
 * billion) is not read for ever. The requests it counts are the caller's (`requests()`), which
 * may have spent some before the scan started (a bisection that gave up), and counts only what
 * reached the API (a page still cached costs none).
 */

export interface ListScanOptions<T> {
  /** Rows per request: the API's largest page. */
  pageSize: number;
  /** What tells two rows apart. */
  idOf: (row: T) => string;
  isMatch: (row: T) => boolean;
  /** Matches to stop at (goOn raises it). */
  maxMatches: number;
  /** One match is all there is (an e-mail address): stop at it, and say nothing was cut. */
  stopAtFirst?: boolean;
}

export interface ScanProgress<T> {
  /** A copy: what React holds must change identity when it grows. */
  matches: T[];
  rows: number;
  total: number | undefined;
  /** While a 429 holds the reading: when it goes on. */
  retryAt?: number | undefined;
}

export interface ScanRun<T> {
  readPage: (page: number, signal: AbortSignal) => Promise<SearchPage<T>>;
  /** Requests made so far, by the caller's count. */
  requests: () => number;
  /** Requests one go may make at most, whatever the total says. */
  maxRequests: number;
  signal: AbortSignal;
  onProgress: (progress: ScanProgress<T>) => void;
}

export type ScanResult<T> =
  | {
      kind: 'done';
      matches: T[];
      /** More may match than were read (a bound on matches or on requests). */
      truncated: boolean;
      stoppedBy?: 'matches' | 'requests' | undefined;
      read: { rows: number; total: number };
      /** The total changed while the list was read: rows may have moved between pages. */
      changed: boolean;
    }
  | { kind: 'cancelled' };

/** The margin over the pages the first total implies: a tenth, and at least 10. */
function requestBoundFor(pages: number, most: number): number {
  return Math.min(most, pages + Math.max(10, Math.ceil(pages / 10)));
}

export class ListScan<T> {
  private readonly options: ListScanOptions<T>;
  /** Pages read, by number (kept until handed on). */
  private readonly pages = new Map<number, readonly T[]>();
  /** Pages 1…delivered have been handed on, in order. */
  private delivered = 0;
  private readonly found: T[] = [];
  private readonly ids = new Set<string>();
  private readRows = 0;
  /** meta.total of every page read: a change means rows were added or removed meanwhile. */
  private readonly totals: number[] = [];
  private bound: number;
  /** The request count to stop at; set once the total is known. */
  private requestBound: number | undefined;
  private startedAt: number | undefined;

  constructor(options: ListScanOptions<T>) {
    this.options = options;
    this.bound = options.maxMatches;
  }

  /** The matches so far, in list order. */
  matches(): T[] {
    return [...this.found];
  }

  /** Rows read so far. */
  get rows(): number {
    return this.readRows;
  }

  /** Go on reading past the bound: `matches` more, or `requests` more from `requestsNow`. */
  goOn(matches: number, requests: number, requestsNow: number): void {
    this.bound += matches;
    if (this.requestBound !== undefined) {
      this.requestBound = Math.max(this.requestBound, requestsNow) + requests;
    }
  }

  private enough(): boolean {
    return this.options.stopAtFirst === true
      ? this.found.length > 0
      : this.found.length >= this.bound;
  }

  /** Hands on every page whose predecessors are all in: matches in list order. */
  private deliver(): void {
    const { idOf, isMatch } = this.options;
    while (this.pages.has(this.delivered + 1) && !this.enough()) {
      this.delivered += 1;
      const rows = this.pages.get(this.delivered) ?? [];
      this.pages.delete(this.delivered);
      for (const row of rows) {
        const id = idOf(row);
        if (!isMatch(row) || this.ids.has(id)) continue;
        this.ids.add(id);
        this.found.push(row);
      }
    }
  }

  private isRead(page: number): boolean {
    return page <= this.delivered || this.pages.has(page);
  }

  async run(run: ScanRun<T>): Promise<ScanResult<T>> {
    const { signal, requests } = run;
    const { pageSize } = this.options;
    this.startedAt ??= requests();
    let retryAt: number | undefined;
    const report = () =>
      run.onProgress({
        matches: this.matches(),
        rows: this.readRows,
        total: this.totals.at(-1),
        retryAt,
      });
    const take = (page: number, { data, meta }: SearchPage<T>) => {
      this.pages.set(page, data);
      this.readRows += data.length;
      this.totals.push(meta.total);
      this.deliver();
      report();
    };
    this.deliver();
    report();
    try {
      if (!this.isRead(1)) take(1, await run.readPage(1, signal));
      const total = this.totals[0] ?? 0;
      const pageCount = Math.ceil(Math.min(total, MAX_PLAUSIBLE_TOTAL) / pageSize);
      this.requestBound ??= this.startedAt + requestBoundFor(pageCount, run.maxRequests);
      const requestBound = this.requestBound;
      const pending: number[] = [];
      // At most as many pages as requests are left: a total of a billion lists no more than that.
      for (
        let page = this.delivered + 1;
        page <= pageCount && !this.enough() && pending.length < requestBound - requests();
        page += 1
      ) {
        if (!this.isRead(page)) pending.push(page);
      }
      const stopPool = new AbortController();
      let failure: unknown;
      await runPool({
        items: pending,
        signal: AbortSignal.any([signal, stopPool.signal]),
        run: run.readPage,
        onResult: (index, outcome) => {
          if (!outcome.ok) {
            failure ??= outcome.error;
            stopPool.abort();
            return;
          }
          take(pending[index] as number, outcome.value);
          if (this.enough() || requests() >= requestBound) stopPool.abort();
        },
        onConcurrency: (_concurrency, at) => {
          retryAt = at;
          report();
        },
      });
      if (signal.aborted) return { kind: 'cancelled' };
      if (failure !== undefined) throw failure;
    } catch (error) {
      // Cancelled, or the page left: what was found stays.
      if (signal.aborted) return { kind: 'cancelled' };
      throw error;
    }
    return this.result(requests());
  }

  private result(requests: number): ScanResult<T> {
    const { totals } = this;
    const first = totals[0] ?? 0;
    const read = this.delivered * this.options.pageSize;
    const unread = read < first;
    const boundedByMatches = this.options.stopAtFirst !== true && this.enough() && unread;
    const boundedByRequests =
      !boundedByMatches && !this.enough() && unread && requests >= (this.requestBound ?? 0);
    return {
      kind: 'done',
      matches: this.matches(),
      truncated: boundedByMatches || boundedByRequests,
      stoppedBy: boundedByMatches ? 'matches' : boundedByRequests ? 'requests' : undefined,
      read: { rows: Math.min(read, totals[0] ?? read), total: first },
      changed: totals.some((total) => total !== first),
    };
  }
}
