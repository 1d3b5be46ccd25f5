import { describe, expect, it } from 'vitest';
import { isProductId, parseProductReference, productPath } from './product-reference';

describe('parseProductReference', () => {
  it('reads an id as pasted: spaces, quotes, brackets, trailing punctuation, any case of prefix', () => {
    for (const pasted of [
      'prod_e0517ffd4c',
      '  prod_e0517ffd4c\n',
      '“prod_e0517ffd4c”.',
      '<prod_e0517ffd4c>',
      '(prod_e0517ffd4c),',
      'PROD_E0517FFD4C',
      'Prod_e0517ffd4c',
    ]) {
      expect(parseProductReference(pasted), pasted).toEqual({ id: 'prod_e0517ffd4c' });
    }
    expect(parseProductReference('prod_aBc')?.id).toBe('prod_aBc');
  });

  it('reads a console link to a product, with the view it was in', () => {
    const link = parseProductReference(
      'https://console.example.com/products?category=Books&min_price=10.50&page=3&product=prod_c2402f921a#top',
    );
    expect(link?.id).toBe('prod_c2402f921a');
    expect(link?.view?.toString()).toBe(
      'category=Books&min_price=10.50&page=3&product=prod_c2402f921a',
    );
    expect(parseProductReference('/products?product=prod_x1')?.id).toBe('prod_x1');
    const shouted = parseProductReference('/products/?product=PROD_X1&min_price=abc');
    expect(shouted?.id).toBe('prod_x1');
    expect(shouted?.view?.get('min_price')).toBe('abc');
  });

  it('is nothing for words, other ids, and links that name no product', () => {
    for (const text of [
      '',
      'creme brulee',
      'prod_',
      'prod_ x',
      'user_8f3k2m9x1q',
      '/products?category=Books',
      '/products?product=user_1',
      '/users/prod_x',
      'prod_<img src=x>',
    ]) {
      expect(parseProductReference(text), text).toBeUndefined();
    }
  });

  it('says whether an id can be a product’s', () => {
    expect(isProductId('prod_gone')).toBe(true);
    expect(isProductId('gone')).toBe(false);
    expect(isProductId(`<img src=x>${'x'.repeat(100)}`)).toBe(false);
  });
});

describe('productPath', () => {
  it('leads to the Products page with the product, in the view a link names and nothing else', () => {
    expect(productPath({ id: 'prod_e0517ffd4c' })).toBe('/products?product=prod_e0517ffd4c');
    const link = parseProductReference(
      'https://console.example.com/products?category=Home+%26+Garden&max_price=99&page=3&token=x&product=prod_e0517ffd4c',
    );
    expect(link && productPath(link)).toBe(
      '/products?category=Home+%26+Garden&max_price=99&product=prod_e0517ffd4c',
    );
  });
});
