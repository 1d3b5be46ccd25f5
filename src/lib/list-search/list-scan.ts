import { MAX_PLAUSIBLE_TOTAL } from '../api-schemas';
import { runPool, type PoolOptions } from '../pool/request-pool';

/**
 * Reads a whole list for the rows that match, where it cannot be searched by halving (a name
 * anywhere in names, an API that does not sort by the field, the products' pages that only filter).
 * No React, no fetch: pages come from `readPage(n)`, at the request pool's pace (up to 4 pages in
 * flight; a 429 halves that and waits as asked). Page 1 first, for the total; then the rest in any
 * order, matches handed on in list order as the pages before them arrive, a row an API repeats at
 * a page edge once. The state is kept between runs: after a failed request, or past a bound (Go on
 * reading, `raise`), running again reads only what is left.
 *
 * It stops at a bound on matches and at one on requests: an API whose total never ends (or is a
 * billion) is not read for ever. The bound on requests is the pages the first total implies plus a
 * tenth (at least 10, for rows added meanwhile and retries), or `maxRequests`, whichever is less;
 * the result says which (`bound`). The requests it counts are the caller's (`requests()`), which
 * may have spent some before the scan started (a bisection that gave up), and count only what
 * reached the API (a page still cached costs none); without that count, the pages it asked for.
 */

/** Which bound on requests is in force: the first total plus its margin, or the cap. */
export type RequestBound = 'total' | 'cap';

/** The requests a reading of `pages` pages may make: the pages, a margin, at most `most`. */
export function scanRequestBound(
  pages: number,
  most: number,
): { requests: number; by: RequestBound } {
  const margin = pages + Math.max(10, Math.ceil(pages / 10));
  return margin <= most ? { requests: margin, by: 'total' } : { requests: most, by: 'cap' };
}

/** A page as the list gives it (the API's list page is one). */
export interface ScanPage<T> {
  data: readonly T[];
  meta: { total: number };
}

export type ReadScanPage<T> = (page: number, signal: AbortSignal) => Promise<ScanPage<T>>;

export interface ListScanOptions<T> {
  readPage: ReadScanPage<T>;
  /** Rows per request: the API's largest page. */
  pageSize: number;
  /** What tells two rows apart. */
  idOf: (row: T) => string;
  isMatch: (row: T) => boolean;
  /** Matches to stop at at a go (`raise` allows as many again). */
  maxMatches: number;
  /** Requests one go may make at most, whatever the total says (`raise` allows as many again). */
  maxRequests: number;
  /**
   * How matches are taken: `in-order` (the default) hands them on in list order as the pages
   * before them arrive; `anywhere` takes them from each page as it comes, in the order pages
   * arrive, without waiting for the pages before it (ids: where an item sits does not matter).
   */
  take?: 'in-order' | 'anywhere' | undefined;
  /** One match is all there is (an e-mail address, an id): stop at it, and say it was `found`. */
  stopAtFirst?: boolean | undefined;
  /** Requests made so far, by the caller's count (retries included); else the pages asked for. */
  requests?: (() => number) | undefined;
  /** The pool's own settings, for tests (concurrency, a clock). */
  pool?: Pick<PoolOptions<number, unknown>, 'maxConcurrency' | 'sleep' | 'now'> | undefined;
}

export interface ScanProgress<T> {
  requests: number;
  /** Rows read so far. */
  rows: number;
  /** The first total, once page 1 is in. */
  total: number | undefined;
  /** The matches so far, in list order; a copy made when it grew (what React holds must change). */
  matches: readonly T[];
  /** While a 429 holds the reading: when it goes on. */
  retryAt?: number | undefined;
}

/**
 * Why the reading stopped: the whole list was read (`end`), the one match was found (`found`,
 * `stopAtFirst`), the bound on matches or on requests was reached, or it was cancelled.
 */
export type ScanStop = 'end' | 'found' | 'matches' | 'requests' | 'cancelled';

export interface ScanResult<T> {
  stop: ScanStop;
  /** With `requests`: which bound it was. */
  bound?: RequestBound | undefined;
  matches: T[];
  requests: number;
  /** Rows read (pages after a gap included). */
  rows: number;
  /** Rows of the list searched through: the pages read without a gap, at most the first total. */
  searched: number;
  /** The first total, once page 1 is in. */
  total: number | undefined;
  /** The total changed while the list was read: a row added or removed meanwhile may be missed. */
  changed: boolean;
}

/** A page not read because the bound on requests was reached. */
const AT_BOUND = new Error('The bound on requests was reached.');

export class ListScan<T> {
  private readonly options: ListScanOptions<T>;
  private asked = 0;
  /** Pages read but not yet handed on (their predecessors are not all in). */
  private readonly pages = new Map<number, readonly T[]>();
  /** Pages 1…delivered have been handed on, in order. */
  private delivered = 0;
  private readonly found: T[] = [];
  private readonly ids = new Set<string>();
  private readRows = 0;
  /** meta.total of every page read: a change means rows were added or removed meanwhile. */
  private readonly totals: number[] = [];
  private matchBound: number;
  /** The request count to stop at; set once the total is known. */
  private requestBound: number | undefined;
  private boundBy: RequestBound = 'total';
  private startedAt: number | undefined;

  constructor(options: ListScanOptions<T>) {
    this.options = options;
    this.matchBound = options.maxMatches;
  }

  /** The matches so far, in list order. */
  matches(): T[] {
    return [...this.found];
  }

  /** Rows read so far. */
  get rows(): number {
    return this.readRows;
  }

  get requests(): number {
    return this.options.requests?.() ?? this.asked;
  }

  /** Go on reading past a bound: `matches` more, and `requests` more from where it stopped. */
  raise(matches = this.options.maxMatches, requests = this.options.maxRequests): void {
    this.matchBound += matches;
    if (this.requestBound !== undefined) {
      this.requestBound = Math.max(this.requestBound, this.requests) + requests;
      this.boundBy = 'cap';
    }
  }

  async run(
    signal: AbortSignal,
    onProgress: (progress: ScanProgress<T>) => void = () => undefined,
  ): Promise<ScanResult<T>> {
    this.startedAt ??= this.requests;
    let retryAt: number | undefined;
    let matches: readonly T[] = this.matches();
    const report = () => {
      if (matches.length !== this.found.length) matches = this.matches();
      onProgress({
        requests: this.requests,
        rows: this.readRows,
        total: this.totals[0],
        matches,
        retryAt,
      });
    };
    const stopPool = new AbortController();
    let failure: { error: unknown } | undefined;
    const read = async (pending: readonly number[]) => {
      await runPool({
        ...this.options.pool,
        items: pending,
        signal: AbortSignal.any([signal, stopPool.signal]),
        run: (page, pageSignal) => {
          // At the bound (a 429 tried again counts too), nothing more starts; what is in flight
          // was asked for and is taken when it comes, rather than read again by Go on reading.
          if (this.atRequestBound()) return Promise.reject(AT_BOUND);
          this.asked += 1;
          return this.options.readPage(page, pageSignal);
        },
        onResult: (index, outcome) => {
          if (!outcome.ok) {
            if (outcome.error === AT_BOUND) return;
            failure ??= { error: outcome.error };
            stopPool.abort();
            return;
          }
          this.take(pending[index] as number, outcome.value);
          report();
          if (this.enough()) stopPool.abort();
        },
        onConcurrency: (_concurrency, at) => {
          retryAt = at;
          report();
        },
      });
    };
    this.deliver();
    report();
    if (!this.isRead(1) && !this.enough()) await read([1]);
    if (!failure && !signal.aborted && this.totals.length > 0) {
      this.requestBound ??= this.startedAt + this.boundFor(this.pageCount());
      const pending: number[] = [];
      // At most as many pages as requests are left: a total of a billion plans no more than that.
      const left = this.requestBound - this.requests;
      for (let page = this.delivered + 1; page <= this.pageCount() && pending.length < left;) {
        if (this.enough()) break;
        if (!this.isRead(page)) pending.push(page);
        page += 1;
      }
      if (pending.length > 0) await read(pending);
    }
    // Cancelled, or the page left: what was found stays.
    if (signal.aborted) return this.result('cancelled');
    if (failure) throw failure.error;
    return this.result(this.stopReason());
  }

  private boundFor(pages: number): number {
    const bound = scanRequestBound(pages, this.options.maxRequests);
    this.boundBy = bound.by;
    return bound.requests;
  }

  private pageCount(): number {
    return Math.ceil(Math.min(this.totals[0] ?? 0, MAX_PLAUSIBLE_TOTAL) / this.options.pageSize);
  }

  private isRead(page: number): boolean {
    return page <= this.delivered || this.pages.has(page);
  }

  private enough(): boolean {
    return this.options.stopAtFirst === true
      ? this.found.length > 0
      : this.found.length >= this.matchBound;
  }

  private atRequestBound(): boolean {
    return this.requestBound !== undefined && this.requests >= this.requestBound;
  }

  private take(page: number, { data, meta }: ScanPage<T>): void {
    this.readRows += data.length;
    this.totals.push(meta.total);
    if (this.options.take === 'anywhere') {
      // What is looked for is wherever it is: no need to wait for the pages before it.
      for (const row of data) {
        if (this.enough()) break;
        this.keep(row);
      }
      this.pages.set(page, []);
    } else {
      this.pages.set(page, data);
    }
    this.deliver();
  }

  private keep(row: T): void {
    const { isMatch, idOf } = this.options;
    if (!isMatch(row) || this.ids.has(idOf(row))) return;
    this.ids.add(idOf(row));
    this.found.push(row);
  }

  /** Hands on every page whose predecessors are all in: matches in list order, each id once. */
  private deliver(): void {
    const anywhere = this.options.take === 'anywhere';
    while (this.pages.has(this.delivered + 1) && (anywhere || !this.enough())) {
      this.delivered += 1;
      const rows = this.pages.get(this.delivered) ?? [];
      this.pages.delete(this.delivered);
      // A page is handed on whole: the bound may be passed by the rest of its matches, and none of
      // them is skipped when Go on reading goes on from the next page.
      for (const row of rows) this.keep(row);
    }
  }

  private stopReason(): ScanStop {
    if (this.options.stopAtFirst === true && this.found.length > 0) return 'found';
    const complete = this.totals.length > 0 && this.delivered >= this.pageCount();
    if (complete) return 'end';
    if (this.enough()) return 'matches';
    return 'requests';
  }

  private result(stop: ScanStop): ScanResult<T> {
    const first = this.totals[0];
    const searched = this.delivered * this.options.pageSize;
    return {
      stop,
      bound: stop === 'requests' ? this.boundBy : undefined,
      matches: this.matches(),
      requests: this.requests,
      rows: this.readRows,
      searched: Math.min(searched, first ?? searched),
      total: first,
      changed: this.totals.some((total) => total !== first),
    };
  }
}
