// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { setupMockApiClient, testQueryClient } from '../../test/api-test-server';
import { overviewStore, runOverview } from './overview-count';

const BASE = 'https://api.test';
const { api, token } = setupMockApiClient({ users: 1000, products: 500 });

async function countAfresh(categories: readonly string[] = ['Books']) {
  const queryClient = testQueryClient();
  await runOverview({ queryClient, baseUrl: BASE, categories, fresh: true });
  return overviewStore(queryClient, BASE).getSnapshot();
}

const inRange = (price: number, min: string | undefined, max: string) =>
  (min === undefined || price >= Number(min)) && price <= Number(max);

describe('runOverview', () => {
  it('counts everything, and Try again after a 5xx goes on to finish the chart', async () => {
    api.scenarios.apply(token(), { fail: { path: '/v1/users', status: 503, count: 1 } });
    const queryClient = testQueryClient();
    const store = overviewStore(queryClient, BASE);
    await runOverview({ queryClient, baseUrl: BASE, categories: ['Books'] });
    expect(store.getSnapshot().signUps.state).toBe('failed');
    expect(store.getSnapshot().prices.state).toBe('done');
    await runOverview({ queryClient, baseUrl: BASE, categories: ['Books'] });
    const state = store.getSnapshot();
    expect(state.signUps).toMatchObject({ state: 'done' });
    expect(state.users).toEqual({ state: 'done', value: 1000 });
    if (state.signUps.state === 'done') {
      expect(state.signUps.value.bars.reduce((sum, bar) => sum + bar.count, 0)).toBe(1000);
    }
  });

  it.each(['cents', 'mills'] as const)(
    'puts every product in one price range, its count what the range lists (%s)',
    async (productPrices) => {
      api.scenarios.apply(token(), { productPrices });
      const { prices } = await countAfresh();
      if (prices.state !== 'done') throw new Error(`prices: ${prices.state}`);
      const listed = api.db
        .listProducts({ page: 1, limit: 500, prices: productPrices })
        .data.map((product) => product.price);
      expect(prices.value.fit).toBe('exact');
      expect(prices.value.decimals).toBe(productPrices === 'mills' ? 3 : 2);
      for (const { min, max, count } of prices.value.ranges) {
        expect(count, `${min}–${max}`).toBe(listed.filter((p) => inRange(p, min, max)).length);
      }
      expect(prices.value.ranges.reduce((sum, range) => sum + range.count, 0)).toBe(500);
    },
  );

  it('says the API ignores category= when the categories add up to more than the total', async () => {
    const categories = ['Books', 'Electronics', 'Grocery'];
    const counted = await countAfresh(categories);
    expect(counted.categories).toMatchObject({ state: 'done' });
    if (counted.categories.state === 'done') {
      expect(counted.categories.value.reduce((sum, bar) => sum + bar.count, 0)).toBe(500);
    }
    api.scenarios.apply(token(), { ignoreProductFilters: ['category'] });
    const ignored = await countAfresh(categories);
    expect(ignored.categories).toMatchObject({ state: 'unavailable', retry: false });
    if (ignored.categories.state === 'unavailable') {
      expect(ignored.categories.reason).toContain('1,500 products in all, more than the 500');
      expect(ignored.categories.reason).toContain('does not filter by category');
    }
    expect(ignored.prices).toMatchObject({ state: 'done' });
  });

  it('counts prices from min_price alone, and says so, when the API ignores max_price', async () => {
    api.scenarios.apply(token(), { ignoreProductFilters: ['max_price'] });
    const { prices } = await countAfresh();
    expect(prices).toMatchObject({ state: 'done', value: { fit: 'max-price-ignored' } });
    if (prices.state === 'done') {
      expect(prices.value.ranges.reduce((sum, range) => sum + range.count, 0)).toBe(500);
    }
  });

  it('says prices cannot be counted when the API ignores min_price', async () => {
    api.scenarios.apply(token(), { ignoreProductFilters: ['min_price'] });
    const { prices } = await countAfresh();
    expect(prices).toMatchObject({ state: 'unavailable', retry: false });
  });
});
