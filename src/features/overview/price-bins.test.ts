import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { plainDecimal } from '../../lib/decimal';
import { createDataset } from '../../mocks/data';
import {
  MAX_DECIMALS,
  MAX_RANGES,
  PriceCountsChanged,
  PriceFilterIgnored,
  priceRanges,
  type PriceFilter,
  type PriceRanges,
} from './price-bins';

const together = <T>(tasks: readonly (() => Promise<T>)[]) =>
  Promise.all(tasks.map((task) => task()));

/** The API's counts over a list of prices, each distinct filter counted as one request. */
function catalogue(prices: readonly number[], { ignoreMax = false } = {}) {
  const asked = new Set<string>();
  return {
    asked,
    count: async ({ min, max }: PriceFilter) => {
      asked.add(JSON.stringify([min, max]));
      return prices.filter(
        (price) =>
          (min === undefined || price >= Number(min)) &&
          (ignoreMax || max === undefined || price <= Number(max)),
      ).length;
    },
  };
}

const decimalsOf = (prices: readonly number[]) =>
  Math.max(0, ...prices.map((price) => (plainDecimal(price).split('.')[1] ?? '').length));

async function rangesOf(prices: readonly number[], decimals = decimalsOf(prices)) {
  const api = catalogue(prices);
  const result = await priceRanges({
    total: prices.length,
    decimals,
    count: api.count,
    parallel: together,
  });
  return { ...result, requests: api.asked.size };
}

const inRange = (price: number, range: PriceRanges['ranges'][number]) =>
  (range.min === undefined || price >= Number(range.min)) && price <= Number(range.max);

/** Every price in exactly one range, each count its own, edges exact and in order. */
function expectExactCover(prices: readonly number[], result: PriceRanges) {
  expect(result.fit).toBe('exact');
  for (const price of prices) {
    expect(
      result.ranges.filter((range) => inRange(price, range)),
      String(price),
    ).toHaveLength(1);
  }
  for (const range of result.ranges) {
    expect(range.count).toBe(prices.filter((price) => inRange(price, range)).length);
    expect(range.count).toBeGreaterThan(0);
    for (const edge of [range.min, range.max]) {
      if (edge === undefined) continue;
      expect(edge).toMatch(/^-?\d+(?:\.\d*[1-9])?$/);
      expect((edge.split('.')[1] ?? '').length).toBeLessThanOrEqual(result.decimals);
    }
  }
  result.ranges.slice(1).forEach((range, index) => {
    const previous = result.ranges[index];
    expect(Number(range.min)).toBeGreaterThan(Number(previous?.max));
  });
}

// Prices with up to three decimals, spread over many magnitudes.
const price = fc
  .tuple(fc.integer({ min: 0, max: 9_999 }), fc.integer({ min: -3, max: 4 }))
  .map(([digits, exponent]) => Number(plainDecimal(Number(`${digits}e${exponent}`))))
  .filter((value) => decimalsOf([value]) <= 3);
const logSpread = fc.array(price, { minLength: 1, maxLength: 150 });
// Most products near one price (a shop of paperbacks at 7.99–8.49), or at exactly one.
const crowded = fc
  .tuple(price, fc.integer({ min: 10, max: 150 }), fc.integer({ min: 1, max: 50 }))
  .map(([centre, size, spread]) =>
    Array.from({ length: size }, (_, index) =>
      Number((centre + (index % spread) * 0.01).toFixed(3)),
    ),
  );
const onePrice = fc
  .tuple(price, fc.integer({ min: 10, max: 150 }), fc.array(price, { maxLength: 10 }))
  .map(([shared, size, others]) => [...Array<number>(size).fill(shared), ...others]);
const outliers = fc.array(
  fc.integer({ min: 100_000, max: 1_100_000_000 }).map((cents) => cents / 100),
  { minLength: 1, maxLength: 3 },
);

describe('priceRanges', () => {
  it('puts every price in exactly one range, with exact round edges', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(logSpread, crowded, onePrice), async (prices) => {
        const result = await rangesOf(prices);
        expectExactCover(prices, result);
        expect(result.ranges.length).toBeLessThanOrEqual(MAX_RANGES);
      }),
      { numRuns: 150 },
    );
  });

  it('with a few outliers, no range holds more than half unless its products share a price', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(logSpread, crowded, onePrice), outliers, async (bulk, far) => {
        const prices = [...bulk, ...far];
        const result = await rangesOf(prices);
        expectExactCover(prices, result);
        for (const range of result.ranges) {
          if (range.count * 2 > prices.length) expect(range.min).toBe(range.max);
        }
        // Decades to 10^15, a round of cuts per digit of one crowded price, then the check.
        expect(result.requests).toBeLessThanOrEqual(150);
      }),
      { numRuns: 150 },
    );
  });

  it('follows the even mock catalogue in 1–2–5 steps, in about 30 requests', async () => {
    const prices = createDataset().products.map((product) => product.price);
    const result = await rangesOf(prices);
    expectExactCover(prices, result);
    expect(result.ranges.map((range) => `${range.min}–${range.max}`)).toEqual([
      '0.5–0.99',
      '1–1.99',
      '2–4.99',
      '5–9.99',
      '10–19.99',
      '20–49.99',
      '50–99.99',
      '100–199.99',
      '200–499.99',
      '500–999.99',
      '1000–1999.99',
    ]);
    expect(Math.max(...result.ranges.map((range) => range.count))).toBeLessThan(600);
    expect(result.requests).toBeLessThanOrEqual(32);
  });

  it('follows the skewed mock catalogue: free products, three decimals, whole decades, outliers', async () => {
    const prices = createDataset({ catalogue: 'skewed' }).products.map((product) => product.price);
    const result = await rangesOf(prices);
    expect(result.decimals).toBe(3);
    expectExactCover(prices, result);
    expect(result.ranges.map((range) => `${range.min}–${range.max}`)).toEqual([
      '0–0',
      '0.01–0.099',
      '0.1–0.999',
      '1–9.999',
      '10–99.999',
      '100–999.999',
      '1000–9999.999',
      '100000–999999.999',
      '1000000–1999999.999',
    ]);
    for (const range of result.ranges) expect(range.count).toBeLessThan(prices.length / 4);
    expect(result.requests).toBeLessThanOrEqual(40);
  });

  it('gives one outlier a bar of its own rather than flattening the rest', async () => {
    // The catalogue: 777 products, 0 to 1,100,000, 700 of them in the first tenth.
    const prices = [
      ...Array.from({ length: 776 }, (_, index) => Math.round(1.5 ** (index % 30) * 100) / 100),
      1_100_000,
    ];
    const result = await rangesOf(prices);
    expectExactCover(prices, result);
    expect(result.ranges.at(-1)).toEqual({ min: '1000000', max: '1999999.99', count: 1 });
    expect(Math.max(...result.ranges.map((range) => range.count))).toBeLessThan(777 / 4);
  });

  it('finds the one price most products share', async () => {
    const prices = [
      ...Array<number>(700).fill(9.99),
      ...Array.from({ length: 77 }, (_, i) => i * 13.7),
    ];
    const result = await rangesOf(prices.map((value) => Number(value.toFixed(2))));
    expect(result.ranges).toContainEqual({ min: '9.99', max: '9.99', count: 700 });
    expect(result.ranges.length).toBeLessThanOrEqual(MAX_RANGES);
  });

  it('tries more decimals when the sample showed too few', async () => {
    const prices = [1.5, 4.999, 5, 19.995, 20];
    const result = await rangesOf(prices, 0);
    expect(result.decimals).toBeGreaterThanOrEqual(3);
    expectExactCover(prices, result);
  });

  it('says how many products fall between ranges when prices have too many decimals', async () => {
    const prices = [1.5, 4.9999999999, 7];
    const result = await rangesOf(prices);
    expect(result.decimals).toBe(MAX_DECIMALS);
    expect(result).toMatchObject({ fit: 'gaps', unplaced: 1 });
    expect(result.ranges.reduce((sum, range) => sum + range.count, 0)).toBe(2);
  });

  it('counts from min_price alone when the API ignores max_price', async () => {
    const prices = [1, 2, 3, 30, 300];
    const api = catalogue(prices, { ignoreMax: true });
    const result = await priceRanges({
      total: 5,
      decimals: 0,
      count: api.count,
      parallel: together,
    });
    expect(result.fit).toBe('max-price-ignored');
    expect(result.ranges.reduce((sum, range) => sum + range.count, 0)).toBe(5);
  });

  it('puts prices below 0 in a range of their own, ending one unit below 0', async () => {
    const result = await rangesOf([-5, 0, 3.25]);
    expect(result.ranges[0]).toEqual({ min: undefined, max: '-0.01', count: 1 });
    expect(result.ranges.reduce((sum, range) => sum + range.count, 0)).toBe(3);
  });

  it('asks nothing of an empty catalogue; products all priced 0 are one price', async () => {
    const empty = catalogue([]);
    const none = await priceRanges({
      total: 0,
      decimals: 2,
      count: empty.count,
      parallel: together,
    });
    expect(none.ranges).toEqual([]);
    expect(empty.asked.size).toBe(0);
    expect((await rangesOf([0, 0])).ranges).toEqual([{ min: '0', max: '0', count: 2 }]);
  });

  it('says so when the API ignores min_price, or its counts change underway', async () => {
    const ignored = priceRanges({
      total: 5,
      decimals: 2,
      count: async () => 5,
      parallel: together,
    });
    await expect(ignored).rejects.toBeInstanceOf(PriceFilterIgnored);
    // Four products from 10 up, but only three from 1 up: one was added in between.
    const shifting = priceRanges({
      total: 5,
      decimals: 0,
      count: async ({ min }) => (Number(min) > 10 ? 0 : min === '10' ? 4 : 3),
      parallel: together,
    });
    await expect(shifting).rejects.toBeInstanceOf(PriceCountsChanged);
  });
});
