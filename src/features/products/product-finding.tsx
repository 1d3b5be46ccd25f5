import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { lazyModule } from '../../components/lazy-module';
import type { Product } from './api/products-api';
import { FindProductBox } from './find-product-box';
import type { ProductReference } from '../../lib/product-reference';
import type { ProductFilters } from './price-filter';
import type { ProductsListParams } from './products-search-params';
import { indexProductsFrom } from './seen-products';
import { useModule } from './use-module';

/**
 * Find product's part of the Products page, loaded after the page's first paint (the table's):
 * its box; a `product=` link's lookup when the product is not on the page; its matches while it
 * searches words. And the in-tab index, which takes the pages cached before it came. The lookup
 * and the matches load when first needed.
 */
const loadLookup = lazyModule(() => import('./product-lookup'));
const loadMatches = lazyModule(() => import('./product-matches'));

export function ProductFinding({
  params,
  filters,
  lookUp,
  navigate,
  onProduct,
  onWords,
  onOpen,
  onFound,
  onDismiss,
}: {
  params: ProductsListParams;
  filters: ProductFilters;
  /** The URL names a product that is not on the page: look it up. */
  lookUp: boolean;
  navigate: (params: ProductsListParams) => void;
  /** A product id or link typed: its details, in the view the link names (or this one). */
  onProduct: (reference: ProductReference) => void;
  /** Words typed: the products whose name holds them; none ends the search. */
  onWords: (words: string | undefined) => void;
  onOpen: (product: Product) => void;
  /** The looked-up product: the page opens its details. */
  onFound: (product: Product) => void;
  /** Closes the lookup's notice, as closing the details would. */
  onDismiss: () => void;
}) {
  const queryClient = useQueryClient();
  // Every product this tab sees, for links, Find product and the command menu (seen-products.ts).
  useEffect(() => indexProductsFrom(queryClient), [queryClient]);
  const openId = params.product;
  const searching = params.find !== undefined;
  const [Lookup, lookupProblem] = useModule(loadLookup, lookUp, 'The product lookup');
  const [Matches, matchesProblem] = useModule(loadMatches, searching, 'Find product');
  return (
    <>
      <FindProductBox words={params.find ?? ''} onWords={onWords} onProduct={onProduct} />
      <p aria-live="polite" className="text-sm text-red-800 empty:hidden dark:text-red-200">
        {lookupProblem || matchesProblem}
      </p>
      {lookUp && Lookup && openId !== undefined && (
        <Lookup.ProductLookup
          key={`${openId}\u0000${JSON.stringify(filters)}`}
          id={openId}
          filters={filters}
          onFound={onFound}
          onDismiss={onDismiss}
          onWiden={() => navigate({ page: 1, limit: params.limit, product: openId })}
        />
      )}
      {searching && Matches && (
        <Matches.ProductMatches
          key={`${params.find}\u0000${JSON.stringify(filters)}`}
          text={params.find ?? ''}
          filters={filters}
          onOpen={onOpen}
          onClear={() => onWords(undefined)}
        />
      )}
    </>
  );
}
