import { plainDecimal } from '../../lib/decimal';
import { formatCount } from '../../lib/format';
import type { ProductCountFilter } from './api/overview-api';
import type { Pooled } from '../../lib/pool/pool-lane';
import { MAX_DECIMALS, priceRanges, type PriceRanges } from './price-bins';

/**
 * The overview's two product charts, counted with `meta.total` under the API's filters: per
 * category, and per price range (price-bins.ts). overview-count.ts runs them and turns what they
 * throw into the chart's state.
 */

type Count = (filter: ProductCountFilter) => Promise<number>;

/** The counts per category added up to more products than there are. */
export class CategoryFilterIgnored extends Error {
  constructor(sum: number, total: number, categories: number) {
    super(
      `The ${categories} categories counted ${formatCount(sum)} products in all, more than the ${formatCount(total)} there are, so this API does not filter by category (or files a product under several). Products cannot be counted by category on it.`,
    );
    this.name = 'CategoryFilterIgnored';
  }
}

export interface CategoryBar {
  label: string;
  count: number;
  to: string;
}

/**
 * One bar per category, and **Other categories** for the products in none of them. A category
 * filter the API ignores counts every product in every category: a sum over the total says so,
 * rather than bars that are all the total.
 */
export async function countCategoryBars(options: {
  categories: readonly string[];
  total: number;
  count: Count;
  pooled: Pooled;
  /** The API lists no categories: with none configured or seen, the first page's. */
  sample: () => Promise<string[]>;
}): Promise<CategoryBar[]> {
  const { total, count, pooled } = options;
  let { categories } = options;
  if (categories.length === 0) [categories] = (await pooled([options.sample])) as [string[]];
  const counts = await pooled(categories.map((category) => () => count({ category })));
  const sum = counts.reduce((all, value) => all + value, 0);
  if (sum > total) throw new CategoryFilterIgnored(sum, total, categories.length);
  const bars: CategoryBar[] = categories.map((category, index) => ({
    label: category,
    count: counts[index] as number,
    to: `/products?${new URLSearchParams({ category }).toString()}`,
  }));
  if (total > sum || categories.length === 0) {
    bars.push({ label: 'Other categories', count: total - sum, to: '/products' });
  }
  return bars;
}

/** The most decimals among some prices (at most MAX_DECIMALS): 19.999 has three. */
export function decimalsOf(prices: readonly number[]): number {
  const decimals = prices.map((price) => (plainDecimal(price).split('.')[1] ?? '').length);
  return Math.min(MAX_DECIMALS, Math.max(0, ...decimals));
}

/**
 * The price ranges. Their edges need the catalogue's finest price: the first page of products
 * says how many decimals prices have, and priceRanges checks that none has more.
 */
export async function countPriceRanges(options: {
  total: number;
  count: Count;
  pooled: Pooled;
  sample: () => Promise<number[]>;
}): Promise<PriceRanges> {
  const { total, count, pooled } = options;
  const decimals =
    total === 0 ? 0 : decimalsOf(((await pooled([options.sample])) as [number[]])[0]);
  return priceRanges({
    total,
    decimals,
    count: ({ min, max }) => count({ minPrice: min, maxPrice: max }),
    parallel: pooled,
  });
}
