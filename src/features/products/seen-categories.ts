import type { QueryClient } from '@tanstack/react-query';
import type { ListPage } from '../../lib/api-schemas';
import { productsKeys, type Product } from './api/products-api';

/**
 * The categories in every products page still in the query cache, sorted. The API has no list
 * of categories, so this is the next best thing; the cache is cleared on sign-out, so nothing
 * carries over to the next person.
 */
export function seenCategories(queryClient: QueryClient): string[] {
  const seen = new Set<string>();
  for (const [, page] of queryClient.getQueriesData<ListPage<Product>>({
    queryKey: productsKeys.lists(),
  })) {
    for (const product of page?.data ?? []) seen.add(product.category);
  }
  return [...seen].sort((a, b) => a.localeCompare(b));
}
