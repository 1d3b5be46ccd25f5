import { queryOptions } from '@tanstack/react-query';
import { apiClientFor } from '../../../lib/api-client';
import type { ProductFilters } from '../price-filter';
import { definedOnly, listParamsOf, type ProductsListParams } from '../products-search-params';
import { fetchProducts, productsKeys } from './products-api';

/**
 * The queries of reading the list for a product or for Find product's words: apart from
 * products-api.ts, which the page's first render loads, as these load with the first search.
 */
export const productsScanKeys = {
  /** Pages read to find a product or Find product's words: apart from the table's too. */
  scanPage: (params: ProductsListParams) =>
    [...productsKeys.all, 'scan-page', listParamsOf(params)] as const,
  /** A product looked up by id, read under these filters: the product, or why it was not found. */
  lookup: (id: string, filters: ProductFilters) =>
    [...productsKeys.all, 'lookup', id, definedOnly(filters)] as const,
  /** Find product: the products whose name holds these words, under these filters. */
  find: (text: string, filters: ProductFilters) =>
    [...productsKeys.all, 'find', text, definedOnly(filters)] as const,
};

/**
 * One page read to find a product (or Find product's words), at the API's largest page. Read once
 * and not kept: the in-tab index (seen-products.ts) keeps the products, and a million products'
 * pages would not fit the cache. The reading decides its retries (product-search.ts).
 */
export function productsScanPageQueryOptions(params: ProductsListParams) {
  return queryOptions({
    queryKey: productsScanKeys.scanPage(params),
    queryFn: ({ client, signal }) => fetchProducts(apiClientFor(client), params, signal),
    staleTime: 0,
    gcTime: 0,
  });
}
