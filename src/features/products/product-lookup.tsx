import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Button } from '../../components/button';
import { QueryAlert } from '../../components/query-alert';
import { apiLine } from '../../lib/display-text';
import type { Product } from './api/products-api';
import { productsScanKeys } from './api/products-scan-api';
import { isProductId } from '../../lib/product-reference';
import type { ProductFilters } from './price-filter';
import type { ScanProgress } from '../../lib/list-search/list-scan';
import {
  cancelProductSearch,
  lookUpProduct,
  raiseProductSearchBound,
  type ProductSearchResult,
} from './product-search';
import { ReadingProgress } from './reading-progress';
import { rememberProducts } from './seen-products';
import { boundNote, filtersPhrase, readText, requestsText } from './reading-words';

/**
 * A `product=` link to a product that is not on the page: from the in-tab index at once, without
 * a request (product-search.ts looks there first); else the list is read under the page's filters
 * until it turns up, with progress and Cancel. Found, the page opens its details; else it says
 * there is no product with that id there, or which bound stopped the reading. Loaded only when a
 * link needs it.
 */
export function ProductLookup({
  id,
  filters,
  onFound,
  onDismiss,
  onWiden,
}: {
  id: string;
  filters: ProductFilters;
  /** The product, from the in-tab index or the list: the page opens its details. */
  onFound: (product: Product) => void;
  onDismiss: () => void;
  /** Look again in the whole list, without the filters. */
  onWiden: () => void;
}) {
  const shown = `“${apiLine(id, 80)}”`;
  if (!isProductId(id)) {
    // The spec's ids are `prod_` and a suffix: no reading can find anything else.
    return (
      <Notice onDismiss={onDismiss}>
        <p role="status">
          No product with id {shown}: product IDs start with prod_, such as prod_8f3k2m9x1q.
        </p>
      </Notice>
    );
  }
  return (
    <Lookup
      id={id}
      shown={shown}
      filters={filters}
      onFound={onFound}
      onDismiss={onDismiss}
      onWiden={onWiden}
    />
  );
}

function Lookup({
  id,
  shown,
  filters,
  onFound,
  onDismiss,
  onWiden,
}: {
  id: string;
  shown: string;
  filters: ProductFilters;
  onFound: (product: Product) => void;
  onDismiss: () => void;
  onWiden: () => void;
}) {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<ScanProgress<Product> | null>(null);
  // The lookup is its id and filters; the client and the progress callback are how it runs.
  // eslint-disable-next-line @tanstack/query/exhaustive-deps
  const query = useQuery({
    queryKey: productsScanKeys.lookup(id, filters),
    queryFn: ({ signal }): Promise<ProductSearchResult> =>
      lookUpProduct({ queryClient, id, filters, signal, onProgress: setProgress }),
    retry: false,
    // The same link in the next five minutes gives the same answer at once; Look again and Go on
    // reading ask afresh.
    staleTime: 5 * 60_000,
  });
  const found = query.data?.stop === 'found' ? query.data.matches[0] : undefined;
  // One found earlier (the answer is kept five minutes) may have left the index since.
  useEffect(() => {
    if (!found) return;
    rememberProducts(queryClient, [found]);
    onFound(found);
  }, [queryClient, found, onFound]);
  const result = query.data;
  const running = query.isFetching;
  const where = filtersPhrase(filters);
  const narrowed = where !== '';
  if (running || !result) {
    const requests = progress?.requests ?? 0;
    return (
      <Notice>
        <p role="status">
          Looking for product {shown}
          {where} by reading the list (the API cannot look up one product)… {requestsText(requests)}{' '}
          so far
        </p>
        <ReadingProgress
          label="Lookup progress"
          rows={progress?.rows ?? 0}
          total={progress?.total}
          retryAt={progress?.retryAt}
          onCancel={() => cancelProductSearch(queryClient, 'id', id, filters)}
        />
        <QueryAlert query={query} what="the product" />
      </Notice>
    );
  }
  if (query.isError) {
    return (
      <Notice onDismiss={onDismiss}>
        <QueryAlert query={query} what="the product" />
      </Notice>
    );
  }
  // Found: the page opens it.
  if (result.stop === 'found') return null;
  const read = `Read ${readText(result.rows, result.total)} with ${requestsText(result.requests)}.`;
  return (
    <Notice onDismiss={onDismiss}>
      {result.stop === 'end' && (
        <p role="status">
          No product with id {shown}
          {where}. {read}
          {result.changed &&
            ' The number of products changed while they were read: one added meanwhile may have been missed.'}
        </p>
      )}
      {result.stop === 'cancelled' && (
        <p role="status">
          Lookup of product {shown} cancelled. {read}
        </p>
      )}
      {result.stop === 'requests' && (
        <p role="status">
          Product {shown} is not among the products read{where}. {boundNote(result)}
        </p>
      )}
      {result.stop === 'requests' && (
        <Button
          onClick={() => {
            raiseProductSearchBound(queryClient, 'id', id, filters);
            void query.refetch();
          }}
        >
          Go on reading
        </Button>
      )}
      {result.stop === 'cancelled' && (
        <Button onClick={() => void query.refetch()}>Look again</Button>
      )}
      {narrowed && result.stop !== 'cancelled' && (
        <Button onClick={onWiden}>Look in all products</Button>
      )}
    </Notice>
  );
}

function Notice({ children, onDismiss }: { children: React.ReactNode; onDismiss?: () => void }) {
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-2 text-sm [&_p]:min-w-0 [&_p]:break-all">
      {children}
      {onDismiss && (
        <button
          type="button"
          onClick={onDismiss}
          className="font-medium text-blue-700 underline dark:text-blue-300"
        >
          Dismiss
        </button>
      )}
    </div>
  );
}
