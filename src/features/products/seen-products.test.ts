import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it } from 'vitest';
import { forgetClientMemory } from '../../lib/client-memory';
import type { Product } from './api/products-api';
import {
  indexProductsFrom,
  MAX_SEEN_PRODUCTS,
  rememberProducts,
  seenProduct,
  seenProductCount,
  suggestSeenProducts,
} from './seen-products';

const product = (id: string, name: string, category = 'Books'): Product => ({
  id,
  name,
  category,
  price: 9.99,
  description: `${name}, described.`,
});

let tab: QueryClient;
beforeEach(() => {
  tab = new QueryClient();
});

describe('seen products', () => {
  it('gives a product back by id, as last seen', () => {
    rememberProducts(tab, [product('prod_1', 'Old name')]);
    rememberProducts(tab, [product('prod_1', 'New name')]);
    expect(seenProduct(tab, 'prod_1')?.name).toBe('New name');
    expect(seenProduct(tab, 'prod_2')).toBeUndefined();
  });

  it('suggests by the start of a name, a word of it, or an id, case and accents aside', () => {
    rememberProducts(tab, [
      product('prod_a1', 'Crème Brûlée Torch'),
      product('prod_b2', 'Creme Brulee Cookbook'),
      product('prod_c3', 'Garden Stool'),
    ]);
    const ids = (text: string) => suggestSeenProducts(tab, text).map((p) => p.id);
    expect(ids('creme')).toEqual(['prod_b2', 'prod_a1']);
    expect(ids('BRÛL')).toEqual(['prod_b2', 'prod_a1']);
    expect(ids('stool')).toEqual(['prod_c3']);
    expect(ids('PROD_C')).toEqual(['prod_c3']);
    expect(ids('g')).toEqual([]);
  });

  it('keeps the newest 50,000, a product once', () => {
    rememberProducts(
      tab,
      Array.from({ length: MAX_SEEN_PRODUCTS + 10 }, (_, i) => product(`prod_${i}`, `Name ${i}`)),
    );
    rememberProducts(tab, [product('prod_5', 'Renamed')]);
    expect(seenProductCount(tab)).toBe(MAX_SEEN_PRODUCTS);
    expect(seenProduct(tab, 'prod_0')).toBeUndefined();
    expect(seenProduct(tab, 'prod_5')?.name).toBe('Renamed');
  });

  it('takes the products of every products answer in the query cache, and nothing else', () => {
    tab.setQueryData(['products', 'list', { page: 1 }], {
      data: [product('prod_before', 'Seen before the index')],
      meta: { total: 1, page: 1, limit: 50 },
    });
    indexProductsFrom(tab);
    expect(seenProduct(tab, 'prod_before')).toBeDefined();
    tab.setQueryData(['products', 'find', 'x'], { matches: [product('prod_match', 'A match')] });
    tab.setQueryData(['users', 'list'], { data: [product('prod_user', 'Not a product')] });
    tab.setQueryData(['products', 'list', { page: 2 }], {
      data: [{ id: 'prod_broken', name: 'No price' }],
    });
    expect(seenProduct(tab, 'prod_match')).toBeDefined();
    expect(seenProduct(tab, 'prod_user')).toBeUndefined();
    expect(seenProduct(tab, 'prod_broken')).toBeUndefined();
  });

  it('is kept per query client (per API), and forgotten with its memory', () => {
    const other = new QueryClient();
    rememberProducts(tab, [product('prod_s', 'Staging lamp')]);
    rememberProducts(other, [product('prod_p', 'Production lamp')]);
    expect(suggestSeenProducts(other, 'lamp').map((p) => p.id)).toEqual(['prod_p']);
    expect(seenProduct(other, 'prod_s')).toBeUndefined();
    forgetClientMemory(other);
    expect(seenProduct(other, 'prod_p')).toBeUndefined();
    expect(seenProduct(tab, 'prod_s')).toBeDefined();
  });
});
