import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { DataTable } from '../../components/data-table/data-table';
import { useUrlList, type UrlListConfig } from '../../components/data-table/use-url-list';
import { QueryAlert } from '../../components/query-alert';
import { RefreshStatus } from '../../components/refresh-status';
import { cancellableFetchQuery } from '../../lib/cancellable-fetch-query';
import {
  productFields,
  productsExportPageQueryOptions,
  productsListQueryOptions,
  type Product,
  type ProductsListParams,
  type productsKeys,
} from './api/products-api';
import { hasFilters } from './price-filter';
import { ProductFiltersBar } from './product-filters';
import { productsColumns } from './products-columns';
import {
  definedOnly,
  filtersOf,
  parseProductsSearch,
  serializeProductsSearch,
} from './products-search-params';
import { seenCategories } from './seen-categories';

const productsList: UrlListConfig<
  ProductsListParams,
  Product,
  ReturnType<typeof productsKeys.list>
> = {
  parse: parseProductsSearch,
  serialize: serializeProductsSearch,
  queryOptions: productsListQueryOptions,
};

function getProductId(product: Product): string {
  return product.id;
}

export function ProductsListPage() {
  const list = useUrlList(productsList);
  const { params } = list;
  const filters = useMemo(() => filtersOf(params), [params]);
  const filtered = hasFilters(filters);
  const view = useMemo(
    () => ({
      id: 'products',
      export: {
        resource: 'products',
        fields: productFields,
        // The view's filters, every page of them.
        fetchPage: (queryClient: QueryClient, page: number, limit: number, signal: AbortSignal) =>
          cancellableFetchQuery(
            queryClient,
            productsExportPageQueryOptions({ ...params, page, limit }),
            signal,
          ),
      },
    }),
    [params],
  );
  const queryClient = useQueryClient();
  // Read on every render: the page re-renders whenever a page of products arrives.
  const categories = seenCategories(queryClient);

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-xl font-semibold">Products</h1>
        <RefreshStatus query={list.query} />
      </div>
      <ProductFiltersBar
        filters={filters}
        categories={categories}
        // Other filters make the old page number meaningless: start again at page 1.
        onApply={(next) => list.navigate({ page: 1, limit: params.limit, ...definedOnly(next) })}
      />
      <QueryAlert query={list.query} what="products" />
      <DataTable
        label="Products"
        noun="products"
        columns={productsColumns}
        data={list.data}
        busy={list.busy}
        pagination={params}
        onPaginationChange={(next) => list.navigate({ ...params, ...next })}
        getRowId={getProductId}
        empty={
          filtered
            ? 'No products match these filters. Use Clear filters above to see all products.'
            : 'There are no products.'
        }
        view={view}
      />
    </div>
  );
}
