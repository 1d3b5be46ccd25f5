import { candidateOrders, type SortOrder } from './sort-orders';
import { foldText, matchesFolded, type MatchKind } from './text-fold';

/**
 * Finds the rows whose key (a name, an e-mail) matches a query in a list the API can sort by that
 * key but cannot filter: a search by bisection over its pages, as one would look a word up in a
 * printed dictionary.
 *
 * The pages read so far split the list into read rows and unread stretches of pages. A stretch is
 * read only when some order the read pages agree with (see sort-orders.ts) says a match could lie
 * between the rows around it; then its middle page is read, or its first page when the row just
 * before it matches (the run of matches goes on: read forward while rows still match). Every page
 * read also rules out the orders it contradicts. When no stretch may hold a match, the matches are
 * exactly the matching rows read. When no order is left, the API did not sort the list: the
 * caller says so and offers a scan.
 *
 * With one order left, that is about log2(pages) requests to find where the matches start, plus
 * one per page of matches: 14 at 1,000,000 users for a unique name, where reading the list takes
 * 10,000. Orders that separate case cost more, since every casing is a place to look.
 *
 * The state is kept between runs: after a failed request, running again goes on from there.
 */

export interface SearchPage<T> {
  data: readonly T[];
  meta: { total: number; page: number; limit: number };
}

export type ReadPage<T> = (page: number, limit: number) => Promise<SearchPage<T>>;

export interface SortedSearchOptions<T> {
  /** The value the list is sorted by. */
  keyOf: (row: T) => string;
  /** Whitespace-normalised. */
  query: string;
  /** Names match from their start; e-mails whole. Either way case and accents aside. */
  match: MatchKind;
  /** Rows per request: the API's largest page. */
  pageSize: number;
  /** Stop once this many matches are in hand (the query is too short to be useful beyond). */
  maxMatches: number;
  /** A guard against a list that keeps shifting under the search. */
  maxRequests?: number;
}

export type SortedSearchResult<T> =
  | {
      kind: 'done';
      matches: T[];
      requests: number;
      /** The orders the pages agreed with, most likely first. */
      orders: readonly SortOrder[];
      /** More matches may exist than were read (maxMatches or maxRequests reached). */
      truncated: boolean;
      /** The total changed while searching: rows may have moved between pages. */
      changed: boolean;
    }
  | { kind: 'unsorted'; requests: number };

export interface SearchSnapshot<T> {
  requests: number;
  matches: T[];
}

const DEFAULT_MAX_REQUESTS = 200;

interface ReadPageRows<T> {
  rows: readonly T[];
  keys: readonly string[];
  matched: readonly boolean[];
}

export class SortedSearch<T> {
  private readonly options: SortedSearchOptions<T>;
  private readonly foldedQuery: string;
  private readonly pages = new Map<number, ReadPageRows<T>>();
  /** The keys of `pages`, ascending. */
  private readonly pageNumbers: number[] = [];
  private orders: SortOrder[];
  private total: number | undefined;
  private limit: number | undefined;
  private changed = false;
  requests = 0;

  constructor(options: SortedSearchOptions<T>) {
    this.options = options;
    this.foldedQuery = foldText(options.query);
    this.orders = candidateOrders(options.query);
  }

  /** The matches among the rows read, in list order. */
  matches(): T[] {
    const found: T[] = [];
    for (const number of this.pageNumbers) {
      const page = this.pages.get(number);
      page?.rows.forEach((row, index) => {
        if (page.matched[index]) found.push(row);
      });
    }
    return found;
  }

  async run(
    readPage: ReadPage<T>,
    onProgress?: (snapshot: SearchSnapshot<T>) => void,
  ): Promise<SortedSearchResult<T>> {
    const { pageSize, maxMatches, maxRequests = DEFAULT_MAX_REQUESTS } = this.options;
    if (this.total === undefined) await this.read(readPage, 1, pageSize);
    for (;;) {
      if (this.orders.length === 0) return { kind: 'unsorted', requests: this.requests };
      const matches = this.matches();
      onProgress?.({ requests: this.requests, matches });
      const next = this.nextPage();
      const truncated =
        next !== undefined && (matches.length >= maxMatches || this.requests >= maxRequests);
      if (next === undefined || truncated) {
        return {
          kind: 'done',
          matches: matches.slice(0, maxMatches),
          requests: this.requests,
          orders: this.orders,
          truncated,
          changed: this.changed,
        };
      }
      await this.read(readPage, next, this.limit ?? pageSize);
    }
  }

  private async read(readPage: ReadPage<T>, page: number, limit: number): Promise<void> {
    const { data, meta } = await readPage(page, limit);
    this.requests += 1;
    if (this.total === undefined) {
      this.total = meta.total;
      this.limit = meta.limit;
    } else if (meta.total !== this.total || meta.limit !== this.limit) {
      this.changed = true;
    }
    const keys = data.map(this.options.keyOf);
    const { match } = this.options;
    const matched = keys.map((key) => matchesFolded(key, this.foldedQuery, match));
    this.pages.set(page, { rows: data, keys, matched });
    this.pageNumbers.splice(this.indexAfter(page), 0, page);
    this.ruleOutOrders(page);
  }

  private pageCount(): number {
    return Math.max(1, Math.ceil((this.total ?? 0) / (this.limit ?? this.options.pageSize)));
  }

  /**
   * Keeps the orders that put the new page's rows in order, between the read rows around it
   * (the pairs already checked stay in order by transitivity).
   */
  private ruleOutOrders(page: number): void {
    const before = this.lastRowBefore(page, true);
    const after = this.firstRowAfter(page, true);
    const keys = [
      ...(before === undefined ? [] : [before.key]),
      ...(this.pages.get(page)?.keys ?? []),
      ...(after === undefined ? [] : [after.key]),
    ];
    for (let i = 1; i < keys.length && this.orders.length > 0; i += 1) {
      const a = keys[i - 1] as string;
      const b = keys[i] as string;
      this.orders = this.orders.filter((order) => order.precedes(a, b));
    }
  }

  /**
   * The page to read next, or none when no unread stretch may hold a match. Stretches that more
   * orders consider live go first: they must be read whichever order is right, and what they show
   * may rule out the orders that alone keep the others live. The stretches are the gaps between
   * the pages read, walked as such: a total of 2^53 rows must not mean 2^53 steps.
   */
  private nextPage(): number | undefined {
    const count = this.pageCount();
    let best: { page: number; support: number } | undefined;
    const consider = (first: number, last: number) => {
      const before = this.lastRowBefore(first, false);
      const after = this.firstRowAfter(last, false);
      const support = this.orders.filter((order) =>
        order.mayHoldPrefix(before?.key, after?.key),
      ).length;
      if (support > 0 && (best === undefined || support > best.support)) {
        best = {
          page: this.pageIn(first, last, before?.matched === true, after, support),
          support,
        };
      }
    };
    let first = 1;
    for (const read of this.pageNumbers) {
      if (read > count) break;
      if (read > first) consider(first, read - 1);
      first = read + 1;
    }
    if (first <= count) consider(first, count);
    return best?.page;
  }

  /**
   * Where to read in the unread pages first..last: forward while the row before matches; the last
   * page when the stretch runs to the end of the list and only some orders keep it live (an order
   * that sorts "Ĝrace" after every "z…" needs the list's last row, not a halving towards it);
   * otherwise the middle.
   */
  private pageIn(
    first: number,
    last: number,
    forward: boolean,
    after: { key: string } | undefined,
    support: number,
  ): number {
    if (forward) return first;
    if (after === undefined && last === this.pageCount() && support < this.orders.length) {
      return last;
    }
    // Not (first + last) / 2: near 2^53 the sum is no longer exact.
    return first + Math.floor((last - first) / 2);
  }

  /**
   * The read row just before `page` (skipping pages that came back empty), or none when the list
   * starts there, or (unless `skipUnread`) when the page before is unread. Walks the pages read,
   * not the page numbers.
   */
  private lastRowBefore(page: number, skipUnread: boolean) {
    let expected = page - 1;
    for (let i = this.indexAfter(page - 1) - 1; i >= 0; i -= 1) {
      const number = this.pageNumbers[i] as number;
      if (!skipUnread && number !== expected) return undefined;
      const rows = this.pages.get(number);
      const last = (rows?.keys.length ?? 0) - 1;
      if (rows && last >= 0) return { key: rows.keys[last] as string, matched: rows.matched[last] };
      expected = number - 1;
    }
    return undefined;
  }

  private firstRowAfter(page: number, skipUnread: boolean) {
    const count = this.pageCount();
    let expected = page + 1;
    for (let i = this.indexAfter(page); i < this.pageNumbers.length; i += 1) {
      const number = this.pageNumbers[i] as number;
      if (number > count || (!skipUnread && number !== expected)) return undefined;
      const rows = this.pages.get(number);
      if (rows && rows.keys.length > 0) {
        return { key: rows.keys[0] as string, matched: rows.matched[0] };
      }
      expected = number + 1;
    }
    return undefined;
  }

  /** The index in `pageNumbers` of the first page read after `page` (binary search). */
  private indexAfter(page: number): number {
    let low = 0;
    let high = this.pageNumbers.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((this.pageNumbers[middle] as number) > page) high = middle;
      else low = middle + 1;
    }
    return low;
  }
}
