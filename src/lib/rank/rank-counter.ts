/**
 * Counting by rank over a list the API can sort but cannot count: in a list sorted by a numeric
 * key (a time), the position of the first row at or after a boundary is the number of rows
 * before it. Each boundary's position is found by interpolation search (guess the page from the
 * keys read around it), falling back to halving whenever a guess did not at least halve the pages
 * still in doubt, so a boundary costs at most about 2·log2(pages) reads and usually 2–4. All
 * boundaries share the pages read: a page read for one tightens every other.
 *
 * The list's direction is learnt from its first and last pages (an API's `sort=created_at` may
 * run either way); every page read is checked against it and against its read neighbours, and
 * pages that contradict the order end the count as `unsorted`. A total that changes between
 * reads ends it as `changed`: rows may have moved between pages, so the caller starts again.
 *
 * No fetch and no React: `readPage` and `parallel` are the caller's (the page cache and the
 * lookup pool, in the console). The pages read are kept: after a failed read, running again goes
 * on from there.
 */

export interface RankPage<T> {
  rows: readonly T[];
  total: number;
}

export interface RankSource<T> {
  /** 1-based, `pageSize` rows each. */
  readPage: (page: number) => Promise<RankPage<T>>;
  pageSize: number;
  /** The sort key as a number (epoch ms); NaN for a row whose key cannot be read. */
  keyOf: (row: T) => number;
}

/** Runs the reads of one round together (at most a few at a time, as the caller's pool allows). */
export type Parallel = (tasks: readonly (() => Promise<void>)[]) => Promise<void>;

export type Direction = 'asc' | 'desc';

export class RankError extends Error {
  constructor(
    readonly kind: 'unsorted' | 'changed' | 'bad-key',
    message: string,
  ) {
    super(message);
    this.name = 'RankError';
  }
}

export interface Extent {
  total: number;
  direction: Direction;
  /** The smallest and largest keys; undefined for an empty list. */
  min: number | undefined;
  max: number | undefined;
}

interface ReadRows<T> {
  rows: readonly T[];
  keys: readonly number[];
}

/** How one boundary is being looked for: the pages still in doubt after its last guess. */
interface Hunt {
  lastWidth: number;
  lastWasGuess: boolean;
}

const sequential: Parallel = async (tasks) => {
  for (const task of tasks) await task();
};

export class RankCounter<T> {
  private readonly source: RankSource<T>;
  private readonly parallel: Parallel;
  private readonly pages = new Map<number, ReadRows<T>>();
  private total: number | undefined;
  private direction: Direction = 'asc';
  private readonly inFlight = new Map<number, Promise<void>>();
  requests = 0;

  constructor(source: RankSource<T>, parallel: Parallel = sequential) {
    this.source = source;
    this.parallel = parallel;
  }

  /** The first and last pages: the total, the direction, and the first and last keys. */
  async extent(): Promise<Extent> {
    // One at a time through `parallel` too: every read goes through the caller's pool.
    if (this.total === undefined) await this.parallel([() => this.read(1)]);
    const last = this.lastPage();
    if (last > 1) await this.parallel([() => this.read(last)]);
    const first = this.pages.get(1)?.keys[0];
    const lastKey = this.pages.get(last)?.keys.at(-1);
    // Learnt, not assumed; equal ends leave nothing to learn.
    this.direction =
      first !== undefined && lastKey !== undefined && first > lastKey ? 'desc' : 'asc';
    this.checkOrder(1);
    if (last > 1) this.checkOrder(last);
    const total = this.total ?? 0;
    const none = first === undefined || lastKey === undefined;
    return {
      total,
      direction: this.direction,
      min: none ? undefined : Math.min(first, lastKey),
      max: none ? undefined : Math.max(first, lastKey),
    };
  }

  /**
   * The keys at these ranks (0 the smallest, whatever the list's direction), reading the pages
   * that hold them: where the middle of the list lies, without reading the rest.
   */
  async keysAt(ranks: readonly number[]): Promise<number[]> {
    const { total } = await this.extent();
    const size = this.source.pageSize;
    const positions = ranks.map((rank) => {
      const clamped = Math.min(Math.max(0, Math.floor(rank)), Math.max(0, total - 1));
      return this.direction === 'asc' ? clamped : total - 1 - clamped;
    });
    const pages = [...new Set(positions.map((position) => Math.floor(position / size) + 1))];
    const missing = pages.filter((page) => !this.pages.has(page));
    await this.parallel(missing.map((page) => () => this.read(page)));
    for (const page of missing) this.checkOrder(page);
    return positions.map((position) => {
      const key = this.pages.get(Math.floor(position / size) + 1)?.keys[position % size];
      if (key === undefined) throw new RankError('changed', `No row at position ${position}.`);
      return key;
    });
  }

  /** For each boundary, how many rows have a key below it. */
  async countBelow(boundaries: readonly number[]): Promise<number[]> {
    const positions = await this.positions(boundaries);
    const total = this.total ?? 0;
    return positions.map((position) => (this.direction === 'asc' ? position : total - position));
  }

  /**
   * For each boundary, the position (0-based, in the API's order) of the first row on the far
   * side of it: key ≥ boundary ascending, key < boundary descending.
   */
  async positions(boundaries: readonly number[]): Promise<number[]> {
    await this.extent();
    const hunts = boundaries.map(() => ({ lastWidth: Infinity, lastWasGuess: false }) as Hunt);
    for (;;) {
      const wanted = new Set<number>();
      boundaries.forEach((boundary, index) => {
        const page = this.nextPage(boundary, hunts[index] as Hunt);
        if (page !== undefined) wanted.add(page);
      });
      if (wanted.size === 0) break;
      await this.parallel([...wanted].map((page) => () => this.read(page)));
      for (const page of wanted) this.checkOrder(page);
    }
    return boundaries.map((boundary) => this.bracket(boundary).lo);
  }

  /**
   * The rows from position `from` up to (not including) `to`, reading the pages not read yet in
   * order, and stopping there: a date's users are read forward to the range's end and no further.
   */
  async rowsBetween(from: number, to: number): Promise<T[]> {
    const size = this.source.pageSize;
    const rows: T[] = [];
    if (to <= from) return rows;
    const firstPage = Math.floor(from / size) + 1;
    const lastPage = Math.floor((to - 1) / size) + 1;
    const missing: number[] = [];
    for (let page = firstPage; page <= lastPage; page += 1) {
      if (!this.pages.has(page)) missing.push(page);
    }
    await this.parallel(missing.map((page) => () => this.read(page)));
    for (const page of missing) this.checkOrder(page);
    for (let page = firstPage; page <= lastPage; page += 1) {
      const read = this.pages.get(page)?.rows ?? [];
      read.forEach((row, index) => {
        const position = (page - 1) * size + index;
        if (position >= from && position < to) rows.push(row);
      });
    }
    return rows;
  }

  private lastPage(): number {
    return Math.max(1, Math.ceil((this.total ?? 0) / this.source.pageSize));
  }

  private read(page: number): Promise<void> {
    if (this.pages.has(page)) return Promise.resolve();
    // Two boundaries asking for one page in one round share the read.
    const pending = this.inFlight.get(page);
    if (pending) return pending;
    const reading = this.source
      .readPage(page)
      .then(({ rows, total }) => {
        this.requests += 1;
        if (this.total === undefined) this.total = total;
        else if (total !== this.total) {
          throw new RankError(
            'changed',
            `The list's total changed from ${this.total} to ${total} while counting.`,
          );
        }
        const expected = Math.max(
          0,
          Math.min(this.source.pageSize, total - (page - 1) * this.source.pageSize),
        );
        if (rows.length !== expected) {
          throw new RankError(
            'changed',
            `Page ${page} held ${rows.length} rows where ${expected} were due.`,
          );
        }
        const keys = rows.map(this.source.keyOf);
        if (keys.some((key) => !Number.isFinite(key))) {
          throw new RankError('bad-key', `Page ${page} has a row whose date cannot be read.`);
        }
        this.pages.set(page, { rows, keys });
      })
      .finally(() => this.inFlight.delete(page));
    this.inFlight.set(page, reading);
    return reading;
  }

  /** True when `a` may come before `b` in the learnt direction. */
  private inOrder(a: number, b: number): boolean {
    return this.direction === 'asc' ? a <= b : a >= b;
  }

  /** The page's keys in order, and in order with the nearest read rows on either side. */
  private checkOrder(page: number): void {
    const keys = this.pages.get(page)?.keys;
    if (!keys) return;
    let before: number | undefined;
    for (let p = page - 1; p >= 1 && before === undefined; p -= 1)
      before = this.pages.get(p)?.keys.at(-1);
    let after: number | undefined;
    for (let p = page + 1; p <= this.lastPage() && after === undefined; p += 1)
      after = this.pages.get(p)?.keys[0];
    const run = [
      ...(before === undefined ? [] : [before]),
      ...keys,
      ...(after === undefined ? [] : [after]),
    ];
    for (let i = 1; i < run.length; i += 1) {
      if (!this.inOrder(run[i - 1] as number, run[i] as number)) {
        throw new RankError(
          'unsorted',
          'The pages contradict each other: the list is not sorted by this date.',
        );
      }
    }
  }

  /** The far side of `boundary` for a key: ≥ ascending, < descending. */
  private beyond(key: number, boundary: number): boolean {
    return this.direction === 'asc' ? key >= boundary : key < boundary;
  }

  /**
   * What the read pages say about a boundary's position: it lies in [lo, hi], with the keys just
   * before lo and at hi when read. lo === hi means it is known.
   */
  private bracket(boundary: number) {
    const size = this.source.pageSize;
    let lo = 0;
    let hi = this.total ?? 0;
    let keyLo: number | undefined;
    let keyHi: number | undefined;
    for (const [page, { keys }] of this.pages) {
      const start = (page - 1) * size;
      keys.forEach((key, index) => {
        const position = start + index;
        if (this.beyond(key, boundary)) {
          if (position < hi) {
            hi = position;
            keyHi = key;
          }
        } else if (position + 1 > lo) {
          lo = position + 1;
          keyLo = key;
        }
      });
    }
    return { lo, hi, keyLo, keyHi };
  }

  /** The page to read for this boundary next, or none when its position is known. */
  private nextPage(boundary: number, hunt: Hunt): number | undefined {
    const { lo, hi, keyLo, keyHi } = this.bracket(boundary);
    if (lo >= hi) return undefined;
    const size = this.source.pageSize;
    // Every page holding a position in [lo, hi) is unread (a read one would have narrowed it).
    const first = Math.floor(lo / size) + 1;
    const last = Math.floor((hi - 1) / size) + 1;
    const width = last - first + 1;
    // A guess that did not halve what was in doubt is followed by a halving.
    const missed = hunt.lastWasGuess && width > hunt.lastWidth / 2;
    const bisect = missed || keyLo === undefined || keyHi === undefined || keyLo === keyHi;
    hunt.lastWasGuess = !bisect;
    hunt.lastWidth = width;
    if (bisect) return Math.floor((first + last) / 2);
    const fraction = (boundary - (keyLo as number)) / ((keyHi as number) - (keyLo as number));
    const guess = lo - 1 + fraction * (hi - lo + 1);
    return Math.min(last, Math.max(first, Math.floor(guess / size) + 1));
  }
}
