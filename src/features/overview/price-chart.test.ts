import { describe, expect, it } from 'vitest';
import type { PriceRanges } from './price-bins';
import { groupDecimal, priceBars, priceSummary } from './price-chart';

const result = (ranges: PriceRanges['ranges'], fit: PriceRanges['fit'] = 'exact', unplaced = 0) =>
  ({ ranges, decimals: 2, fit, unplaced }) satisfies PriceRanges;

describe('price chart', () => {
  it('writes edges exactly, with thousands separators, and links the inclusive bounds', () => {
    const bars = priceBars(
      result([
        { min: undefined, max: '-0.01', count: 2 },
        { min: '0', max: '0', count: 3 },
        { min: '1000', max: '1999.99', count: 40 },
        { min: '1000000', max: '1999999.99', count: 1 },
      ]),
    );
    expect(bars.map((bar) => bar.label)).toEqual([
      'Below 0',
      '0.00',
      '1,000–1,999.99',
      '1,000,000–1,999,999.99',
    ]);
    expect(bars.map((bar) => bar.to)).toEqual([
      '/products?max_price=-0.01',
      '/products?min_price=0&max_price=0',
      '/products?min_price=1000&max_price=1999.99',
      '/products?min_price=1000000&max_price=1999999.99',
    ]);
  });

  it('groups any length of digits and keeps every decimal', () => {
    expect(groupDecimal('1234567890.123456789')).toBe('1,234,567,890.123456789');
    expect(groupDecimal('-1234.5', 2)).toBe('-1,234.50');
    expect(groupDecimal('999')).toBe('999');
  });

  it('says where prices run and which range is largest', () => {
    const summary = priceSummary(
      result([
        { min: '0.5', max: '0.99', count: 1200 },
        { min: '1', max: '1.99', count: 2300 },
        { min: '1000000', max: '1999999.99', count: 1 },
      ]),
    );
    expect(summary).toBe(
      '3,501 products priced from 0.5 to 1,999,999.99, in 3 ranges with round edges, narrower where prices crowd. The largest range is 1–1.99, with 2,300 products.',
    );
  });

  it('says so when most products share one price', () => {
    const summary = priceSummary(
      result([
        { min: '0', max: '8.99', count: 50 },
        { min: '9.99', max: '9.99', count: 700 },
        { min: '10', max: '1099999.99', count: 27 },
      ]),
    );
    expect(summary).toMatch(/^Most products \(700 of 777\) cost exactly 9\.99\. /);
  });

  it('says what the API left unsure', () => {
    const ranges = [{ min: '1', max: '1.99', count: 5 }];
    expect(priceSummary(result(ranges, 'gaps', 2))).toContain(
      '2 products have prices with more decimals than these ranges separate, so no range holds them.',
    );
    expect(priceSummary(result(ranges, 'max-price-ignored'))).toContain(
      'This API does not apply max_price',
    );
    expect(priceSummary(result([]))).toBe('No products.');
  });
});
