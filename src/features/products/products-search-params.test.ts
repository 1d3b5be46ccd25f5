// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  linkedFilters,
  listParamsOf,
  parseProductsSearch,
  serializeProductsSearch,
} from './products-search-params';

const parse = (search: string) => parseProductsSearch(new URLSearchParams(search));

describe('parseProductsSearch', () => {
  it('reads Find product’s words, spaces made single, and keeps them out of what is fetched', () => {
    const { params, corrected } = parse('category=Books&find=++creme%09brulee+&product=prod_1');
    expect(params).toEqual({
      page: 1,
      limit: 50,
      category: 'Books',
      find: 'creme brulee',
      product: 'prod_1',
    });
    expect(corrected).toBe(true);
    expect(serializeProductsSearch(params).toString()).toBe(
      'category=Books&find=creme+brulee&product=prod_1',
    );
    expect(listParamsOf(params)).toEqual({ page: 1, limit: 50, category: 'Books' });
    expect(parse(`find=${'x'.repeat(201)}`).params.find).toBeUndefined();
    expect(parse('find=+').params.find).toBeUndefined();
  });

  it('drops a category longer than the box accepts, so a pasted link cannot send it', () => {
    const long = parseProductsSearch(new URLSearchParams({ category: 'x'.repeat(200_000) }));
    expect(long.params.category).toBeUndefined();
    expect(long.corrected).toBe(true);
    const longest = parseProductsSearch(new URLSearchParams({ category: 'x'.repeat(200) }));
    expect(longest.params.category).toBe('x'.repeat(200));
  });

  it('gives the first page of 50 without filters for a bare URL', () => {
    expect(parse('')).toEqual({ params: { page: 1, limit: 50 }, corrected: false });
  });

  it('reads every filter, including a category with & and spaces', () => {
    const search = serializeProductsSearch({
      page: 2,
      limit: 25,
      category: 'Home & Garden',
      minPrice: '10.5',
      maxPrice: '20.25',
    }).toString();
    expect(search).toBe('category=Home+%26+Garden&min_price=10.5&max_price=20.25&page=2&limit=25');
    expect(parse(search)).toEqual({
      params: {
        page: 2,
        limit: 25,
        category: 'Home & Garden',
        minPrice: '10.5',
        maxPrice: '20.25',
      },
      corrected: false,
    });
  });

  it('reads %20 as a space', () => {
    expect(parse('category=Home%20%26%20Garden').params.category).toBe('Home & Garden');
  });

  it.each([
    ['min_price=abc', {}],
    ['min_price=-5', {}],
    ['max_price=1e3', { maxPrice: '1000' }],
    ['min_price=.5', { minPrice: '0.5' }],
    ['category=', {}],
    ['category=%20%20', {}],
    ['category=%20Books%20', { category: 'Books' }],
    ['min_price=10.50', { minPrice: '10.5' }],
  ])('normalises %j', (search, filters) => {
    const { params, corrected } = parse(search);
    expect(params).toEqual({ page: 1, limit: 50, ...filters });
    expect(corrected).toBe(true);
  });

  it('keeps a min above the max, for the page to explain', () => {
    expect(parse('min_price=50&max_price=10')).toEqual({
      params: { page: 1, limit: 50, minPrice: '50', maxPrice: '10' },
      corrected: false,
    });
  });

  it('accepts min equal to max', () => {
    expect(parse('min_price=20&max_price=20')).toEqual({
      params: { page: 1, limit: 50, minPrice: '20', maxPrice: '20' },
      corrected: false,
    });
  });

  it('keeps every decimal of a linked price, as it is', () => {
    expect(parse('min_price=19.999&max_price=0.1000000000000000000001')).toEqual({
      params: {
        page: 1,
        limit: 50,
        minPrice: '19.999',
        maxPrice: '0.1000000000000000000001',
      },
      corrected: false,
    });
    expect(parse('min_price=19.999&max_price=20').corrected).toBe(false);
  });

  it('keeps the open product, whatever it holds, out of what is fetched', () => {
    const id = `<b>${'x'.repeat(10_000)}`;
    const { params, corrected } = parse(
      new URLSearchParams({ category: 'Books', page: '2', product: id }).toString(),
    );
    expect(params).toEqual({ page: 2, limit: 50, category: 'Books', product: id });
    expect(corrected).toBe(false);
    expect(serializeProductsSearch(params).get('product')).toBe(id);
    expect(listParamsOf(params)).toEqual({ page: 2, limit: 50, category: 'Books' });
    expect(parse('product=').params).toEqual({ page: 1, limit: 50 });
  });

  it('accepts a zero price', () => {
    expect(parse('min_price=0').params).toEqual({ page: 1, limit: 50, minPrice: '0' });
  });
});

describe('linkedFilters', () => {
  it('reads a pasted link’s category and prices, the page, the product and bad prices aside', () => {
    const view = (search: string) => linkedFilters(new URLSearchParams(search));
    expect(view('category=Books&min_price=10.50&page=3&product=prod_c2402f921a')).toEqual({
      category: 'Books',
      minPrice: '10.5',
    });
    expect(view('product=prod_x1')).toEqual({});
    expect(view('product=PROD_X1&min_price=abc')).toEqual({});
  });
});
