import type { HttpHandler } from 'msw';
import { apiGet, type MockContext } from '../api-route.ts';
import { invalidParameter, pageParams, priceParam, singleParam } from '../http-utils.ts';

export function productHandlers(context: MockContext): HttpHandler[] {
  return [
    apiGet(
      context,
      { path: '/v1/products', scope: 'products:read', kind: 'list' },
      ({ url, token }) => {
        const params = new URLSearchParams(url.searchParams);
        for (const name of context.scenarios.ignoredProductFiltersFor(token)) params.delete(name);
        const minPrice = priceParam(params, 'min_price');
        const maxPrice = priceParam(params, 'max_price');
        if (minPrice !== undefined && maxPrice !== undefined && minPrice > maxPrice) {
          throw invalidParameter('min_price must not be greater than max_price');
        }
        // An unknown category is not an error: it just matches nothing, as a filter should.
        const category = singleParam(params, 'category');
        const prices = context.scenarios.productPricesFor(token);
        return context.db.listProducts({
          ...pageParams(params),
          category,
          minPrice,
          maxPrice,
          prices,
        });
      },
    ),
  ];
}
