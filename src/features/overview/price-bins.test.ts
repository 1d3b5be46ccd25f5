import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { priceHistogram, PriceFilterIgnored } from './price-bins';

const together = <T>(tasks: readonly (() => Promise<T>)[]) =>
  Promise.all(tasks.map((task) => task()));

function counter(prices: readonly number[]) {
  const asked: number[] = [];
  return {
    asked,
    atLeast: async (price: number) => {
      asked.push(price);
      return prices.filter((p) => p >= price).length;
    },
  };
}

// Prices with up to three decimals, from 0 to thousands.
const prices = fc.array(
  fc.integer({ min: 0, max: 5_000_000 }).map((mills) => mills / 1000),
  { minLength: 1, maxLength: 200 },
);

describe('priceHistogram', () => {
  it('counts every range exactly, with round edges from 0 past the highest price', async () => {
    await fc.assert(
      fc.asyncProperty(prices, async (list) => {
        const { atLeast, asked } = counter(list);
        const bins = await priceHistogram(list.length, atLeast, together);
        for (const bin of bins) {
          expect(bin.count).toBe(list.filter((p) => p >= bin.from && p < bin.to).length);
        }
        expect(bins.reduce((sum, bin) => sum + bin.count, 0)).toBe(list.length);
        expect(bins[0]?.from).toBe(0);
        expect(bins.at(-1)?.to).toBeGreaterThan(Math.max(...list));
        expect(bins.at(-1)?.count).toBeGreaterThan(0);
        expect(bins.length).toBeLessThanOrEqual(12);
        const step = (bins[0]?.to ?? 0) - (bins[0]?.from ?? 0);
        expect(String(step)).toMatch(/^(?:[125]0*|0\.0*[125])$/);
        // Doubling to past 5,000 and halving: about 40 counts, far from reading the list.
        expect(asked.length).toBeLessThanOrEqual(45);
      }),
      { numRuns: 200 },
    );
  });

  it('puts prices below 0 in a bin of their own', async () => {
    const { atLeast } = counter([-5, 0, 3]);
    const bins = await priceHistogram(3, atLeast, together);
    expect(bins[0]).toMatchObject({ belowZero: true, count: 1 });
    expect(bins.reduce((sum, bin) => sum + bin.count, 0)).toBe(3);
  });

  it('asks nothing of an empty list and counts products all priced 0', async () => {
    expect(await priceHistogram(0, counter([]).atLeast, together)).toEqual([]);
    const bins = await priceHistogram(2, counter([0, 0]).atLeast, together);
    expect(bins).toEqual([expect.objectContaining({ from: 0, count: 2 })]);
  });

  it('says so when the API ignores min_price', async () => {
    await expect(priceHistogram(5, async () => 5, together)).rejects.toBeInstanceOf(
      PriceFilterIgnored,
    );
  });
});
