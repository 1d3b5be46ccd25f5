import type { QueryClient } from '@tanstack/react-query';
import { suggestSeenProducts } from '../../features/products/seen-products';
import { apiLine } from '../../lib/display-text';
import { parseProductReference, productPath } from '../../lib/product-reference';

/** What the command menu offers for products: where it goes (the Products page does the rest). */
export interface ProductCommand {
  id: string;
  label: string;
  to: string;
}

/**
 * A product the typed text names (its id, or a pasted product link), and the products this tab
 * has seen whose name (a word of it) or id the text starts, case and accents aside, with no
 * request. The Products page opens the product wherever it sits in the list.
 */
export function productCommands(
  queryClient: QueryClient,
  text: string,
  limit = 5,
): { named: ProductCommand | undefined; seen: ProductCommand[] } {
  const reference = text.trim() === '' ? undefined : parseProductReference(text);
  const named = reference && {
    id: `product:${reference.id}`,
    label: `Open product ${reference.id}`,
    to: productPath(reference),
  };
  const seen = suggestSeenProducts(queryClient, text, limit)
    .filter((product) => product.id !== reference?.id)
    .map((product) => ({
      id: `seen-product:${product.id}`,
      label: `Open product ${apiLine(product.name, 80)} (${apiLine(product.id, 40)})`,
      to: productPath({ id: product.id }),
    }));
  return { named, seen };
}

/** Find product for words typed: every product whose name holds them (the Products page's search). */
export function findProductCommand(words: string): ProductCommand {
  const search = new URLSearchParams({ find: words });
  return {
    id: 'find-product',
    label: `Find product “${words}”`,
    to: `/products?${search.toString()}`,
  };
}
