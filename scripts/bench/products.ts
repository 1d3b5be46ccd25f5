import type { QueryClient } from '@tanstack/react-query';
import { EDGE_CASE_PRODUCTS, SEARCH_PRODUCTS, SEARCH_PRODUCTS_AT } from '../../src/mocks/data';
import { lookUpProduct } from '../../src/features/products/product-search';
import { consoleTab, recordingFetch, roundTrips, withMockApi, type Call } from './mock-run';

/**
 * A product by its id, against the standalone mock over HTTP with latency added to every request:
 * the API has no request for one product, so the console reads the list (100 rows a request, four
 * at a time through the pool) until the product turns up. Measured with the console's own code in
 * Node (src/features/products/product-search.ts: the in-tab index, the reading, the query client,
 * the API client), for a product at SEARCH_PRODUCTS_AT of the catalogue (page 48 of 50 at 5,000):
 * uncached, then again with the tab's index warm; then with its category given, which narrows
 * the reading; and an id no product has, which reads to the end or to the bound.
 */

export interface ProductFigures {
  what: string;
  products: number;
  latencyMs: number;
  requests: number;
  roundTrips: number;
  ms: number;
}

const PAGE_SIZE = 100;

export async function runProductsBench(options: {
  sizes: readonly number[];
  latencyMs: number;
  portBase: number;
  log: (line: string) => void;
}): Promise<ProductFigures[]> {
  const figures: ProductFigures[] = [];
  const product = SEARCH_PRODUCTS[0];
  if (!product) throw new Error('products: the mock has no product to find.');
  for (const [index, products] of options.sizes.entries()) {
    options.log(`products: starting the mock API with ${products.toLocaleString('en')} products…`);
    const port = options.portBase + 60 + index;
    await withMockApi({ port, users: 10, products }, async (api) => {
      // The mock's category index is built on first use: before the latency and the timing.
      await fetch(
        `${api.url}/v1/products?category=${encodeURIComponent(product.category)}&limit=1`,
        { headers: api.headers },
      );
      await api.scenario({ latencyMs: options.latencyMs });
      const calls: Call[] = [];
      /** A new tab: an empty index (it is the query client's) and cache. */
      const fresh = () => {
        return consoleTab(api, recordingFetch(calls));
      };
      const measure = async (
        queryClient: QueryClient,
        what: string,
        id: string,
        filters: { category?: string },
        expected: 'found' | 'end' | 'requests',
      ) => {
        calls.length = 0;
        const started = performance.now();
        const result = await lookUpProduct({
          queryClient,
          id,
          filters,
          signal: new AbortController().signal,
        });
        const ms = performance.now() - started;
        if (result.stop !== expected && !(expected === 'end' && result.stop === 'requests')) {
          throw new Error(`products: ${what} ended ${result.stop}, not ${expected}.`);
        }
        const row = {
          what:
            expected === 'end' && result.stop === 'requests'
              ? `${what} (stopped at its bound)`
              : what,
          products,
          latencyMs: options.latencyMs,
          requests: calls.length,
          roundTrips: roundTrips(calls),
          ms,
        };
        figures.push(row);
        options.log(
          `products: ${row.what} at ${products.toLocaleString('en')}: ${row.requests} requests, ${row.roundTrips} round trips, ${Math.round(ms)} ms`,
        );
      };
      // Where createDataset puts it: among the generated products, before the edge cases.
      const generated = products - SEARCH_PRODUCTS.length - EDGE_CASE_PRODUCTS.length;
      const page = Math.floor(Math.floor(generated * SEARCH_PRODUCTS_AT) / PAGE_SIZE) + 1;
      const pages = Math.ceil(products / PAGE_SIZE);
      const where = `on page ${page.toLocaleString('en')} of ${pages.toLocaleString('en')}`;
      const tab = fresh();
      await measure(tab, `A product id ${where}, uncached`, product.id, {}, 'found');
      await measure(tab, 'The same id again, cached (in-tab index)', product.id, {}, 'found');
      await measure(
        fresh(),
        'The same id with its category given, uncached',
        product.id,
        { category: product.category },
        'found',
      );
      await measure(fresh(), 'An id no product has', 'prod_doesnotexist', {}, 'end');
    });
  }
  return figures;
}
