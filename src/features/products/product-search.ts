import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query';
import type { ApiError } from '../../lib/api-error';
import type { ListPage } from '../../lib/api-schemas';
import { cancellableFetchQuery } from '../../lib/cancellable-fetch-query';
import { clientMemory } from '../../lib/client-memory';
import {
  ListScan,
  type ReadScanPage,
  type RequestBound,
  type ScanProgress,
  type ScanResult,
} from '../../lib/list-search/list-scan';
import { shouldRetry } from '../../lib/query-client';
import type { Product } from './api/products-api';
import { productsScanPageQueryOptions } from './api/products-scan-api';
import { foldCategory } from './category-match';
import type { ProductFilters } from './price-filter';
import { definedOnly, type ProductsListParams } from './products-search-params';
import { rememberProducts, seenProduct } from './seen-products';

/**
 * A product by its id, and Find product's words, over the API: the in-tab index first (an id seen
 * before costs no request), else the list read under the filters given (lib/list-search/
 * list-scan.ts), through the query client so that a 401 ends the session and every request is
 * logged. Each reading's state is kept by what it looks for, so Try again after a failure, and Go
 * on reading after a bound, go on where it stopped; Cancel keeps what was found.
 */

/** The API's largest page. */
export const SCAN_PAGE_SIZE = 100;

/** Requests one go of reading may make, whatever the list claims to hold. */
export const MAX_SCAN_REQUESTS = 10_000;

/** Matches one go of reading collects: far above a person's search; Go on reading takes more. */
export const MAX_SCAN_MATCHES = 10_000;

export type FetchProductsPage = (
  params: ProductsListParams,
  signal: AbortSignal,
) => Promise<ListPage<Product>>;

/** Pages of the list under the filters: a category or a price narrows what is read. */
export function pageReader(
  fetchPage: FetchProductsPage,
  filters: ProductFilters,
): ReadScanPage<Product> {
  const narrowed = definedOnly(filters);
  return (page, signal) => fetchPage({ page, limit: SCAN_PAGE_SIZE, ...narrowed }, signal);
}

/** Every word, in any order, anywhere in the name; case and accents aside. */
export function nameMatcher(text: string): (product: Product) => boolean {
  const words = foldCategory(text).split(/\s+/u).filter(Boolean);
  return (product) => {
    const name = foldCategory(product.name);
    return words.every((word) => name.includes(word));
  };
}

/** What a reading ended with; `fromIndex`: the in-tab index had the product, no request made. */
export type ProductSearchResult = ScanResult<Product> & { fromIndex?: boolean };

type SearchKind = 'id' | 'words';

interface SearchState {
  scan: ListScan<Product>;
  /** The person's Cancel; the caller's signal (leaving the page) is the other way to stop. */
  cancel: AbortController;
}

/**
 * The readings kept, per query client (one API profile's): sign-out forgets them
 * (lib/client-memory.ts), stopping what runs, so nothing read for one person is gone on with for
 * the next.
 */
const statesOf = clientMemory(
  () => new Map<string, SearchState>(),
  (states) => {
    for (const state of states.values()) state.cancel.abort();
  },
);
const MAX_KEPT_STATES = 20;

function stateKey(kind: SearchKind, text: string, filters: ProductFilters): string {
  return JSON.stringify([kind, text, definedOnly(filters)]);
}

/** The reading's state; a cancelled one is not gone on with: reading again starts afresh. */
function stateFor(
  states: Map<string, SearchState>,
  key: string,
  make: () => ListScan<Product>,
): SearchState {
  let state = states.get(key);
  if (!state || state.cancel.signal.aborted) {
    state = { scan: make(), cancel: new AbortController() };
    states.set(key, state);
    while (states.size > MAX_KEPT_STATES) {
      const oldest = states.keys().next().value;
      if (oldest === undefined) break;
      states.delete(oldest);
    }
  }
  return state;
}

/**
 * A page as the reading asks for it: its requests counted (a retry is one more), and a 429 left
 * to the reading's pool, which slows down and tries again; other failures are tried again as the
 * query client tries them everywhere.
 */
function forTheReading<TData, TKey extends QueryKey>(
  queryClient: QueryClient,
  counter: { requests: number },
  options: FetchQueryOptions<TData, ApiError, TData, TKey>,
): FetchQueryOptions<TData, ApiError, TData, TKey> {
  const { queryFn } = options;
  if (typeof queryFn !== 'function') return options;
  const retry = queryClient.getDefaultOptions().queries?.retry;
  return {
    ...options,
    queryFn: (context) => {
      counter.requests += 1;
      return queryFn(context);
    },
    retry: (failureCount, error) => {
      if (error.status === 429) return false;
      if (typeof retry === 'function') return retry(failureCount, error);
      if (typeof retry === 'number') return failureCount < retry;
      return retry ?? shouldRetry(failureCount, error);
    },
  };
}

interface ReadOptions {
  queryClient: QueryClient;
  /** The category and prices that narrow the reading. */
  filters: ProductFilters;
  signal: AbortSignal;
  onProgress?: ((progress: ScanProgress<Product>) => void) | undefined;
  /** The most requests at a go (MAX_SCAN_REQUESTS unless a test says otherwise). */
  maxRequests?: number | undefined;
}

/** A reading of the list, its requests counted where the query client makes them. */
function newScan(
  options: Pick<ReadOptions, 'queryClient' | 'filters' | 'maxRequests'>,
  isMatch: (product: Product) => boolean,
  how: { take?: 'anywhere'; stopAtFirst?: boolean; maxMatches?: number },
): ListScan<Product> {
  const { queryClient } = options;
  const counter = { requests: 0 };
  const fetchPage: FetchProductsPage = (params, signal) =>
    cancellableFetchQuery(
      queryClient,
      forTheReading(queryClient, counter, productsScanPageQueryOptions(params)),
      signal,
    );
  return new ListScan<Product>({
    readPage: pageReader(fetchPage, options.filters),
    pageSize: SCAN_PAGE_SIZE,
    isMatch,
    idOf: (product) => product.id,
    maxMatches: MAX_SCAN_MATCHES,
    maxRequests: options.maxRequests ?? MAX_SCAN_REQUESTS,
    requests: () => counter.requests,
    ...how,
  });
}

async function read(
  options: ReadOptions,
  kind: SearchKind,
  text: string,
  isMatch: (product: Product) => boolean,
): Promise<ProductSearchResult> {
  const states = statesOf(options.queryClient);
  const key = stateKey(kind, text, options.filters);
  const state = stateFor(states, key, () =>
    newScan(options, isMatch, kind === 'id' ? { take: 'anywhere', stopAtFirst: true } : {}),
  );
  const result = await state.scan.run(
    AbortSignal.any([options.signal, state.cancel.signal]),
    options.onProgress,
  );
  // Read to the end, or found: nothing to go on with. Asked again, the API is read afresh.
  if (result.stop === 'end' || result.stop === 'found') states.delete(key);
  return result;
}

/**
 * The product with this id: from the in-tab index at once, else by reading the list under the
 * filters until it turns up (`found`), to its end (`end`: no such product there), or to a bound.
 */
export async function lookUpProduct(
  options: ReadOptions & { id: string },
): Promise<ProductSearchResult> {
  const seen = seenProduct(options.queryClient, options.id);
  if (seen) {
    return {
      stop: 'found',
      matches: [seen],
      requests: 0,
      rows: 0,
      searched: 0,
      total: undefined,
      changed: false,
      fromIndex: true,
    };
  }
  const result = await read(options, 'id', options.id, (product) => product.id === options.id);
  if (result.stop === 'found') rememberProducts(options.queryClient, result.matches);
  return result;
}

/** Find product: every product whose name holds the words, under the filters, in list order. */
export function findProducts(
  options: ReadOptions & { text: string },
): Promise<ProductSearchResult> {
  return read(options, 'words', options.text, nameMatcher(options.text));
}

/** The reading kept for these words or this id under these filters, if one is. */
function keptState(
  queryClient: QueryClient,
  kind: SearchKind,
  text: string,
  filters: ProductFilters,
) {
  return statesOf(queryClient).get(stateKey(kind, text, filters));
}

/** Stops a reading; what it found stays. */
export function cancelProductSearch(
  queryClient: QueryClient,
  kind: SearchKind,
  text: string,
  filters: ProductFilters,
): void {
  keptState(queryClient, kind, text, filters)?.cancel.abort();
}

/** Go on reading past the bound it stopped at. */
export function raiseProductSearchBound(
  queryClient: QueryClient,
  kind: SearchKind,
  text: string,
  filters: ProductFilters,
): void {
  keptState(queryClient, kind, text, filters)?.scan.raise();
}

/**
 * What looking up one id of many came to: the product, no such product (the whole list was read),
 * unfinished (a bound on requests stopped the reading: which, and how far it got), or cancelled.
 */
export type ProductIdAnswer =
  | { kind: 'found'; product: Product }
  | { kind: 'not-found' }
  | { kind: 'unfinished'; rows: number; total: number; bound: RequestBound }
  | { kind: 'cancelled' };

export interface ProductsLookUpOptions {
  queryClient: QueryClient;
  ids: readonly string[];
  signal: AbortSignal;
  onProgress?: ((progress: { rows: number; total: number | undefined }) => void) | undefined;
  /** The most requests (MAX_SCAN_REQUESTS unless a test says otherwise). */
  maxRequests?: number | undefined;
}

/**
 * Many products by id at once (Look up many): the in-tab index first, then one reading of the
 * whole list, unfiltered, taking the wanted ids wherever they sit and stopping once all are in, at
 * the end of the list, or at the bound on requests. One reading for all: a reading per id would
 * read the list once for each. Nothing is kept for a second call; the products found are
 * remembered, so a second call asks only for the rest. Every id gets an answer; a failed page
 * rejects, as the other readings do.
 */
export async function lookUpProducts(
  options: ProductsLookUpOptions,
): Promise<Map<string, ProductIdAnswer>> {
  const answers = new Map<string, ProductIdAnswer>();
  const wanted = new Set<string>();
  for (const id of options.ids) {
    const seen = seenProduct(options.queryClient, id);
    if (seen) answers.set(id, { kind: 'found', product: seen });
    else wanted.add(id);
  }
  if (wanted.size === 0) return answers;
  const scan = newScan(
    { queryClient: options.queryClient, filters: {}, maxRequests: options.maxRequests },
    (product) => wanted.has(product.id),
    { take: 'anywhere', maxMatches: wanted.size },
  );
  const result = await scan.run(options.signal, ({ rows, total }) =>
    options.onProgress?.({ rows, total }),
  );
  rememberProducts(options.queryClient, result.matches);
  for (const product of result.matches) answers.set(product.id, { kind: 'found', product });
  const missing = missingAnswer(result);
  for (const id of wanted) if (!answers.has(id)) answers.set(id, missing);
  return answers;
}

/** An id the reading did not find: by why it stopped. */
function missingAnswer(result: ScanResult<Product>): ProductIdAnswer {
  if (result.stop === 'cancelled') return { kind: 'cancelled' };
  if (result.stop === 'requests') {
    return {
      kind: 'unfinished',
      rows: result.rows,
      total: result.total ?? 0,
      bound: result.bound ?? 'cap',
    };
  }
  // `end`; never `matches`, which only all found reaches.
  return { kind: 'not-found' };
}
