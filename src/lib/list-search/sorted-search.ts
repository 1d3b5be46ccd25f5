import type { Parallel } from '../rank/rank-counter';
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
 * Reads go out in rounds: every live stretch gets a page in the same round (up to `width`, the
 * pool's 4 in flight), since the places a name may be (under a case-sensitive order, every casing
 * and accented form is one) are independent of each other. Within a stretch the page is a guess
 * from the keys around it (interpolation: "Grace" lies about a third of the way from "Ada" to
 * "Zoë"), and the middle whenever the previous guess there did not at least halve the stretch, so
 * a guess that misses costs one read, and guessing never more than twice what halving would. Names
 * guess worse than dates (a letter says little about where among the Graces "Grace H" is), so
 * against the mock at 1,000,000 users a unique name takes about 12 requests in 11 rounds under a
 * locale order, where reading the list takes 10,000; under a code-unit order the casings are
 * searched side by side, about 40 requests in the same 11 rounds (47 one after another).
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
  /** What tells two rows apart: a row an API repeats at a page edge is one match, not two. */
  idOf: (row: T) => string;
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
  /** Reads per round: the pool's concurrency (1: one after another). */
  width?: number;
  /** Guess pages from the keys around them (else halve): fewer reads mostly, 2·log2 at worst. */
  interpolate?: boolean;
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
      /** Which bound stopped it, when truncated. */
      stoppedBy?: 'matches' | 'requests' | undefined;
      /** Rounds of reads made at the same time: the wall-clock cost. */
      rounds: number;
      /** The total changed while searching: rows may have moved between pages. */
      changed: boolean;
    }
  | { kind: 'unsorted'; requests: number; rounds: number };

export interface SearchSnapshot<T> {
  requests: number;
  matches: T[];
}

const DEFAULT_MAX_REQUESTS = 200;

const sequential: Parallel = async (tasks) => {
  for (const task of tasks) await task();
};

interface Stretch {
  first: number;
  last: number;
  before: { key: string; matched: boolean | undefined } | undefined;
  after: { key: string; matched: boolean | undefined } | undefined;
  /** The orders that say a match may lie here, most likely first. */
  orders: SortOrder[];
}

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
  /** Pages read by an interpolation guess, with the width of the stretch guessed in. */
  private readonly guesses = new Map<number, number>();
  requests = 0;
  rounds = 0;

  constructor(options: SortedSearchOptions<T>) {
    this.options = options;
    this.foldedQuery = foldText(options.query);
    this.orders = candidateOrders(options.query);
  }

  /**
   * The matches among the rows read, in list order, each once: pages that overlap (a row added
   * before them between two reads, or an API that repeats the edge row) hold a row twice.
   */
  matches(): T[] {
    const found: T[] = [];
    const ids = new Set<string>();
    for (const number of this.pageNumbers) {
      const page = this.pages.get(number);
      page?.rows.forEach((row, index) => {
        if (!page.matched[index]) return;
        const id = this.options.idOf(row);
        if (ids.has(id)) return;
        ids.add(id);
        found.push(row);
      });
    }
    return found;
  }

  /**
   * Runs (or goes on with) the search. `parallel` runs one round's reads (the lookup pool in the
   * console); a failed read fails the run, and the pages read so far stay for the next.
   */
  async run(
    readPage: ReadPage<T>,
    onProgress?: (snapshot: SearchSnapshot<T>) => void,
    parallel: Parallel = sequential,
  ): Promise<SortedSearchResult<T>> {
    const { pageSize, maxMatches, maxRequests = DEFAULT_MAX_REQUESTS, width = 1 } = this.options;
    if (this.total === undefined) {
      this.rounds += 1;
      // Through `parallel` as every read: the pool is what waits out a 429.
      await parallel([() => this.read(readPage, 1, pageSize)]);
    }
    for (;;) {
      if (this.orders.length === 0) {
        return { kind: 'unsorted', requests: this.requests, rounds: this.rounds };
      }
      const matches = this.matches();
      onProgress?.({ requests: this.requests, matches });
      const left = maxRequests - this.requests;
      const next = this.nextPages(Math.max(1, Math.min(width, left)));
      const stoppedBy =
        next.length === 0
          ? undefined
          : matches.length >= maxMatches
            ? ('matches' as const)
            : left <= 0
              ? ('requests' as const)
              : undefined;
      if (next.length === 0 || stoppedBy) {
        return {
          kind: 'done',
          matches: matches.slice(0, maxMatches),
          requests: this.requests,
          orders: this.orders,
          truncated: stoppedBy !== undefined,
          stoppedBy,
          rounds: this.rounds,
          changed: this.changed,
        };
      }
      this.rounds += 1;
      const limit = this.limit ?? pageSize;
      await parallel(next.map((page) => () => this.read(readPage, page, limit)));
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
   * The pages to read next (at most `width`), none when no unread stretch may hold a match. Every
   * live stretch gets one, those that more orders consider live first: they must be read
   * whichever order is right, and what they show may rule out the orders that alone keep the
   * others live. A run of matches going on past a page gets the pages after it too, while places
   * are left over. The stretches are the gaps between the pages read, walked as such: a total of
   * 2^53 rows must not mean 2^53 steps.
   */
  private nextPages(width: number): number[] {
    const live = this.liveStretches();
    // Among stretches as widely supported, reading several at once, the widest first: it has the
    // most halvings ahead, so it sets how many rounds the search takes. One at a time, the list's
    // order (the sort is stable).
    const wide = width > 1 ? 1 : 0;
    live.sort(
      (a, b) => b.orders.length - a.orders.length || wide * (b.last - b.first - (a.last - a.first)),
    );
    const chosen = live.slice(0, width);
    const pages = new Set(chosen.map((stretch) => this.pageIn(stretch)));
    const add = (page: number) => {
      if (pages.size < width) pages.add(page);
    };
    for (const stretch of chosen) {
      const { first, last, before, after } = stretch;
      // A run of matches going on: the pages after it.
      if (before?.matched === true) {
        for (let page = first + 1; page <= last && pages.size < width; page += 1) add(page);
      } else if (after === undefined && last - first > 1) {
        // The list's last page bounds the stretch, so the next guess has keys on both sides.
        add(last);
      }
    }
    // Several places may be left in one stretch while case-separating orders remain: split the
    // widest stretches further, reading what would otherwise wait for a later round.
    if (this.orders.some((order) => order.separatesCase)) {
      const widest = [...chosen].sort((a, b) => b.last - b.first - (a.last - a.first));
      for (const { first, last } of widest) {
        const spare = width - pages.size;
        const span = last - first + 1;
        for (let part = 1; part <= spare; part += 1) {
          add(first + Math.floor((span * part) / (spare + 1)));
        }
      }
    }
    return [...pages];
  }

  private liveStretches(): Stretch[] {
    const count = this.pageCount();
    const live: Stretch[] = [];
    const consider = (first: number, last: number) => {
      const before = this.lastRowBefore(first, false);
      const after = this.firstRowAfter(last, false);
      const orders = this.orders.filter((order) => order.mayHoldPrefix(before?.key, after?.key));
      if (orders.length > 0) live.push({ first, last, before, after, orders });
    };
    let first = 1;
    for (const read of this.pageNumbers) {
      if (read > count) break;
      if (read > first) consider(first, read - 1);
      first = read + 1;
    }
    if (first <= count) consider(first, count);
    return live;
  }

  /**
   * Where to read in a stretch: forward while the row before matches; the last page when the
   * stretch runs to the end of the list and only some orders keep it live (an order that sorts
   * "Ĝrace" after every "z…" needs the list's last row, not a halving towards it); else a guess
   * from the keys around it, or the middle when there is no guess or the last one here missed.
   */
  private pageIn({ first, last, before, after, orders }: Stretch): number {
    if (before?.matched === true) return first;
    if (after === undefined && last === this.pageCount() && orders.length < this.orders.length) {
      return last;
    }
    const width = last - first + 1;
    const guess =
      this.options.interpolate === true &&
      before &&
      after &&
      width > 2 &&
      !this.guessMissed(first, last)
        ? orders[0]?.guess(before.key, after.key)
        : undefined;
    if (guess !== undefined) {
      const page = first + Math.min(width - 1, Math.floor(guess * width));
      this.guesses.set(page, width);
      return page;
    }
    // Not (first + last) / 2: near 2^53 the sum is no longer exact.
    return first + Math.floor((last - first) / 2);
  }

  /** Whether a guess beside this stretch left it more than half the stretch it was made in. */
  private guessMissed(first: number, last: number): boolean {
    const width = last - first + 1;
    return [first - 1, last + 1].some((page) => {
      const guessedIn = this.guesses.get(page);
      return guessedIn !== undefined && width * 2 > guessedIn;
    });
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
