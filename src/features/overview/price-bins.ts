import { tickStep } from 'd3-array';

/**
 * A price histogram from an API that can only count: `atLeast(p)` is the number of products
 * priced p or more (`min_price=p&limit=1`, its `meta.total`). Every range is the difference of two
 * such counts, so a bin [a, b) is exact whatever decimals the prices have, and `max_price` (whose
 * inclusive edge would need to know them) is never needed.
 *
 * The highest price is found by doubling (1, 2, 4, … until nothing is priced that high), then
 * halving until it is known to within one bin: d3-array's `tickStep` gives about ten round bins
 * (1, 2 or 5 × 10ⁿ wide) from 0 to it. Pure: `atLeast` and `parallel` are the caller's.
 */

export interface PriceBin {
  /** Inclusive. */
  from: number;
  /** Exclusive; undefined for prices below 0, which have no lower edge. */
  to: number;
  count: number;
  belowZero?: boolean;
}

export type CountAtLeast = (price: number) => Promise<number>;

/** Past this the API is not filtering by price at all (every doubling still counts products). */
const MAX_PRICE = 2 ** 50;
const BINS = 10;
const MAX_BINS = 12;

export class PriceFilterIgnored extends Error {
  constructor() {
    super('The API counted products at every price asked, so it does not filter by min_price.');
    this.name = 'PriceFilterIgnored';
  }
}

/** k × step without the binary noise (0.1 × 3 is 0.3, not 0.30000000000000004). */
export function edge(k: number, step: number): number {
  const decimals = Math.max(0, -Math.floor(Math.log10(step)));
  return Number((k * step).toFixed(decimals));
}

/** About ten round bins up to `high`: d3's step for ten, or for five where that makes over 12. */
function stepFor(high: number): number {
  const step = tickStep(0, high, BINS);
  return Math.ceil(high / step) > MAX_BINS ? tickStep(0, high, BINS / 2) : step;
}

export async function priceHistogram(
  total: number,
  atLeast: CountAtLeast,
  parallel: <T>(tasks: readonly (() => Promise<T>)[]) => Promise<T[]>,
): Promise<PriceBin[]> {
  if (total === 0) return [];
  // Every count goes through `parallel` (the caller's pool), the ones asked one at a time too.
  const one = async (price: number) => (await parallel([() => atLeast(price)]))[0] as number;
  const fromZero = await one(0);
  const bins: PriceBin[] = [];
  if (total - fromZero > 0) {
    bins.push({ from: -Infinity, to: 0, count: total - fromZero, belowZero: true });
  }
  if (fromZero === 0) return bins;
  // The highest price lies in [low, high): something costs low or more, nothing high or more.
  let low = 0;
  let high = 1;
  while ((await one(high)) > 0) {
    low = high;
    high *= 2;
    if (high > MAX_PRICE) throw new PriceFilterIgnored();
  }
  let step = stepFor(high);
  // Below 1 the bins are tenths: finer would only split cents that a handful of products cost.
  while (high - low > step && (low > 0 || high > 1)) {
    const middle = (low + high) / 2;
    if ((await one(middle)) > 0) low = middle;
    else high = middle;
    step = stepFor(high);
  }
  const count = Math.max(1, Math.ceil(high / step));
  const edges = Array.from({ length: count }, (_, k) => edge(k + 1, step));
  // The edges at or past `high` count nothing; no need to ask.
  const counts = await parallel(
    edges.map((value) => () => (value >= high ? Promise.resolve(0) : atLeast(value))),
  );
  let previous = fromZero;
  edges.forEach((value, k) => {
    const here = counts[k] as number;
    bins.push({ from: edge(k, step), to: value, count: previous - here });
    previous = here;
  });
  // Empty bins at the top say nothing: the range ends at the bin of the highest price.
  while (bins.length > 1 && bins.at(-1)?.count === 0 && !bins.at(-1)?.belowZero) bins.pop();
  return bins;
}
