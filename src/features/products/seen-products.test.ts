import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it } from 'vitest';
import { setCurrentProfileKey } from '../../lib/api-profile';
import { forgetRegisteredData } from '../../lib/forget-on-sign-out';
import type { Product } from './api/products-api';
import {
  forgetSeenProducts,
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

beforeEach(() => forgetSeenProducts());

describe('seen products', () => {
  it('gives a product back by id, as last seen', () => {
    rememberProducts([product('prod_1', 'Old name')]);
    rememberProducts([product('prod_1', 'New name')]);
    expect(seenProduct('prod_1')?.name).toBe('New name');
    expect(seenProduct('prod_2')).toBeUndefined();
  });

  it('suggests by the start of a name, a word of it, or an id, case and accents aside', () => {
    rememberProducts([
      product('prod_a1', 'Crème Brûlée Torch'),
      product('prod_b2', 'Creme Brulee Cookbook'),
      product('prod_c3', 'Garden Stool'),
    ]);
    expect(suggestSeenProducts('creme').map((p) => p.id)).toEqual(['prod_b2', 'prod_a1']);
    expect(suggestSeenProducts('BRÛL').map((p) => p.id)).toEqual(['prod_b2', 'prod_a1']);
    expect(suggestSeenProducts('stool').map((p) => p.id)).toEqual(['prod_c3']);
    expect(suggestSeenProducts('PROD_C').map((p) => p.id)).toEqual(['prod_c3']);
    expect(suggestSeenProducts('g')).toEqual([]);
  });

  it('keeps the newest 50,000, a product once', () => {
    rememberProducts(
      Array.from({ length: MAX_SEEN_PRODUCTS + 10 }, (_, i) => product(`prod_${i}`, `Name ${i}`)),
    );
    rememberProducts([product('prod_5', 'Renamed')]);
    expect(seenProductCount()).toBe(MAX_SEEN_PRODUCTS);
    expect(seenProduct('prod_0')).toBeUndefined();
    expect(seenProduct('prod_5')?.name).toBe('Renamed');
  });

  it('takes the products of every products answer in the query cache, and nothing else', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(['products', 'list', { page: 1 }], {
      data: [product('prod_before', 'Seen before the index')],
      meta: { total: 1, page: 1, limit: 50 },
    });
    indexProductsFrom(queryClient);
    expect(seenProduct('prod_before')).toBeDefined();
    queryClient.setQueryData(['products', 'find', 'x'], {
      matches: [product('prod_match', 'A match')],
    });
    queryClient.setQueryData(['users', 'list'], { data: [product('prod_user', 'Not a product')] });
    queryClient.setQueryData(['products', 'list', { page: 2 }], {
      data: [{ id: 'prod_broken', name: 'No price' }],
    });
    expect(seenProduct('prod_match')).toBeDefined();
    expect(seenProduct('prod_user')).toBeUndefined();
    expect(seenProduct('prod_broken')).toBeUndefined();
  });

  it('is forgotten with sign-out, and kept per API', () => {
    setCurrentProfileKey('Staging');
    rememberProducts([product('prod_s', 'Staging lamp')]);
    setCurrentProfileKey('Production');
    rememberProducts([product('prod_p', 'Production lamp')]);
    expect(suggestSeenProducts('lamp').map((p) => p.id)).toEqual(['prod_p']);
    expect(seenProduct('prod_s')).toBeUndefined();
    forgetRegisteredData('Production');
    expect(seenProduct('prod_p')).toBeUndefined();
    setCurrentProfileKey('Staging');
    expect(seenProduct('prod_s')).toBeDefined();
    forgetSeenProducts('Staging');
    setCurrentProfileKey('');
  });
});
