import type { QueryClient } from '@tanstack/react-query';
import { lookUpProduct } from '../features/products/product-search';
import type { LookUpProducts, ProductAnswer } from '../features/users/find/bulk-products';

/**
 * Look up many's product ids (the page is the users feature's, the reading the products
 * feature's: the app joins them). Loaded with the first paste that holds a product id.
 */
export function productLookup(queryClient: QueryClient): LookUpProducts {
  return async (ids, { signal, onProgress }) => {
    const shown = new Map<string, ProductAnswer>();
    for (const id of ids) {
      const result = await lookUpProduct({
        queryClient,
        id,
        filters: {},
        signal,
        onProgress: ({ rows, total }) => onProgress({ rows, total }),
      });
      const [product] = result.matches;
      shown.set(
        id,
        result.stop === 'found' && product
          ? { kind: 'found', product: { id: product.id, name: product.name } }
          : result.stop === 'end'
            ? { kind: 'not-found' }
            : result.stop === 'cancelled'
              ? { kind: 'cancelled' }
              : { kind: 'unfinished', rows: result.rows, total: result.total ?? result.rows },
      );
    }
    return shown;
  };
}
