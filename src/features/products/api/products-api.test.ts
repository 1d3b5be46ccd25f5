// @vitest-environment node
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { testQueryClient, setupApiTestServer } from '../../../test/api-test-server';
import { productsKeys, productsListQueryOptions } from './products-api';

const BASE = 'https://api.example.com/api';
const server = setupApiTestServer(BASE);

const product = {
  id: 'prod_1',
  name: 'Trowel',
  description: 'Digs',
  price: 12.5,
  category: 'Home & Garden',
};

function captureSearch() {
  const seen: URLSearchParams[] = [];
  server.use(
    http.get(`${BASE}/v1/products`, ({ request }) => {
      seen.push(new URL(request.url).searchParams);
      return HttpResponse.json({ data: [product], meta: { total: 1, page: 1, limit: 50 } });
    }),
  );
  return seen;
}

const queryClient = testQueryClient;

describe('productsKeys', () => {
  it('nests lists under one root', () => {
    const params = { page: 1, limit: 50, category: 'Toys' };
    expect(productsKeys.all).toEqual(['products']);
    expect(productsKeys.lists()).toEqual(['products', 'list']);
    expect(productsKeys.list(params)).toEqual(['products', 'list', params]);
    expect(productsListQueryOptions(params).queryKey).toEqual(productsKeys.list(params));
  });
});

describe('productsListQueryOptions', () => {
  it('sends every filter under its API name', async () => {
    const seen = captureSearch();

    const page = await queryClient().fetchQuery(
      productsListQueryOptions({
        page: 3,
        limit: 25,
        category: 'Home & Garden',
        minPrice: '0',
        maxPrice: '99.990001',
      }),
    );

    expect(Object.fromEntries(seen[0] ?? [])).toEqual({
      category: 'Home & Garden',
      min_price: '0',
      max_price: '99.990001',
      page: '3',
      limit: '25',
    });
    expect(page.data).toEqual([product]);
  });

  it('leaves out filters the user left empty', async () => {
    const seen = captureSearch();

    await queryClient().fetchQuery(productsListQueryOptions({ page: 1, limit: 50, category: '' }));

    expect([...(seen[0]?.keys() ?? [])]).toEqual(['page', 'limit']);
  });

  it('refuses a price that is not a number', async () => {
    server.use(
      http.get(`${BASE}/v1/products`, () =>
        HttpResponse.json({
          data: [{ ...product, price: '12.50' }],
          meta: { total: 1, page: 1, limit: 50 },
        }),
      ),
    );

    await expect(
      queryClient().fetchQuery(productsListQueryOptions({ page: 1, limit: 50 })),
    ).rejects.toMatchObject({ kind: 'schema', message: expect.stringMatching(/data\.0\.price/) });
  });
});
