import type { QueryClient } from '@tanstack/react-query';
import { currentProfileKey } from '../../lib/api-profile';
import { forgetOnSignOut } from '../../lib/forget-on-sign-out';
import { foldText, normaliseQuery } from '../../lib/list-search/text-fold';
import type { Product } from './api/products-api';

/**
 * Every product this tab has seen (table pages, exports, lookups, searches), in memory only. The
 * API has no request for one product, so this is the only way to one without reading the list:
 * a product link, Find product and the command menu look here first, and a product found once
 * opens at once the next time.
 */

interface Entry {
  product: Product;
  foldedName: string;
}

/** About 20 MB at most (descriptions included); the oldest seen go first. */
export const MAX_SEEN_PRODUCTS = 50_000;

/** Per API profile (lib/api-profile.ts): products of one API are never offered in another. */
const seenByProfile = new Map<string, Map<string, Entry>>();

function seenOf(profileKey = currentProfileKey()): Map<string, Entry> {
  let seen = seenByProfile.get(profileKey);
  if (!seen) {
    seen = new Map();
    seenByProfile.set(profileKey, seen);
  }
  return seen;
}

const listeners = new Set<() => void>();

/** For useSyncExternalStore: told whenever products are remembered or forgotten. */
export function subscribeSeenProducts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function changed(): void {
  for (const listener of listeners) listener();
}

export function rememberProducts(products: readonly Product[], profileKey?: string): void {
  const seen = seenOf(profileKey);
  for (const product of products) {
    // Re-inserted, so the Map's order stays oldest-seen first.
    seen.delete(product.id);
    seen.set(product.id, { product, foldedName: foldText(product.name) });
  }
  for (const id of seen.keys()) {
    if (seen.size <= MAX_SEEN_PRODUCTS) break;
    seen.delete(id);
  }
  changed();
}

/** The product with this id, as the tab last saw it. */
export function seenProduct(id: string): Product | undefined {
  return seenOf().get(id)?.product;
}

const watched = new WeakSet<QueryClient>();

export function indexProductsFrom(queryClient: QueryClient): void {
  if (watched.has(queryClient)) return;
  watched.add(queryClient);
  // A query client belongs to one profile: its answers go to that profile's index, even when they
  // arrive after a switch to another.
  const profileKey = currentProfileKey();
  const cache = queryClient.getQueryCache();
  for (const query of cache.getAll()) take(query.queryKey, query.state.data, profileKey);
  cache.subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'success') {
      take(event.query.queryKey, event.query.state.data, profileKey);
    }
  });
}

/** Products in an answer about products: a page's `data`, a search's `matches`. */
function take(queryKey: readonly unknown[], data: unknown, profileKey: string): void {
  if (queryKey[0] !== 'products' || typeof data !== 'object' || data === null) return;
  const found: Product[] = [];
  for (const key of ['data', 'matches'] as const) {
    const list = (data as Record<string, unknown>)[key];
    if (Array.isArray(list)) for (const item of list) if (isProduct(item)) found.push(item);
  }
  if (found.length > 0) rememberProducts(found, profileKey);
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

/** Sign-out of an API forgets the products seen through it. */
export function forgetSeenProducts(profileKey?: string): void {
  seenOf(profileKey).clear();
  changed();
}
forgetOnSignOut(forgetSeenProducts);

export function seenProductCount(): number {
  return seenOf().size;
}

/**
 * Up to `limit` seen products for what is typed: an id that starts with it, or a name with a word
 * that starts with it (case and accents aside), most recently seen first. Names that start with
 * it come before names that only contain it.
 */
export function suggestSeenProducts(text: string, limit = 8): Product[] {
  const query = foldText(normaliseQuery(text));
  if (query.length < 2) return [];
  const starts: Product[] = [];
  const words: Product[] = [];
  const entries = [...seenOf().values()];
  for (let i = entries.length - 1; i >= 0 && starts.length < limit; i -= 1) {
    const { product, foldedName } = entries[i] as Entry;
    if (foldedName.startsWith(query) || product.id.toLowerCase().startsWith(query)) {
      starts.push(product);
    } else if (words.length < limit && foldedName.includes(` ${query}`)) {
      words.push(product);
    }
  }
  return [...starts, ...words].slice(0, limit);
}
