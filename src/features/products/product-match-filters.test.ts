import { describe, expect, it } from 'vitest';
import type { Product } from './api/products-api';
import { filterProductMatches, NO_MATCH_FILTER } from './product-match-filters';

const product = (id: string, price: number, description: string): Product => ({
  id,
  name: id,
  category: 'Books',
  price,
  description,
});
const matches = [
  product('prod_a', 9.99, 'A torch that caramelises sugar.'),
  product('prod_b', 19.999, 'Forty crème custards.'),
  product('prod_c', 20, 'Custards, step by step.'),
];
const ids = (list: readonly Product[]) => list.map((item) => item.id);

describe('filterProductMatches', () => {
  it('keeps everything without a filter', () => {
    expect(filterProductMatches(matches, NO_MATCH_FILTER)).toBe(matches);
  });

  it('narrows by words of the description, case and accents aside', () => {
    const by = (description: string) =>
      ids(filterProductMatches(matches, { ...NO_MATCH_FILTER, description }));
    expect(by('CUSTARDS')).toEqual(['prod_b', 'prod_c']);
    expect(by('creme custards')).toEqual(['prod_b']);
    expect(by('  ')).toEqual(['prod_a', 'prod_b', 'prod_c']);
  });

  it('narrows by price, inclusive, to every decimal', () => {
    const by = (from: string, to: string) =>
      ids(filterProductMatches(matches, { ...NO_MATCH_FILTER, from, to }));
    expect(by('19.999', '')).toEqual(['prod_b', 'prod_c']);
    expect(by('19.9991', '')).toEqual(['prod_c']);
    expect(by('', '19.999')).toEqual(['prod_a', 'prod_b']);
    expect(by('10', '20')).toEqual(['prod_b', 'prod_c']);
    // A price that cannot be read narrows nothing (the box says why).
    expect(by('abc', '')).toEqual(['prod_a', 'prod_b', 'prod_c']);
  });
});
