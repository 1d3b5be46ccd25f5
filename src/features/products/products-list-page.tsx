import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { DataTable } from '../../components/data-table/data-table';
import { useUrlList, type UrlListConfig } from '../../components/data-table/use-url-list';
import { lazyModule } from '../../components/lazy-module';
import { QueryAlert } from '../../components/query-alert';
import { listViewExport } from '../../components/data-table/export/export-source';
import { RefreshStatus } from '../../components/refresh-status';
import {
  productFields,
  productsExportPageQueryOptions,
  productsListQueryOptions,
  type Product,
  type productsKeys,
} from './api/products-api';
import type { ProductReference } from '../../lib/product-reference';
import { hasFilters } from './price-filter';
import { similarCategories } from './category-match';
import { ProductFiltersBar } from './product-filters';
import { productsColumns } from './products-columns';
import {
  definedOnly,
  filtersOf,
  linkedFilters,
  listParamsOf,
  parseProductsSearch,
  serializeProductsSearch,
  type ProductsListParams,
} from './products-search-params';
import { seenCategories } from './seen-categories';
import { useModule } from './use-module';
import { useDocumentTitle } from '../../components/use-document-title';

const productsList: UrlListConfig<
  ProductsListParams,
  Product,
  ReturnType<typeof productsKeys.list>
> = {
  parse: parseProductsSearch,
  serialize: serializeProductsSearch,
  queryOptions: productsListQueryOptions,
  views: 'products',
};

/** Marks the history entry that opening a product pushed, so closing it is Back. */
const OPENED_HERE = 'productDetailsOpened';

function openedHere(state: unknown): boolean {
  return typeof state === 'object' && state !== null && OPENED_HERE in state;
}

/**
 * The row as the person clicked it, kept with the entry that opening it pushed: a click on a row
 * still shown while the next page loads (a filter just applied) opens that row, rather than
 * nothing, or "not on this page" once the new page is in.
 */
function openedProduct(state: unknown, id: string): Product | undefined {
  if (!openedHere(state)) return undefined;
  const product: unknown = (state as Record<string, unknown>)[OPENED_HERE];
  return typeof product === 'object' && product !== null && (product as Product).id === id
    ? (product as Product)
    : undefined;
}

function getProductId(product: Product): string {
  return product.id;
}

/**
 * Not on the first render: the details dialog, loaded when a product is first opened (its row
 * hovered, or the URL naming one); and Find product (its box, a linked product's lookup, its
 * matches, the in-tab index), after the first paint, which is the table's.
 */
const loadDetails = lazyModule(() => import('./product-details'));
const loadFinding = lazyModule(() => import('./product-finding'));

/** The view as the URL has it, without the open product: Find product's words stay. */
function viewParamsOf({ product: _product, ...view }: ProductsListParams): ProductsListParams {
  return view;
}

/**
 * `knownCategories` (config.json's, or the demo's) are offered before any products are seen; the
 * API has no list of categories.
 */
export function ProductsListPage({
  knownCategories = [],
}: {
  knownCategories?: readonly string[];
}) {
  const list = useUrlList(productsList);
  useDocumentTitle('Products');
  const { params } = list;
  const filters = useMemo(() => filtersOf(params), [params]);
  const filtered = hasFilters(filters);
  const queryClient = useQueryClient();
  const [notApplied, setNotApplied] = useState(false);
  const navigateTo = useNavigate();
  const location = useLocation();
  // The product open in its details dialog is the URL's `product=`, so it can be linked, reloaded
  // and closed with Back. The API has no endpoint for one product: the details are the row as this
  // page of the list returned it; else Find product's lookup (product-finding.tsx) hands it over:
  // as the tab last saw it (the in-tab index), without a request, or once the list is read to it.
  const openId = params.product;
  const rows = list.data?.data;
  const [found, setFound] = useState<Product>();
  const details =
    openId === undefined
      ? undefined
      : (rows?.find((row) => row.id === openId) ??
        openedProduct(location.state, openId) ??
        (found?.id === openId ? found : undefined));
  const lookUp = openId !== undefined && !list.busy && rows !== undefined && !details;
  const searching = params.find !== undefined;
  // Fetched with the rows, not after them: a shared link opens the details as soon as it can.
  const [Details, detailsProblem] = useModule(
    loadDetails,
    openId !== undefined,
    'The product’s details',
  );
  const [Finding, findingProblem] = useModule(loadFinding, true, 'Find product');
  function openDetails(product: Product) {
    const search = serializeProductsSearch({ ...viewParamsOf(params), product: product.id });
    // One history entry: Back closes the details. Opening another from a stale link replaces.
    navigateTo({ search: `?${search.toString()}` }, { state: { [OPENED_HERE]: product } });
  }
  function closeDetails() {
    if (openedHere(location.state)) {
      void navigateTo(-1);
    } else {
      list.navigate(viewParamsOf(params), { replace: true });
    }
  }
  /** A product id or link from Find product: its details, in the view the link names (or this). */
  function findProduct({ id, view: link }: ProductReference) {
    const linked = link === undefined ? {} : linkedFilters(link);
    const view = hasFilters(linked) ? linked : filters;
    list.navigate({ page: 1, limit: params.limit, ...definedOnly(view), product: id });
  }
  function findWords(words: string | undefined) {
    const find = words === undefined ? {} : { find: words };
    list.navigate({ page: 1, limit: params.limit, ...definedOnly(filters), ...find });
  }
  const view = useMemo(
    // The export writes the view's filters, every page of it.
    () => ({
      id: 'products',
      savedViews: true,
      export: listViewExport('products', productFields, productsExportPageQueryOptions, params),
    }),
    [params],
  );
  // Read on every render: the page re-renders whenever a page of products arrives.
  const categories = mergeCategories(knownCategories, seenCategories(queryClient));

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
        // A search goes on under the new filters.
        onApply={(next, options) =>
          list.navigate(
            {
              page: 1,
              limit: params.limit,
              ...definedOnly(next),
              ...(searching ? { find: params.find } : {}),
            },
            options,
          )
        }
        onNotAppliedChange={setNotApplied}
      />
      {Finding ? (
        <Finding.ProductFinding
          params={params}
          filters={filters}
          lookUp={lookUp}
          navigate={list.navigate}
          onProduct={findProduct}
          onWords={findWords}
          onOpen={openDetails}
          onFound={setFound}
          onDismiss={closeDetails}
        />
      ) : (
        // Its box's place, kept while it loads.
        <div className="h-[58px]" />
      )}
      <QueryAlert query={list.query} what="products" />
      <p aria-live="polite" className="text-sm text-red-800 empty:hidden dark:text-red-200">
        {detailsProblem || findingProblem}
      </p>
      {details && Details && <Details.ProductDetails product={details} onClose={closeDetails} />}
      {!searching && (
        <DataTable
          label="Products"
          noun="products"
          columns={productsColumns}
          data={list.data}
          busy={list.busy}
          pagination={params}
          onPaginationChange={(next) => list.navigate({ ...listParamsOf(params), ...next })}
          getRowId={getProductId}
          onRowActivate={openDetails}
          view={view}
          emptyStatus={filtered ? 'No products match' : 'No products'}
          stale={
            notApplied
              ? 'Filters not applied: fix the filters above. The rows are the last ones that matched valid filters.'
              : undefined
          }
          empty={
            filtered ? (
              <NoMatch
                category={filters.category}
                categories={categories}
                onPick={(category) =>
                  list.navigate({ ...listParamsOf(params), page: 1, category }, { replace: false })
                }
              />
            ) : (
              'There are no products.'
            )
          }
        />
      )}
    </div>
  );
}

function mergeCategories(known: readonly string[], seen: string[]): string[] {
  return [...new Set([...known, ...seen])].sort((a, b) => a.localeCompare(b));
}

/**
 * Nothing matched. Categories match exactly (case included), so a category filter that found
 * nothing offers the known categories it resembles.
 */
function NoMatch({
  category,
  categories,
  onPick,
}: {
  category: string | undefined;
  categories: readonly string[];
  onPick: (category: string) => void;
}): ReactNode {
  const similar = category === undefined ? [] : similarCategories(category, categories);
  if (category === undefined || categories.includes(category)) {
    return 'No products match these filters. Use Clear filters above to see all products.';
  }
  return (
    <span className="space-y-1">
      <span className="block">
        No products in category “{category}”. Categories are matched exactly
        {similar.length > 0 ? ': did you mean ' : '.'}
        {similar.map((suggestion, index) => (
          <span key={suggestion}>
            {index > 0 && (index === similar.length - 1 ? ' or ' : ', ')}
            <button
              type="button"
              onClick={() => onPick(suggestion)}
              className="font-medium text-blue-700 underline dark:text-blue-300"
            >
              {suggestion}
            </button>
          </span>
        ))}
        {similar.length > 0 && '?'}
      </span>
      <span className="block">Use Clear filters above to see all products.</span>
    </span>
  );
}
