import type { QueryClient } from '@tanstack/react-query';
import { lookUpProducts } from '../features/products/product-search';
import type { LookUpProducts, ProductAnswer } from '../features/users/find/bulk-products';

/**
 * Look up many's product ids (the page is the users feature's, the reading the products
 * feature's: the app joins them). Loaded with the first paste that holds a product id. One
 * reading of the list answers every id of the paste.
 */
export function productLookup(queryClient: QueryClient): LookUpProducts {
  return async (ids, { signal, onProgress }) => {
    const answers = await lookUpProducts({ queryClient, ids, signal, onProgress });
    const shown = new Map<string, ProductAnswer>();
    for (const [id, answer] of answers) {
      shown.set(
        id,
        answer.kind === 'found'
          ? { kind: 'found', product: { id: answer.product.id, name: answer.product.name } }
          : answer.kind === 'unfinished'
            ? { kind: 'unfinished', rows: answer.rows, total: answer.total }
            : answer,
      );
    }
    return shown;
  };
}
