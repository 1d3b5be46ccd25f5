import { pow10, splitPoints, unitText, type SpanKind } from './price-edges';

/**
 * The overview's price ranges, from an API that can only count: `count({min, max})` is the number
 * of products priced from `min` to `max` inclusive (`min_price`/`max_price`, `limit=1`, its
 * `meta.total`). Nothing reads the catalogue: its size does not change the cost (about 20 to 40
 * counts for the mock's 5,000 products, as for five million). A sample of pages would not do:
 * the API cannot sort products, so its first pages are whatever order it keeps, not a sample,
 * and a handful of outliers is exactly what a sample misses.
 *
 * Ranges follow the data on a logarithmic scale with round edges: first the decades (0.01, 0.1,
 * 1, 10, …, counted at once up to a million, further only if something costs that much), then
 * each decade that holds a fair share cut at its 2 and 5 (1–2–5 steps), and any range that still
 * holds over a quarter of the products cut again in round steps, down to the catalogue's finest
 * price. So one outlier is one short bar of its own, and a range that keeps more than half of
 * the products when it can be cut no finer holds products of one price. Rounded quantiles would
 * make every bar the same height: the edges would say everything and the bars nothing.
 *
 * Edges are exact decimals in units of the catalogue's finest price (price-edges.ts), `decimals`
 * from a sample of prices: a range ends one unit below where the next begins, so the inclusive
 * bounds of a link leave no price between two ranges and none in both. That holds only if no
 * price has more decimals than the sample showed, which the last step checks: every range counted
 * with both bounds must match the counts from `min` alone; if products fall between ranges, the
 * ranges are chosen again with more decimals. Pure: `count` and `parallel` (the caller's pool) do
 * the asking, and `count` should remember its answers, since the same count is asked again.
 */

export interface PriceRange {
  /** Inclusive, as exact decimal text; undefined for the range below 0, which has no lower edge. */
  min: string | undefined;
  /** Inclusive. Equal to `min` when the range holds one price. */
  max: string;
  count: number;
}

/**
 * - `exact`: every product priced 0 or more lies in exactly one range, and each count is what
 *   the range's link lists.
 * - `gaps`: `unplaced` products have prices with more decimals than the ranges separate (even at
 *   the most decimals tried), so they fall between two ranges; the counts are still the links'.
 * - `max-price-ignored`: the API counted more with both bounds than from `min` alone, so it does
 *   not apply `max_price`; the counts are then from `min` alone (from this range's start to the
 *   next's), and a link may list more.
 */
export type PriceFit = 'exact' | 'gaps' | 'max-price-ignored';

export interface PriceRanges {
  ranges: PriceRange[];
  decimals: number;
  fit: PriceFit;
  /** With `gaps`: how many products no range holds. */
  unplaced: number;
}

export interface PriceFilter {
  min?: string;
  max?: string;
}

export type CountPrices = (filter: PriceFilter) => Promise<number>;
export type Parallel = <T>(tasks: readonly (() => Promise<T>)[]) => Promise<T[]>;

export class PriceFilterIgnored extends Error {
  constructor() {
    super('The API counted products at every price asked, so it does not filter by min_price.');
    this.name = 'PriceFilterIgnored';
  }
}

/** A range counted fewer products than a narrower one inside it: the catalogue changed meanwhile. */
export class PriceCountsChanged extends Error {
  constructor() {
    super('The products changed while their prices were counted.');
    this.name = 'PriceCountsChanged';
  }
}

/** Decades counted at once: up to 10^6, the most a shop's price is likely to reach. */
const FIRST_TOP_DECADE = 6;
/** 10^15: nothing costs that much, so a count there means `min_price` is ignored. */
const LAST_TOP_DECADE = 15;
export const MAX_DECIMALS = 9;
/** Ranges shown at most, unless more are needed to keep any but one price under half. */
export const MAX_RANGES = 20;
/** Up to this many decades of prices, each is shown in 1–2–5 steps; past it, whole. */
const FINE_DECADES = 5;
/** Every cut needs a round of requests; one price at 15 digits needs about 30 rounds. */
const MAX_ROUNDS = 64;

interface Span {
  /** Inclusive, in units. */
  low: bigint;
  /** Exclusive: where the next range (or nothing) begins. */
  high: bigint;
  /** Products priced from `low` up to (not including) `high`, from `min` counts alone. */
  count: number;
  kind: SpanKind;
}

interface Options {
  /** Every product, whatever its price (`meta.total` unfiltered). */
  total: number;
  /** The most decimals seen in a sample of prices. */
  decimals: number;
  count: CountPrices;
  parallel: Parallel;
}

export async function priceRanges(options: Options): Promise<PriceRanges> {
  const first = Math.min(Math.max(0, Math.floor(options.decimals)), MAX_DECIMALS);
  if (options.total === 0) return { ranges: [], decimals: first, fit: 'exact', unplaced: 0 };
  const ladder = [...new Set([first, first + 1, MAX_DECIMALS])].filter((d) => d <= MAX_DECIMALS);
  let result: PriceRanges | undefined;
  for (const decimals of ladder) {
    result = await rangesAt(decimals, options);
    if (result.fit !== 'gaps') break;
  }
  return result as PriceRanges;
}

async function rangesAt(decimals: number, { total, count, parallel }: Options) {
  const atLeast = new Map<bigint, number>();
  const countFrom = async (points: readonly bigint[]) => {
    const asked = points.filter((point) => !atLeast.has(point));
    const counts = await parallel(
      asked.map((point) => () => count({ min: unitText(point, decimals) })),
    );
    asked.forEach((point, index) => atLeast.set(point, counts[index] as number));
  };
  const decade = (exponent: number) => pow10(exponent + decimals);
  const exponents = (from: number, to: number) =>
    Array.from({ length: to - from + 1 }, (_, index) => from + index);

  await countFrom([0n, ...exponents(-decimals, FIRST_TOP_DECADE).map(decade)]);
  if (at(atLeast, decade(FIRST_TOP_DECADE)) > 0) {
    await countFrom(exponents(FIRST_TOP_DECADE + 1, LAST_TOP_DECADE).map(decade));
    if (at(atLeast, decade(LAST_TOP_DECADE)) > 0) throw new PriceFilterIgnored();
  }
  const positive = at(atLeast, 0n);
  const below = total - positive;
  if (below < 0) throw new PriceCountsChanged();

  // Price 0 (one unit wide), then the decades from one unit up.
  let spans = [
    span(atLeast, 0n, 1n, 'linear'),
    ...exponents(-decimals, LAST_TOP_DECADE - 1)
      .filter((exponent) => atLeast.has(decade(exponent + 1)))
      .map((exponent) => span(atLeast, decade(exponent), decade(exponent + 1), 'decade')),
  ].filter((one) => one.count > 0);
  const wanted = wantedCut(spans, positive);
  for (let round = 0; round < MAX_ROUNDS; round += 1) {
    const cuts = planCuts(spans, positive, wanted);
    if (cuts.size === 0) break;
    await countFrom([...cuts.values()].flat());
    spans = spans
      .flatMap((one) => {
        const points = cuts.get(one);
        if (!points) return [one];
        const edges = [one.low, ...points, one.high];
        return edges
          .slice(1)
          .map((high, index) => span(atLeast, edges[index] as bigint, high, 'linear'));
      })
      .filter((one) => one.count > 0);
  }
  spans = mergeSmallest(spans);
  return checked(spans, { decimals, below, positive, count, parallel });
}

function at(atLeast: ReadonlyMap<bigint, number>, point: bigint): number {
  return atLeast.get(point) ?? 0;
}

function span(atLeast: ReadonlyMap<bigint, number>, low: bigint, high: bigint, kind: SpanKind) {
  const count = at(atLeast, low) - at(atLeast, high);
  if (count < 0) throw new PriceCountsChanged();
  return { low, high, count, kind };
}

/**
 * Which ranges are worth cutting, given how many products are priced 0 or more: one with over
 * half of them, always; one with over a quarter (ten at least: a handful of products needs no
 * finer view); a decade with a twentieth or more, when few decades hold that much (prices over
 * more decades read better in whole decades than in 20-odd thin bars); and a small top decade, so
 * that the last range ends near the highest price, however few products it holds.
 */
function wantedCut(spans: readonly Span[], positive: number) {
  const sizeable = (one: Span) => one.kind === 'decade' && one.count * 20 >= positive;
  const fine = spans.filter(sizeable).length <= FINE_DECADES;
  const top = spans.at(-1);
  return (one: Span) =>
    one.count * 2 > positive ||
    (one.count * 4 > positive && one.count >= 10) ||
    (fine && sizeable(one)) ||
    (one === top && one.kind === 'decade' && !sizeable(one));
}

/**
 * The cuts of this round, largest ranges first, while the ranges stay within MAX_RANGES; a range
 * that holds over half of the products is cut whatever the number, until it is one price.
 */
function planCuts(spans: readonly Span[], positive: number, wanted: (one: Span) => boolean) {
  const cuts = new Map<Span, bigint[]>();
  let size = spans.length;
  const candidates = spans
    .map((one) => ({ one, points: splitPoints(one.low, one.high, one.kind) }))
    .filter(({ one, points }) => points.length > 0 && wanted(one))
    .sort((a, b) => b.one.count - a.one.count);
  for (const { one, points } of candidates) {
    if (one.count * 2 <= positive && size + points.length > MAX_RANGES) continue;
    cuts.set(one, points);
    size += points.length;
  }
  return cuts;
}

/**
 * Beyond MAX_RANGES (only when cutting one crowded price out took many cuts), the two
 * neighbours with the fewest products together become one, until few enough are left. With four
 * ranges or more, some pair holds at most half of the products, so no merge makes a range that
 * holds more than half.
 */
function mergeSmallest(spans: Span[]): Span[] {
  const merged = [...spans];
  while (merged.length > MAX_RANGES) {
    let best = 0;
    for (let index = 1; index < merged.length - 1; index += 1) {
      const pair = (merged[index] as Span).count + (merged[index + 1] as Span).count;
      if (pair < (merged[best] as Span).count + (merged[best + 1] as Span).count) best = index;
    }
    const [left, right] = merged.slice(best, best + 2) as [Span, Span];
    merged.splice(best, 2, {
      low: left.low,
      high: right.high,
      count: left.count + right.count,
      kind: 'linear',
    });
  }
  return merged;
}

/** Counts each range with both bounds, as its link will list it, and sees that they agree. */
async function checked(
  spans: readonly Span[],
  context: { decimals: number; below: number; positive: number } & Pick<
    Options,
    'count' | 'parallel'
  >,
): Promise<PriceRanges> {
  const { decimals, below, positive, count, parallel } = context;
  const bounds = spans.map((one) => ({
    min: unitText(one.low, decimals),
    max: unitText(one.high - 1n, decimals),
  }));
  const inclusive = await parallel(bounds.map((filter) => () => count(filter)));
  const over = spans.some((one, index) => (inclusive[index] as number) > one.count);
  const placed = inclusive.reduce((sum, value) => sum + value, 0);
  const fit: PriceFit = over ? 'max-price-ignored' : placed < positive ? 'gaps' : 'exact';
  const ranges: PriceRange[] = spans.map((one, index) => ({
    ...(bounds[index] as { min: string; max: string }),
    count: over ? one.count : (inclusive[index] as number),
  }));
  if (below > 0) ranges.unshift({ min: undefined, max: unitText(-1n, decimals), count: below });
  return { ranges, decimals, fit, unplaced: fit === 'gaps' ? positive - placed : 0 };
}
