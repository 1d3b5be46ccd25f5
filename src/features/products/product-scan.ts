import { MAX_PLAUSIBLE_TOTAL } from '../../lib/api-schemas';
import { runPool, type PoolOptions } from '../../lib/pool/request-pool';

/**
 * Reading a list that can be neither sorted nor searched (the API's products: pages only, filtered
 * by category and price) to find one item by id, or every item a test accepts. No React, no
 * fetch: pages come from `readPage(n)`, through the bulk lookup's pool (lookup-pool.ts: a few in
 * flight, a 429 halves that and waits as asked). Page 1 first, for the total; then the rest in any
 * order, matches handed on in list order as the pages before them arrive.
 *
 * Bounded as Find user's reading is (src/features/users/find/find-users.ts): at most the pages
 * the first total implies plus a tenth (at least 10, for products added meanwhile and retries),
 * and never more than MAX_SCAN_REQUESTS requests at a go; Go on reading (raise) allows as many
 * again. The state is kept between runs, so Try again after a failure, and Go on reading, read
 * only what is left.
 */

/** The API's largest page. */
export const SCAN_PAGE_SIZE = 100;

/** Requests one go of reading may make, whatever the list claims to hold. */
export const MAX_SCAN_REQUESTS = 10_000;

/** Matches one go of reading collects: far above a person's search; Go on reading takes more. */
export const MAX_SCAN_MATCHES = 10_000;

/** Which bound on requests is in force: the first total plus its margin, or the cap. */
export type RequestBound = 'total' | 'cap';

/** The requests a reading of `pages` pages may make: the pages, a margin, at most `most`. */
export function scanRequestBound(
  pages: number,
  most = MAX_SCAN_REQUESTS,
): { requests: number; by: RequestBound } {
  const margin = pages + Math.max(10, Math.ceil(pages / 10));
  return margin <= most ? { requests: margin, by: 'total' } : { requests: most, by: 'cap' };
}

export interface ScanPage<T> {
  data: readonly T[];
  /** The list's `meta.total` as this page says it. */
  total: number;
}

export type ReadPage<T> = (page: number, signal: AbortSignal) => Promise<ScanPage<T>>;

export interface ScanProgress<T> {
  requests: number;
  rows: number;
  /** The first total, once page 1 is in. */
  total: number | undefined;
  /** The matches so far, in list order (every mode but `first`). */
  matches: readonly T[];
  /** A 429 holds the reading until then. */
  retryAt: number | undefined;
}

/**
 * Why the reading stopped: the whole list was read (`end`), the item was found (`found`, first
 * mode), the bound on matches or on requests was reached, or the person cancelled.
 */
export type ScanStop = 'end' | 'found' | 'matches' | 'requests' | 'cancelled';

export interface ScanResult<T> {
  stop: ScanStop;
  /** With `requests`: which bound it was. */
  bound?: RequestBound | undefined;
  matches: T[];
  requests: number;
  rows: number;
  total: number | undefined;
  /** The total changed while the list was read: an item added or removed meanwhile may be missed. */
  changed: boolean;
}

export interface ScanOptions<T> {
  readPage: ReadPage<T>;
  isMatch: (item: T) => boolean;
  idOf: (item: T) => string;
  /** Stop at the first match (an id: there is one). */
  first?: boolean | undefined;
  /** The requests made so far, where the caller counts them (retries included); else pages asked. */
  requests?: (() => number) | undefined;
  maxRequests?: number | undefined;
  maxMatches?: number | undefined;
  /** The pool's own settings, for tests (concurrency, a clock). */
  pool?: Pick<PoolOptions<number, unknown>, 'maxConcurrency' | 'sleep' | 'now'> | undefined;
}

/** A page not read because the bound on requests was reached. */
const AT_BOUND = new Error('The bound on requests was reached.');

export class ListScan<T> {
  private readonly options: ScanOptions<T>;
  private asked = 0;
  /** Pages read but not yet handed on (their predecessors are not all in). */
  private readonly pages = new Map<number, readonly T[]>();
  /** Pages 1…delivered have been handed on, in order. */
  private delivered = 0;
  private readonly matches: T[] = [];
  private readonly ids = new Set<string>();
  private rows = 0;
  private readonly totals: number[] = [];
  private matchBound: number;
  private requestBound: number | undefined;
  private boundBy: RequestBound = 'total';
  private found = false;

  constructor(options: ScanOptions<T>) {
    this.options = options;
    this.matchBound = options.maxMatches ?? MAX_SCAN_MATCHES;
  }

  get requests(): number {
    return this.options.requests?.() ?? this.asked;
  }

  /** Go on reading past a bound: as many matches, and MAX_SCAN_REQUESTS requests, again. */
  raise(): void {
    const most = this.options.maxRequests ?? MAX_SCAN_REQUESTS;
    this.matchBound += this.options.maxMatches ?? MAX_SCAN_MATCHES;
    if (this.requestBound !== undefined) {
      this.requestBound = Math.max(this.requestBound, this.requests) + most;
      this.boundBy = 'cap';
    }
  }

  async run(
    signal: AbortSignal,
    onProgress: (progress: ScanProgress<T>) => void = () => undefined,
  ): Promise<ScanResult<T>> {
    let retryAt: number | undefined;
    // A copy (what React holds must change identity when it grows), made only when it grew.
    let matches: readonly T[] = [...this.matches];
    const report = () => {
      if (matches.length !== this.matches.length) matches = [...this.matches];
      onProgress({
        requests: this.requests,
        rows: this.rows,
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
      this.requestBound ??= this.boundFor(this.pageCount());
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
    return Math.ceil(Math.min(this.totals[0] ?? 0, MAX_PLAUSIBLE_TOTAL) / SCAN_PAGE_SIZE);
  }

  private isRead(page: number): boolean {
    return page <= this.delivered || this.pages.has(page);
  }

  private enough(): boolean {
    return this.options.first ? this.found : this.matches.length >= this.matchBound;
  }

  private atRequestBound(): boolean {
    return this.requestBound !== undefined && this.requests >= this.requestBound;
  }

  private take(page: number, { data, total }: ScanPage<T>): void {
    this.rows += data.length;
    this.totals.push(total);
    if (this.options.first) {
      // The item is wherever it is: no need to wait for the pages before it.
      const hit = data.find(this.options.isMatch);
      if (hit && !this.found) {
        this.found = true;
        this.matches.push(hit);
      }
      this.pages.set(page, []);
    } else {
      this.pages.set(page, data);
    }
    this.deliver();
  }

  /** Hands on every page whose predecessors are all in: matches in list order, each id once. */
  private deliver(): void {
    const { isMatch, idOf, first } = this.options;
    while (this.pages.has(this.delivered + 1) && (first || !this.enough())) {
      this.delivered += 1;
      const items = this.pages.get(this.delivered) ?? [];
      this.pages.delete(this.delivered);
      if (first) continue;
      // A page is handed on whole: the bound may be passed by the rest of its matches, and none of
      // them is skipped when Go on reading goes on from the next page.
      for (const item of items) {
        if (!isMatch(item) || this.ids.has(idOf(item))) continue;
        this.ids.add(idOf(item));
        this.matches.push(item);
      }
    }
  }

  private stopReason(): ScanStop {
    if (this.options.first && this.found) return 'found';
    const complete = this.totals.length > 0 && this.delivered >= this.pageCount();
    if (complete) return 'end';
    if (this.enough()) return 'matches';
    return 'requests';
  }

  private result(stop: ScanStop): ScanResult<T> {
    return {
      stop,
      bound: stop === 'requests' ? this.boundBy : undefined,
      matches: [...this.matches],
      requests: this.requests,
      rows: this.rows,
      total: this.totals[0],
      changed: this.totals.some((total) => total !== this.totals[0]),
    };
  }
}
