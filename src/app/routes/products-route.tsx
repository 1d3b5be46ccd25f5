import type { QueryClient } from '@tanstack/react-query';
import { productsListQueryOptions } from '../../features/products/api/products-api';
import { ProductsListPage } from '../../features/products/products-list-page';
import { parseProductsSearch } from '../../features/products/products-search-params';
import { useEnvironment } from '../environment';

export function Component() {
  const { categories } = useEnvironment();
  return <ProductsListPage knownCategories={categories} />;
}

export function prefetch(queryClient: QueryClient, url: URL) {
  const { params } = parseProductsSearch(url.searchParams);
  void queryClient.prefetchQuery(productsListQueryOptions(params));
}
