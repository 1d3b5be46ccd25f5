import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Button } from '../../components/button';
import { DataTable } from '../../components/data-table/data-table';
import type { ExportSourceLoader } from '../../components/data-table/export/export-source';
import type { PageParams } from '../../components/data-table/page-params';
import { QueryAlert } from '../../components/query-alert';
import { productFields, type Product } from './api/products-api';
import { productsScanKeys } from './api/products-scan-api';
import { foldCategory } from './category-match';
import type { ProductFilters } from './price-filter';
import {
  filterProductMatches,
  NO_MATCH_FILTER,
  ProductMatchFilters,
  type ProductMatchFilter,
} from './product-match-filters';
import type { ScanProgress } from '../../lib/list-search/list-scan';
import {
  cancelProductSearch,
  findProducts,
  raiseProductSearchBound,
  type ProductSearchResult,
} from './product-search';
import { productsColumns } from './products-columns';
import { ReadingProgress } from './reading-progress';
import { boundNote, countOf, filtersPhrase, requestsText } from './reading-words';

const FIRST_PAGE: PageParams = { page: 1, limit: 50 };

/**
 * Find product's answer on the Products page: every product whose name holds the words, under the
 * page's filters, read from the whole list (the API has no search) with progress and Cancel. The
 * matches stream into the **Matches** table as pages arrive; Filter matches and Export CSV work on
 * the matches in hand. Loaded when a search is made.
 */
export function ProductMatches({
  text,
  filters,
  onOpen,
  onClear,
}: {
  text: string;
  filters: ProductFilters;
  onOpen: (product: Product) => void;
  onClear: () => void;
}) {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<ScanProgress<Product> | null>(null);
  const [pagination, setPagination] = useState(FIRST_PAGE);
  const [filter, setFilter] = useState<ProductMatchFilter>(NO_MATCH_FILTER);
  // The search is its words and filters; the client and the progress callback are how it runs.
  // eslint-disable-next-line @tanstack/query/exhaustive-deps
  const query = useQuery({
    queryKey: productsScanKeys.find(text, filters),
    queryFn: ({ signal }): Promise<ProductSearchResult> =>
      findProducts({ queryClient, text, filters, signal, onProgress: setProgress }),
    retry: false,
    staleTime: 5 * 60_000,
  });
  const result = query.data;
  const running = query.isFetching;
  // While it reads (Go on reading included), what it has found so far; else its answer.
  const matches: readonly Product[] = useMemo(
    () =>
      (running ? (progress?.matches ?? result?.matches) : (result?.matches ?? progress?.matches)) ??
      [],
    [running, progress, result],
  );
  const requests = (running ? progress?.requests : result?.requests) ?? progress?.requests ?? 0;
  const shown = useMemo(() => filterProductMatches(matches, filter), [matches, filter]);
  const page = useMemo(() => {
    const start = (pagination.page - 1) * pagination.limit;
    return {
      data: shown.slice(start, start + pagination.limit),
      meta: { total: shown.length, page: pagination.page, limit: pagination.limit },
    };
  }, [shown, pagination]);
  const view = useMemo(
    () => ({ id: 'products', export: matchesExport(shown, exportLabel(text)) }),
    [shown, text],
  );
  const where = filtersPhrase(filters);
  const cancel = () => cancelProductSearch(queryClient, 'words', text, filters);

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-slate-700 dark:text-slate-300">
          Products whose name holds “{text}”{where}, case and accents aside, read from the whole
          list (the API cannot search products).
        </p>
        <Button onClick={onClear}>Clear search</Button>
      </div>
      <p role="status" className="text-sm font-medium">
        {statusText(result, running, query.isError, matches.length, requests, text, where)}
      </p>
      {running && (
        <ReadingProgress
          label="Search progress"
          rows={progress?.rows ?? 0}
          total={progress?.total}
          retryAt={progress?.retryAt}
          onCancel={cancel}
        />
      )}
      <QueryAlert query={query} what="products for the search" />
      {!running && result && boundNote(result) && (
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <span>{boundNote(result)}</span>
          <Button
            onClick={() => {
              raiseProductSearchBound(queryClient, 'words', text, filters);
              void query.refetch();
            }}
          >
            Go on reading
          </Button>
        </div>
      )}
      {!running && result?.stop === 'cancelled' && (
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <span>What was found before the search was cancelled stays below.</span>
          <Button onClick={() => void query.refetch()}>Search again</Button>
        </div>
      )}
      {!running && result?.changed && (
        <p className="text-sm">
          The number of products changed during the search: a product added or removed meanwhile may
          be missing.
        </p>
      )}
      {matches.length > 1 && (
        <ProductMatchFilters
          filter={filter}
          onChange={(next) => {
            setFilter(next);
            setPagination((current) => ({ ...current, page: 1 }));
          }}
          shown={shown.length}
          total={matches.length}
        />
      )}
      {(matches.length > 0 || result !== undefined) && (
        <DataTable
          label="Matches"
          noun="products"
          columns={productsColumns}
          data={page}
          busy={false}
          pagination={pagination}
          onPaginationChange={setPagination}
          getRowId={(product) => product.id}
          onRowActivate={onOpen}
          emptyStatus={matches.length > 0 ? 'No match passes the filter' : 'No matches'}
          empty={
            matches.length > 0
              ? 'No match passes the filter.'
              : `No product name holds “${text}”${where}.`
          }
          view={view}
        />
      )}
    </div>
  );
}

/** "Say matches so far until the read is complete": only the end of the list is a full answer. */
function statusText(
  result: ProductSearchResult | undefined,
  running: boolean,
  failed: boolean,
  found: number,
  requests: number,
  text: string,
  where: string,
): string {
  const made = requestsText(requests);
  const soFar = `${found === 0 ? 'No matches' : countOf(found, 'match', 'matches')} so far`;
  if (running || !result) {
    if (failed) return `Search stopped by an error · ${soFar} · ${made}`;
    return `Searching… ${soFar} · ${made} so far`;
  }
  switch (result.stop) {
    case 'end':
    case 'found':
      return found === 0
        ? `No product name holds “${text}”${where} · ${made}`
        : `${countOf(found, 'match', 'matches')} · ${made}`;
    case 'cancelled':
      return `Search cancelled · ${soFar} · ${made}`;
    case 'matches':
      return `${soFar} (stopped at the bound on matches) · ${made}`;
    case 'requests':
      return `${soFar} (stopped at the bound on requests) · ${made}`;
  }
}

/** Export CSV writes the matches (already in hand, as filtered), with the export's CSV rules. */
function matchesExport(
  matches: readonly Product[],
  fileLabel: string,
): ExportSourceLoader<Product> {
  return {
    resource: 'products',
    load: async () => ({
      resource: 'products',
      fileLabel,
      fields: productFields,
      fetchPage: async (_queryClient, page, limit) => ({
        data: matches.slice((page - 1) * limit, page * limit),
        meta: { total: matches.length, page, limit },
      }),
    }),
  };
}

/** `products-find-creme-brulee`: the file says what it holds (the date follows). */
function exportLabel(text: string): string {
  const slug = foldCategory(text)
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40);
  return `products-find-${slug || 'search'}`;
}
