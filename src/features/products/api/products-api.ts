import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { getApiClient } from '../../../lib/api-client';
import { listEnvelope, type ListPage } from '../../../lib/api-schemas';

export const productSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  price: z.number(),
  category: z.string(),
});

export type Product = z.infer<typeof productSchema>;

/** The product's fields in the API's order: the CSV export's header. */
export const productFields = [
  'id',
  'name',
  'category',
  'price',
  'description',
] as const satisfies readonly (keyof Product)[];

export type ProductsListParams = {
  page: number;
  limit: number;
  category?: string | undefined;
  minPrice?: number | undefined;
  maxPrice?: number | undefined;
};

const productsPageSchema = listEnvelope(productSchema);

const all = ['products'] as const;

export const productsKeys = {
  all,
  lists: () => [...all, 'list'] as const,
  list: (params: ProductsListParams) => [...productsKeys.lists(), params] as const,
  /** Pages the CSV export reads: apart from the table's, which they must not replace. */
  exportPage: (params: ProductsListParams) => [...all, 'export', params] as const,
};

export function fetchProducts(
  params: ProductsListParams,
  signal?: AbortSignal,
): Promise<ListPage<Product>> {
  const { page, limit, category, minPrice, maxPrice } = params;
  // The client drops unset and empty values, so filters the user left empty are not sent.
  return getApiClient().get('/v1/products', {
    query: { category, min_price: minPrice, max_price: maxPrice, page, limit },
    schema: productsPageSchema,
    signal,
  });
}

export function productsListQueryOptions(params: ProductsListParams) {
  return queryOptions({
    queryKey: productsKeys.list(params),
    queryFn: ({ signal }) => fetchProducts(params, signal),
    placeholderData: keepPreviousData,
  });
}

/** One page for the CSV export; see usersExportPageQueryOptions. */
export function productsExportPageQueryOptions(params: ProductsListParams) {
  return queryOptions({
    queryKey: productsKeys.exportPage(params),
    queryFn: ({ signal }) => fetchProducts(params, signal),
    retry: false,
    staleTime: 0,
    gcTime: 0,
  });
}
