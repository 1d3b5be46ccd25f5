import { isApiError } from '../../../lib/api-error';
import { rateLimitWaitMs } from '../../../lib/rate-limit-wait';
import { sleepUnlessAborted } from '../../../lib/sleep';
import type { ListPage } from '../../../lib/api-schemas';

/** The API's largest page: the fewest requests for the whole view. */
export const EXPORT_PAGE_SIZE = 100;
/** Above this many rows the person is asked first: it is many requests against the rate limit. */
export const CONFIRM_ABOVE_ROWS = 10_000;
/** A page refused this many times in a row by the rate limit fails, and can be tried again. */
const MAX_RATE_LIMIT_WAITS = 10;

/**
 * Where an export is, kept across a failure so that Try again goes on from the page that failed
 * with the rows already written, instead of starting over.
 */
export interface ExportJob {
  /** 1-based; only moves on once a page has been written. */
  nextPage: number;
  /**
   * Ids already written. Paging by offset over data that changes can show a row on two pages;
   * it is written once.
   */
  readonly seen: Set<string>;
  /** The file's body, a part per page; the file is a Blob of these, never one huge string. */
  readonly chunks: BlobPart[];
  /** The total the first page gave; the progress bar's maximum. */
  firstTotal: number | undefined;
  /** The total the latest page gave. */
  lastTotal: number | undefined;
  /** Asked and answered yes (or there was no need to ask). */
  confirmed: boolean;
}

export function createExportJob(): ExportJob {
  return {
    nextPage: 1,
    seen: new Set(),
    chunks: [],
    firstTotal: undefined,
    lastTotal: undefined,
    confirmed: false,
  };
}

export interface ExportProgress {
  rows: number;
  /** Unknown until the first page has arrived. */
  total: number | undefined;
  /** Set while waiting out a 429: when the same page will be asked for again (epoch ms). */
  retryAt?: number | undefined;
}

export type ExportOutcome =
  | { kind: 'done'; rows: number; firstTotal: number; lastTotal: number }
  | { kind: 'cancelled' }
  /** The job still holds everything written so far; run it again to go on. */
  | { kind: 'failed'; error: unknown };

export interface ExportRunOptions<TItem> {
  /** One page at `EXPORT_PAGE_SIZE`; must stop (reject) when `signal` aborts. */
  fetchPage: (page: number, signal: AbortSignal) => Promise<ListPage<TItem>>;
  getId: (item: TItem) => string;
  /** A part of the file for these (new) items. */
  encode: (items: TItem[]) => BlobPart;
  signal: AbortSignal;
  onProgress: (progress: ExportProgress) => void;
  /** Asked once, after the first page, when it says more than `CONFIRM_ABOVE_ROWS` rows. */
  confirmLarge: (total: number, requests: number) => Promise<boolean>;
  /** Ends the run early, as done, once it says so after a page (a search that found its match). */
  until?: () => boolean;
  /** For tests; waits `ms`, or less when `signal` aborts. */
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  now?: () => number;
}

/**
 * Fetches every page of a view one request at a time and hands each page's new rows to `encode`.
 * A 429 waits as the server asks and asks for the same page again; any other failure stops with
 * the job intact. Cancelling (the signal) aborts the request in flight and sends no other.
 */
export async function runExport<TItem>(
  job: ExportJob,
  options: ExportRunOptions<TItem>,
): Promise<ExportOutcome> {
  const { fetchPage, getId, encode, signal, onProgress } = options;
  const sleep = options.sleep ?? sleepUnlessAborted;
  const now = options.now ?? Date.now;
  const progress = (retryAt?: number) =>
    onProgress({ rows: job.seen.size, total: job.firstTotal, retryAt });
  let rateLimited = 0;

  for (;;) {
    if (signal.aborted) return { kind: 'cancelled' };
    let page: ListPage<TItem>;
    try {
      page = await fetchPage(job.nextPage, signal);
    } catch (error) {
      if (signal.aborted) return { kind: 'cancelled' };
      if (isApiError(error) && error.status === 429 && rateLimited < MAX_RATE_LIMIT_WAITS) {
        rateLimited += 1;
        const waitMs = rateLimitWaitMs(error);
        progress(now() + waitMs);
        await sleep(waitMs, signal);
        progress();
        continue;
      }
      return { kind: 'failed', error };
    }
    rateLimited = 0;

    const { data, meta } = page;
    job.firstTotal ??= meta.total;
    job.lastTotal = meta.total;
    const fresh = data.filter((item) => {
      const id = getId(item);
      if (job.seen.has(id)) return false;
      job.seen.add(id);
      return true;
    });
    if (fresh.length > 0) job.chunks.push(encode(fresh));
    // The page size in effect is the server's to say; it may cap lower than asked.
    const finished = data.length === 0 || job.nextPage * meta.limit >= meta.total;
    job.nextPage += 1;
    progress();

    if (finished || options.until?.()) {
      return {
        kind: 'done',
        rows: job.seen.size,
        firstTotal: job.firstTotal,
        lastTotal: meta.total,
      };
    }
    if (!job.confirmed) {
      if (meta.total > CONFIRM_ABOVE_ROWS) {
        const go = await options.confirmLarge(meta.total, Math.ceil(meta.total / meta.limit));
        if (!go || signal.aborted) return { kind: 'cancelled' };
      }
      job.confirmed = true;
    }
  }
}
