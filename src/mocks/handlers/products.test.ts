// @vitest-environment node
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '../data.ts';
import type { Page } from '../db.ts';
import { mintDemoToken } from '../jwt.ts';
import { createTestServer } from '../node.ts';
import { fetchApi, expectError, postScenario } from '../test-support.ts';
import { millsPrice } from '../db.ts';

const { server, api } = createTestServer({ users: 10, products: 3000 });
let token: string;

beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' });
  token = await mintDemoToken('valid');
});
afterEach(() => api.reset());
afterAll(() => server.close());

async function listProducts(query: string): Promise<Page<Product>> {
  const response = await fetchApi(`/v1/products${query}`, token);
  expect(response.status).toBe(200);
  return (await response.json()) as Page<Product>;
}

function expected(keep: (product: Product) => boolean) {
  return api.db.products.filter(keep);
}

describe('GET /v1/products', () => {
  it('lists every product with the default page', async () => {
    const page = await listProducts('');
    expect(page.meta).toEqual({ total: 3000, page: 1, limit: 50 });
    expect(page.data).toEqual(api.db.products.slice(0, 50));
  });

  it('filters by a category with "&" and spaces, exactly', async () => {
    const page = await listProducts(
      `?category=${encodeURIComponent('Home & Garden')}&limit=100&page=2`,
    );
    const matching = expected((product) => product.category === 'Home & Garden');
    expect(matching.length).toBeGreaterThan(100);
    expect(page.meta.total).toBe(matching.length);
    expect(page.data).toEqual(matching.slice(100, 200));
    expect((await listProducts('?category=home%20%26%20garden')).meta.total).toBe(0);
  });

  it('answers an unknown category with an empty list, not an error', async () => {
    expect(await listProducts('?category=Spaceships')).toEqual({
      data: [],
      meta: { total: 0, page: 1, limit: 50 },
    });
  });

  it('answers with three decimals under the mills scenario, and filters on them', async () => {
    expect((await postScenario(token, { productPrices: 'mills' })).status).toBe(204);
    const page = await listProducts('?limit=100');
    expect(page.data.map((product) => product.price)).toEqual(
      api.db.products.slice(0, 100).map((product) => millsPrice(product.price)),
    );
    expect(millsPrice(20)).toBe(19.999);
    const at20 = expected((product) => product.price === 20);
    expect(at20.length).toBeGreaterThan(0);
    const exact = await listProducts('?min_price=19.999&max_price=19.999&limit=100');
    expect(exact.data.map((product) => product.id)).toEqual(at20.map((product) => product.id));
    expect(new Set(exact.data.map((product) => product.price))).toEqual(new Set([19.999]));
    // Bounds are inclusive: 19.9985 up to 19.999 keeps them, 19.9991 up does not.
    expect((await listProducts('?min_price=19.9985&max_price=19.999')).meta.total).toBe(
      at20.length,
    );
    expect((await listProducts('?min_price=19.9991&max_price=19.9999')).meta.total).toBe(0);
  });

  it('keeps prices within inclusive decimal bounds', async () => {
    const [low, high] = [api.db.products[0]?.price ?? 0, api.db.products[1]?.price ?? 0].sort(
      (a, b) => a - b,
    ) as [number, number];
    const page = await listProducts(`?min_price=${low}&max_price=${high}&limit=100`);
    const matching = expected((product) => product.price >= low && product.price <= high);
    expect(page.meta.total).toBe(matching.length);
    expect(page.data.map((product) => product.price)).toContain(low);
    expect(page.data.map((product) => product.price)).toContain(high);
    const exact = await listProducts(`?min_price=${high}&max_price=${high}`);
    expect(exact.data.every((product) => product.price === high)).toBe(true);
    expect(exact.meta.total).toBeGreaterThan(0);
  });

  it('combines category and price filters, and accepts decimals like 10.5 and .5', async () => {
    const page = await listProducts('?category=Books&min_price=10.5&max_price=99.99&limit=100');
    const matching = expected(
      (product) => product.category === 'Books' && product.price >= 10.5 && product.price <= 99.99,
    );
    expect(page.meta.total).toBe(matching.length);
    expect(page.data).toEqual(matching.slice(0, 100));
    expect(
      (await listProducts('?max_price=.5')).data.every((product) => product.price <= 0.5),
    ).toBe(true);
  });

  it('answers as if they were not sent the filters a scenario ignores, and the others as usual', async () => {
    const books = expected((product) => product.category === 'Books').length;
    const fromTen = expected((product) => product.price >= 10).length;
    expect(
      (await postScenario(token, { ignoreProductFilters: ['category', 'max_price'] })).status,
    ).toBe(204);
    expect((await listProducts('?category=Books')).meta.total).toBe(3000);
    expect((await listProducts('?min_price=10&max_price=20')).meta.total).toBe(fromTen);
    expect((await postScenario(token, { ignoreProductFilters: [] })).status).toBe(204);
    expect((await listProducts('?category=Books')).meta.total).toBe(books);
    expect((await postScenario(token, { ignoreProductFilters: ['size'] })).status).toBe(400);
  });

  it('answers a filtered page past the end with no data and the real total', async () => {
    const total = expected((product) => product.category === 'Beauty').length;
    expect(await listProducts('?category=Beauty&page=1000')).toEqual({
      data: [],
      meta: { total, page: 1000, limit: 50 },
    });
  });

  it.each([
    ['min_price=abc', 'min_price must be a number of at least 0'],
    ['min_price=-1', 'min_price must be a number of at least 0'],
    ['max_price=1e3', 'max_price must be a number of at least 0'],
    ['max_price=Infinity', 'max_price must be a number of at least 0'],
    ['min_price=', 'min_price must not be empty'],
    ['category=', 'category must not be empty'],
    ['min_price=10.01&max_price=10', 'min_price must not be greater than max_price'],
    ['page=0', 'page must be an integer of at least 1'],
    ['limit=101', 'limit must be an integer between 1 and 100'],
  ])('rejects %s with 400 invalid_parameter', async (query, message) => {
    await expectError(
      await fetchApi(`/v1/products?${query}`, token),
      400,
      'invalid_parameter',
      message,
    );
  });
});
