import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import * as v from 'valibot';
import { apiClientFor, type ApiClient } from '../../../lib/api-client';
import { listEnvelope, type ListPage } from '../../../lib/api-schemas';
import { listParamsOf, pricesConflict, type ProductsListParams } from '../products-search-params';

export const productSchema = v.object({
  id: v.string(),
  name: v.string(),
  description: v.string(),
  price: v.pipe(v.number(), v.finite()),
  category: v.string(),
});

export type Product = v.InferOutput<typeof productSchema>;

/** The item's fields in the API's order: the CSV export's header. */
export const productFields = [
  'id',
  'name',
  'category',
  'price',
  'description',
] as const satisfies readonly (keyof Product)[];

const productsPageSchema = listEnvelope(productSchema);

const all = ['products'] as const;

export const productsKeys = {
  all,
  lists: () => [...all, 'list'] as const,
  /** Without the open product: opening one is not another list. */
  list: (params: ProductsListParams) => [...productsKeys.lists(), listParamsOf(params)] as const,
  /** Pages the CSV export reads: apart from the table's, which they must not replace. */
  exportPage: (params: ProductsListParams) => [...all, 'export', listParamsOf(params)] as const,
};

export function fetchProducts(
  api: ApiClient,
  params: ProductsListParams,
  signal?: AbortSignal,
  prefetch = false,
): Promise<ListPage<Product>> {
  const { page, limit, category, minPrice, maxPrice } = params;
  // A min above the max matches nothing and the page says so; the prices are not sent then.
  const prices = pricesConflict(params) ? {} : { min_price: minPrice, max_price: maxPrice };
  // The client drops unset and empty values, so filters the user left empty are not sent.
  return api.get('/v1/products', {
    query: { category, ...prices, page, limit },
    schema: productsPageSchema,
    signal,
    prefetch,
  });
}

/** `prefetch`: fetched ahead of need (the next page), which demo mode tells its mock. */
export function productsListQueryOptions(params: ProductsListParams, { prefetch = false } = {}) {
  // Not in the key: a prefetch asks for the same data, it is only marked differently.
  // eslint-disable-next-line @tanstack/query/exhaustive-deps
  return queryOptions({
    queryKey: productsKeys.list(params),
    queryFn: ({ client, signal }) => fetchProducts(apiClientFor(client), params, signal, prefetch),
    placeholderData: keepPreviousData,
  });
}

/** One page for the CSV export; see usersExportPageQueryOptions. */
export function productsExportPageQueryOptions(params: ProductsListParams) {
  return queryOptions({
    queryKey: productsKeys.exportPage(params),
    queryFn: ({ client, signal }) => fetchProducts(apiClientFor(client), params, signal),
    retry: false,
    staleTime: 0,
    gcTime: 0,
  });
}
