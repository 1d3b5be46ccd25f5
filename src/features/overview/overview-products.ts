import type { Pooled } from '../../lib/pool/pool-lane';
import {
  categorySampleQueryOptions,
  priceSampleQueryOptions,
  productCountQueryOptions,
  type ProductCountFilter,
} from './api/overview-api';
import { failure, settled, update, type Fetch, type Session } from './overview-session';
import { PriceCountsChanged, PriceFilterIgnored } from './price-bins';
import { CategoryFilterIgnored, countCategoryBars, countPriceRanges } from './product-counts';

/** The overview's product charts: the total, then per category and per price range, each on its own. */

export async function countProducts(
  session: Session,
  fetch: Fetch,
  pooled: Pooled,
  categories: readonly string[],
) {
  // Counts are kept per filter, so Try again asks only for those it lacks. Callers put them
  // through the pool.
  const count = async (filter: ProductCountFilter) => {
    const key = JSON.stringify(filter);
    const known = session.counts.get(key);
    if (known !== undefined) return known;
    const total = await fetch(productCountQueryOptions(filter));
    session.counts.set(key, total);
    return total;
  };
  let total: number;
  try {
    [total] = (await pooled([() => count({})])) as [number];
    update(session, { products: { state: 'done', value: total } });
  } catch (error) {
    const part = failure(error, 'products');
    if (part) update(session, { products: part, categories: part, prices: part });
    return;
  }
  await Promise.all([
    countCategories(session, fetch, count, pooled, categories, total),
    countPrices(session, fetch, count, pooled, total),
  ]);
}

async function countCategories(
  session: Session,
  fetch: Fetch,
  count: (filter: ProductCountFilter) => Promise<number>,
  pooled: Pooled,
  categories: readonly string[],
  total: number,
) {
  if (settled(session.state.categories)) return;
  try {
    const sample = () => fetch(categorySampleQueryOptions());
    const bars = await countCategoryBars({ categories, total, count, pooled, sample });
    update(session, { categories: { state: 'done', value: bars } });
  } catch (error) {
    if (error instanceof CategoryFilterIgnored) {
      update(session, {
        categories: { state: 'unavailable', reason: error.message, retry: false },
      });
      return;
    }
    const part = failure(error, 'products');
    if (part) update(session, { categories: part });
  }
}

async function countPrices(
  session: Session,
  fetch: Fetch,
  count: (filter: ProductCountFilter) => Promise<number>,
  pooled: Pooled,
  total: number,
) {
  if (settled(session.state.prices)) return;
  try {
    const sample = () => fetch(priceSampleQueryOptions());
    const ranges = await countPriceRanges({ total, count, pooled, sample });
    update(session, { prices: { state: 'done', value: ranges } });
  } catch (error) {
    if (error instanceof PriceFilterIgnored || error instanceof PriceCountsChanged) {
      const changed = error instanceof PriceCountsChanged;
      update(session, {
        prices: {
          state: 'unavailable',
          reason: `${error.message} ${changed ? 'Try again in a moment.' : 'Prices cannot be counted on this API.'}`,
          retry: changed,
        },
      });
      return;
    }
    const part = failure(error, 'products');
    if (part) update(session, { prices: part });
  }
}
