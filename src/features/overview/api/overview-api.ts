import { queryOptions } from '@tanstack/react-query';
import * as v from 'valibot';
import { apiClientFor } from '../../../lib/api-client';
import { listEnvelope, type ListPage } from '../../../lib/api-schemas';

/**
 * What the overview reads: pages of users by sign-up date, counts (`limit=1`, `meta.total`) of
 * users and of products by category or price, and the first page of products for the categories
 * and the decimals prices have. Only the fields it needs are read; the rest of each row is the
 * users' and products' pages' business.
 */

const signUpSchema = v.object({ id: v.string(), created_at: v.string() });
export type SignUp = v.InferOutput<typeof signUpSchema>;

const signUpPageSchema = listEnvelope(signUpSchema);
const countSchema = listEnvelope(v.unknown());
const categorySampleSchema = listEnvelope(v.object({ category: v.string() }));
const priceSampleSchema = listEnvelope(v.object({ price: v.number() }));

/** The API's largest page: the fewer pages, the fewer reads to find a date. */
export const SIGN_UP_PAGE_SIZE = 100;

export type SignUpSort = 'created_at' | '-created_at';

export interface ProductCountFilter {
  category?: string | undefined;
  /** Plain decimal text, as the products table sends it; inclusive. */
  minPrice?: string | undefined;
  /** Inclusive. */
  maxPrice?: string | undefined;
}

const all = ['overview'] as const;

export const overviewKeys = {
  all,
  signUpPage: (page: number, sort: SignUpSort) => [...all, 'sign-ups', sort, page] as const,
  userCount: () => [...all, 'users'] as const,
  productCount: (filter: ProductCountFilter) => [...all, 'products', filter] as const,
  categorySample: () => [...all, 'categories'] as const,
  priceSample: () => [...all, 'prices'] as const,
};

// Each read is made once for a count and kept by the count itself (rank-counter.ts), and the
// request pool (lib/pool/request-pool.ts) waits out 429s: the query library neither retries nor
// keeps them.
const once = { retry: false, staleTime: 0, gcTime: 0 } as const;

export function signUpPageQueryOptions(page: number, sort: SignUpSort) {
  return queryOptions({
    queryKey: overviewKeys.signUpPage(page, sort),
    queryFn: ({ client, signal }): Promise<ListPage<SignUp>> =>
      apiClientFor(client).get('/v1/users', {
        query: { page, limit: SIGN_UP_PAGE_SIZE, sort },
        schema: signUpPageSchema,
        signal,
      }),
    ...once,
  });
}

export function userCountQueryOptions() {
  return queryOptions({
    queryKey: overviewKeys.userCount(),
    queryFn: async ({ client, signal }) => {
      const page = await apiClientFor(client).get('/v1/users', {
        query: { page: 1, limit: 1 },
        schema: countSchema,
        signal,
      });
      return page.meta.total;
    },
    ...once,
  });
}

export function productCountQueryOptions(filter: ProductCountFilter) {
  return queryOptions({
    queryKey: overviewKeys.productCount(filter),
    queryFn: async ({ client, signal }) => {
      const page = await apiClientFor(client).get('/v1/products', {
        query: {
          category: filter.category,
          min_price: filter.minPrice,
          max_price: filter.maxPrice,
          page: 1,
          limit: 1,
        },
        schema: countSchema,
        signal,
      });
      return page.meta.total;
    },
    ...once,
  });
}

/** The categories on the first page of products: where none are configured or seen, a start. */
export function categorySampleQueryOptions() {
  return queryOptions({
    queryKey: overviewKeys.categorySample(),
    queryFn: async ({ client, signal }) => {
      const page = await apiClientFor(client).get('/v1/products', {
        query: { page: 1, limit: 100 },
        schema: categorySampleSchema,
        signal,
      });
      return [...new Set(page.data.map((product) => product.category))].sort((a, b) =>
        a.localeCompare(b),
      );
    },
    ...once,
  });
}

/** The prices on the first page of products: how many decimals the catalogue's prices have. */
export function priceSampleQueryOptions() {
  return queryOptions({
    queryKey: overviewKeys.priceSample(),
    queryFn: async ({ client, signal }) => {
      const page = await apiClientFor(client).get('/v1/products', {
        query: { page: 1, limit: 100 },
        schema: priceSampleSchema,
        signal,
      });
      return page.data.map((product) => product.price);
    },
    ...once,
  });
}
