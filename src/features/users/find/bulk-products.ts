import type { QueryClient } from '@tanstack/react-query';

/**
 * Look up many takes product ids beside user ids. Products are the products feature's, which this
 * one may not import: the app hands in how to load their lookup (with the first paste that holds a
 * product id, never on the page's first render). The API has no product by id, so the lookup reads
 * the list once for all the ids of a paste (the in-tab index first) and stops when all are found.
 */

/** A product found, as a result row shows it (its link is lib/product-reference.ts's productPath). */
export interface FoundProduct {
  id: string;
  name: string;
}

export type ProductAnswer =
  | { kind: 'found'; product: FoundProduct }
  /** The whole list was read: there is no such product. */
  | { kind: 'not-found' }
  /** The reading stopped at its bound on requests before the end: not among the rows read. */
  | { kind: 'unfinished'; rows: number; total: number }
  | { kind: 'cancelled' };

export interface ProductsProgress {
  rows: number;
  total: number | undefined;
}

/** Every id's answer, after one reading of the list for all of them. */
export type LookUpProducts = (
  ids: readonly string[],
  options: { signal: AbortSignal; onProgress: (progress: ProductsProgress) => void },
) => Promise<ReadonlyMap<string, ProductAnswer>>;

export type LoadProductLookup = (queryClient: QueryClient) => Promise<LookUpProducts>;
