import { formatCount } from '../../lib/format';
import type { ProductFilters } from './price-filter';
import type { ScanResult } from '../../lib/list-search/list-scan';
import { MAX_SCAN_REQUESTS } from './product-search';

/**
 * What a reading of the products list says about itself, in the words the lookup and Find product
 * share: the view it read, how much, and which bound stopped it.
 */

export function countOf(count: number, one: string, many: string): string {
  return `${formatCount(count)} ${count === 1 ? one : many}`;
}

export function requestsText(requests: number): string {
  return countOf(requests, 'request', 'requests');
}

/** ` in category “Books”, priced 10 to 20`: the filters a reading was narrowed by, or nothing. */
export function filtersPhrase({ category, minPrice, maxPrice }: ProductFilters): string {
  const parts: string[] = [];
  if (category !== undefined) parts.push(` in category “${category}”`);
  if (minPrice !== undefined && maxPrice !== undefined) {
    parts.push(` priced ${minPrice} to ${maxPrice}`);
  } else if (minPrice !== undefined) {
    parts.push(` priced ${minPrice} or more`);
  } else if (maxPrice !== undefined) {
    parts.push(` priced at most ${maxPrice}`);
  }
  return parts.join(',');
}

/** How far a reading got: `1,200 of 5,000 products`. */
export function readText(rows: number, total: number | undefined): string {
  return total === undefined
    ? countOf(rows, 'product', 'products')
    : `${formatCount(Math.min(rows, total))} of ${countOf(total, 'product', 'products')}`;
}

/** Why a reading stopped before the end of the list, when a bound stopped it. */
export function boundNote(result: ScanResult<unknown>): string | undefined {
  if (result.stop === 'matches') {
    return `The reading stopped at ${countOf(result.matches.length, 'match', 'matches')}, having read ${readText(result.rows, result.total)}: its bound on matches.`;
  }
  if (result.stop !== 'requests') return undefined;
  const read = `after ${requestsText(result.requests)}, having read ${readText(result.rows, result.total)}`;
  return result.bound === 'cap'
    ? `The reading stopped ${read}: its bound of ${formatCount(MAX_SCAN_REQUESTS)} requests at a go.`
    : `The reading stopped ${read}: its bound, the pages the list’s first total fills and a tenth more (for products added meanwhile).`;
}
