// @vitest-environment node
import fc from 'fast-check';
import { delay, http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { createDataset, SEARCH_PRODUCTS } from '../../mocks/data';
import { setupApiTestServer, testQueryClient } from '../../test/api-test-server';
import type { Product } from './api/products-api';
import { forgetClientMemory } from '../../lib/client-memory';
import { ListScan } from '../../lib/list-search/list-scan';
import {
  cancelProductSearch,
  findProducts,
  lookUpProduct,
  nameMatcher,
  pageReader,
  raiseProductSearchBound,
  SCAN_PAGE_SIZE,
  type FetchProductsPage,
} from './product-search';
import type { ProductsListParams } from './products-search-params';
import { seenProduct } from './seen-products';

const BASE = 'https://api.example.com';
const server = setupApiTestServer(BASE);
const catalogue = createDataset({ users: 1, products: 5_000 }).products;
const [torch, cookbook] = SEARCH_PRODUCTS as [Product, Product];

/** The spec's filters, as an API applies them: a category exactly, prices inclusive. */
function filtered(list: readonly Product[], params: ProductsListParams): Product[] {
  return list.filter(
    (product) =>
      (params.category === undefined || product.category === params.category) &&
      (params.minPrice === undefined || product.price >= Number(params.minPrice)) &&
      (params.maxPrice === undefined || product.price <= Number(params.maxPrice)),
  );
}

let requests: URLSearchParams[];
let failNext: number | undefined;

beforeEach(() => {
  requests = [];
  failNext = undefined;
  server.use(
    http.get(`${BASE}/v1/products`, async ({ request }) => {
      const search = new URL(request.url).searchParams;
      requests.push(search);
      if (failNext !== undefined && Number(search.get('page')) === failNext) {
        failNext = undefined;
        return HttpResponse.json(
          { error: { code: 'oops', message: 'Down', request_id: 'req_1' } },
          { status: 503 },
        );
      }
      const page = Number(search.get('page') ?? 1);
      const limit = Number(search.get('limit') ?? 50);
      const rows = filtered(catalogue, {
        page,
        limit,
        category: search.get('category') ?? undefined,
        minPrice: search.get('min_price') ?? undefined,
        maxPrice: search.get('max_price') ?? undefined,
      });
      await delay(1);
      return HttpResponse.json({
        data: rows.slice((page - 1) * limit, page * limit),
        meta: { total: rows.length, page, limit },
      });
    }),
  );
});

const live = () => new AbortController().signal;

describe('lookUpProduct', () => {
  it('finds a product on a late page of 5,000 by reading the list, and the second look is free', async () => {
    const queryClient = testQueryClient();
    const result = await lookUpProduct({ queryClient, id: torch.id, filters: {}, signal: live() });
    expect(result).toMatchObject({ stop: 'found', matches: [torch] });
    expect(requests.every((search) => search.get('limit') === '100')).toBe(true);
    expect(requests.length).toBe(result.requests);
    // Page 48 holds it; no page is asked once it is in (49 and 50 may be in flight beside it).
    expect(result.requests).toBeGreaterThanOrEqual(48);
    expect(result.requests).toBeLessThanOrEqual(50);

    requests.length = 0;
    const again = await lookUpProduct({ queryClient, id: torch.id, filters: {}, signal: live() });
    expect(again).toMatchObject({ stop: 'found', matches: [torch], requests: 0, fromIndex: true });
    expect(requests).toHaveLength(0);
    expect(seenProduct(queryClient, torch.id)).toEqual(torch);
  });

  it('reads only a category’s pages when the category is given', async () => {
    const result = await lookUpProduct({
      queryClient: testQueryClient(),
      id: cookbook.id,
      filters: { category: 'Books' },
      signal: live(),
    });
    expect(result.stop).toBe('found');
    const books = catalogue.filter((product) => product.category === 'Books').length;
    expect(result.requests).toBeLessThanOrEqual(Math.ceil(books / SCAN_PAGE_SIZE));
    expect(requests.every((search) => search.get('category') === 'Books')).toBe(true);
  });

  it('says "end" for an id no product has, having read every page once', async () => {
    const result = await lookUpProduct({
      queryClient: testQueryClient(),
      id: 'prod_gone',
      filters: {},
      signal: live(),
    });
    expect(result).toMatchObject({ stop: 'end', matches: [], rows: 5_000, total: 5_000 });
    expect(requests.map((search) => Number(search.get('page'))).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 50 }, (_, i) => i + 1),
    );
  });

  it('goes on after a failure from where it stopped', async () => {
    const queryClient = testQueryClient();
    failNext = 20;
    const options = { queryClient, id: torch.id, filters: {}, signal: live() };
    await expect(lookUpProduct(options)).rejects.toMatchObject({ status: 503 });
    const before = requests.length;
    const result = await lookUpProduct(options);
    expect(result.stop).toBe('found');
    // The failed page and those in flight beside it (the pool's 4) are read again, then the
    // rest up to the product's page (and the two after it, in flight beside it).
    expect(requests.length - before).toBeLessThanOrEqual(3 + 50 - 20 + 1);
  });

  it('stops at its bound, and Go on reading goes on from there', async () => {
    const queryClient = testQueryClient();
    const options = { queryClient, id: torch.id, filters: {}, signal: live(), maxRequests: 30 };
    const first = await lookUpProduct(options);
    expect(first).toMatchObject({ stop: 'requests', bound: 'cap', requests: 30 });
    raiseProductSearchBound(queryClient, 'id', torch.id, {});
    const result = await lookUpProduct(options);
    expect(result.stop).toBe('found');
    expect(new Set(requests.map((search) => search.get('page'))).size).toBe(requests.length);
  });

  it('cancelled, stops asking, and asked again starts afresh', async () => {
    const queryClient = testQueryClient();
    const running = lookUpProduct({
      queryClient,
      id: 'prod_gone',
      filters: {},
      signal: live(),
      onProgress: ({ requests: made }) => {
        if (made >= 5) cancelProductSearch(queryClient, 'id', 'prod_gone', {});
      },
    });
    const result = await running;
    expect(result.stop).toBe('cancelled');
    const asked = requests.length;
    await delay(30);
    expect(requests.length).toBe(asked);
    expect(asked).toBeLessThan(12);
  });
});

describe('the readings kept', () => {
  it('are per query client, and sign-out forgets them: Go on reading then starts afresh', async () => {
    const [queryClient, other] = [testQueryClient(), testQueryClient()];
    const options = { queryClient, id: torch.id, filters: {}, signal: live(), maxRequests: 30 };
    expect(await lookUpProduct(options)).toMatchObject({ stop: 'requests', requests: 30 });
    // Another client (another API profile) has no reading of its own to go on with.
    raiseProductSearchBound(other, 'id', torch.id, {});
    requests.length = 0;
    const elsewhere = await lookUpProduct({ ...options, queryClient: other });
    expect(elsewhere).toMatchObject({ stop: 'requests', requests: 30 });
    expect(requests.map((search) => search.get('page'))).toContain('1');

    forgetClientMemory(queryClient);
    raiseProductSearchBound(queryClient, 'id', torch.id, {});
    requests.length = 0;
    const afresh = await lookUpProduct(options);
    // Read from page 1 again, to the same bound: the half-read reading was forgotten.
    expect(afresh).toMatchObject({ stop: 'requests', requests: 30 });
    expect(requests.map((search) => search.get('page'))).toContain('1');
  });

  it('sign-out stops a reading that runs', async () => {
    const queryClient = testQueryClient();
    const result = await lookUpProduct({
      queryClient,
      id: 'prod_gone',
      filters: {},
      signal: live(),
      onProgress: ({ requests: made }) => {
        if (made >= 5) forgetClientMemory(queryClient);
      },
    });
    expect(result.stop).toBe('cancelled');
    expect(requests.length).toBeLessThan(12);
  });
});

describe('findProducts', () => {
  it('lists every product whose name holds the words, case and accents aside, any order', async () => {
    const result = await findProducts({
      queryClient: testQueryClient(),
      text: 'BRULEE crème',
      filters: {},
      signal: live(),
    });
    expect(result).toMatchObject({ stop: 'end', matches: [torch, cookbook], requests: 50 });
  });

  it('reads under the filters: a category narrows the read', async () => {
    const result = await findProducts({
      queryClient: testQueryClient(),
      text: 'creme brulee',
      filters: { category: 'Books' },
      signal: live(),
    });
    expect(result.matches).toEqual([cookbook]);
    const books = catalogue.filter((product) => product.category === 'Books').length;
    expect(result.requests).toBe(Math.ceil(books / SCAN_PAGE_SIZE));
  });
});

describe('nameMatcher', () => {
  it('takes words in any order and case, accents aside', () => {
    const matches = nameMatcher('  brûlée   CREME ');
    expect(matches(torch)).toBe(true);
    expect(matches(cookbook)).toBe(true);
    expect(matches({ ...torch, name: 'Creme Caramel' })).toBe(false);
  });
});

describe('narrowing (property)', () => {
  it('reads no more pages than the filtered list has, and finds a product it holds', async () => {
    const categories = ['Books', 'Toys', 'Grocery'];
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            category: fc.constantFrom(...categories),
            price: fc.integer({ min: 0, max: 10_000 }).map((cents) => cents / 100),
          }),
          { maxLength: 900 },
        ),
        fc.constantFrom(undefined, ...categories),
        fc.option(fc.integer({ min: 0, max: 100 }), { nil: undefined }),
        fc.nat(),
        async (drawn, category, minPrice, pick) => {
          const list: Product[] = drawn.map((item, index) => ({
            ...item,
            id: `prod_${index}`,
            name: `Product ${index}`,
            description: '',
          }));
          const filters = {
            ...(category === undefined ? {} : { category }),
            ...(minPrice === undefined ? {} : { minPrice: String(minPrice) }),
          };
          const inView = filtered(list, { page: 1, limit: 100, ...filters });
          const target = inView.length > 0 ? inView[pick % inView.length] : undefined;
          const asked: ProductsListParams[] = [];
          const fetchPage: FetchProductsPage = async (params) => {
            asked.push(params);
            const rows = filtered(list, params);
            return {
              data: rows.slice((params.page - 1) * params.limit, params.page * params.limit),
              meta: { total: rows.length, page: params.page, limit: params.limit },
            };
          };
          const result = await new ListScan<Product>({
            readPage: pageReader(fetchPage, filters),
            isMatch: (product) => product.id === (target?.id ?? 'prod_none'),
            idOf: (product) => product.id,
            pageSize: SCAN_PAGE_SIZE,
            maxMatches: 1,
            maxRequests: 10_000,
            take: 'anywhere',
            stopAtFirst: true,
          }).run(live());
          expect(asked.length).toBeLessThanOrEqual(
            Math.max(1, Math.ceil(inView.length / SCAN_PAGE_SIZE)),
          );
          for (const params of asked) expect(params).toMatchObject({ ...filters, limit: 100 });
          expect(result.stop).toBe(target ? 'found' : 'end');
          if (target) expect(result.matches).toEqual([target]);
        },
      ),
      { numRuns: 60 },
    );
  });
});
