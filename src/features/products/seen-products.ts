import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { seenIndexPerClient } from '../../lib/seen-index-client';
import type { Product } from './api/products-api';

/**
 * Every product this tab has seen (table pages, exports, lookups, searches), in memory only. The
 * API has no request for one product, so this is the only way to one without reading the list:
 * a product link, Find product and the command menu look here first, and a product found once
 * opens at once the next time.
 */

/** About 20 MB at most (descriptions included); the oldest seen go first. */
export const MAX_SEEN_PRODUCTS = 50_000;

/** Per query client, so per API profile, and forgotten with its memory at sign-out. */
const seenProductsOf = seenIndexPerClient<Product>({
  max: MAX_SEEN_PRODUCTS,
  idOf: (product) => product.id,
  nameOf: (product) => product.name,
  take,
});

/** Starts taking in the products of the client's answers, those it holds now and those to come. */
export function indexProductsFrom(queryClient: QueryClient): void {
  seenProductsOf(queryClient);
}

export function rememberProducts(queryClient: QueryClient, products: readonly Product[]): void {
  seenProductsOf(queryClient).remember(products);
}

/** The product with this id, as the tab last saw it. */
export function seenProduct(queryClient: QueryClient, id: string): Product | undefined {
  return seenProductsOf(queryClient).get(id);
}

/** Products in an answer about products: a page's `data`, a search's `matches`. */
function take(queryKey: QueryKey, data: unknown): Product[] {
  if (queryKey[0] !== 'products' || typeof data !== 'object' || data === null) return [];
  const found: Product[] = [];
  for (const key of ['data', 'matches'] as const) {
    const list = (data as Record<string, unknown>)[key];
    if (Array.isArray(list)) for (const item of list) if (isProduct(item)) found.push(item);
  }
  return found;
}

function isProduct(value: unknown): value is Product {
  if (typeof value !== 'object' || value === null) return false;
  const { id, name, description, price, category } = value as Record<string, unknown>;
  return (
    typeof id === 'string' &&
    typeof name === 'string' &&
    typeof description === 'string' &&
    typeof category === 'string' &&
    typeof price === 'number' &&
    Number.isFinite(price)
  );
}

export function seenProductCount(queryClient: QueryClient): number {
  return seenProductsOf(queryClient).size();
}

/**
 * Up to `limit` seen products for what is typed: an id that starts with it, or a name with a word
 * that starts with it (case and accents aside), most recently seen first. Names that start with
 * it come before names that only contain it.
 */
export function suggestSeenProducts(queryClient: QueryClient, text: string, limit = 8): Product[] {
  return seenProductsOf(queryClient).suggest(text, limit);
}
