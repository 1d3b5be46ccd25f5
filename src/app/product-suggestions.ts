import type { QueryClient } from '@tanstack/react-query';
import { indexProductsFrom, suggestSeenProducts } from '../features/products/seen-products';
import type { SuggestProducts } from '../features/users/product-suggestion';
import { productPath } from '../lib/product-reference';

/**
 * The header's Find box suggests the products this tab has seen beside its users (the box is the
 * users feature's, the index the products feature's: the app joins them). Loaded with the box's
 * first use; the index takes in what the query cache holds by then, then every answer after.
 */
export function productSuggestions(queryClient: QueryClient): SuggestProducts {
  indexProductsFrom(queryClient);
  return (text, limit) =>
    suggestSeenProducts(queryClient, text, limit).map((product) => ({
      id: product.id,
      name: product.name,
      to: productPath({ id: product.id }),
    }));
}
