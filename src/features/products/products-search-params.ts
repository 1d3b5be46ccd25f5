import {
  parseLimitParam,
  parsePageParam,
  writePageParams,
} from '../../components/data-table/page-params';
import { MAX_FILTER_LENGTH } from '../../lib/input-limits';
import { compareDecimals } from '../../lib/decimal';
import { checkPrice, type Price, type ProductFilters } from './price-filter';

/**
 * What the products list shows, as read from its URL; the API module takes it as it is. It lives
 * here, below the API module, so that imports go one way (the API needs pricesConflict too).
 */
export type ProductsListParams = {
  page: number;
  limit: number;
  category?: string | undefined;
  minPrice?: Price | undefined;
  maxPrice?: Price | undefined;
  /**
   * The product whose details are open (`product=<id>`): part of the URL so a product can be
   * linked, but not of what is fetched (see listParamsOf).
   */
  product?: string | undefined;
  /**
   * Find product's words (`find=`): the page lists the products whose name holds them, under the
   * filters, instead of one page of the list. Not fetched with the list either.
   */
  find?: string | undefined;
};

/**
 * The products list's URL, read in one place: `category`, `min_price`, `max_price`, `page`,
 * `limit`, and `product`, the id whose details are open (kept as it is, whatever it holds: the
 * page says calmly when no such product is on it). A filter that is empty, unreadable or longer than the boxes accept (MAX_FILTER_LENGTH:
 * a pasted link must not send what typing cannot) is dropped; `corrected` says the URL should be
 * rewritten. A min above the max is kept, so the page can say so next to the boxes (see
 * pricesConflict); it is never sent to the API.
 */
export function parseProductsSearch(search: URLSearchParams): {
  params: ProductsListParams;
  corrected: boolean;
} {
  const rawCategory = search.get('category')?.trim();
  const category = rawCategory && rawCategory.length <= MAX_FILTER_LENGTH ? rawCategory : undefined;
  const minPrice = priceParam(search.get('min_price'));
  const maxPrice = priceParam(search.get('max_price'));
  const product = search.get('product') || undefined;
  const find = findParam(search.get('find'));
  const params: ProductsListParams = {
    page: parsePageParam(search.get('page')),
    limit: parseLimitParam(search.get('limit')),
    ...definedOnly({ category, minPrice, maxPrice }),
    ...(find === undefined ? {} : { find }),
    ...(product === undefined ? {} : { product }),
  };
  return { params, corrected: serializeProductsSearch(params).toString() !== search.toString() };
}

export function serializeProductsSearch(params: ProductsListParams): URLSearchParams {
  const search = new URLSearchParams();
  if (params.category !== undefined) search.set('category', params.category);
  if (params.minPrice !== undefined) search.set('min_price', params.minPrice);
  if (params.maxPrice !== undefined) search.set('max_price', params.maxPrice);
  if (params.find !== undefined) search.set('find', params.find);
  writePageParams(search, params);
  if (params.product !== undefined) search.set('product', params.product);
  return search;
}

/**
 * What is fetched for a view: its params without the open product or Find product's words, so
 * opening one or searching fetches no other page of the list.
 */
export function listParamsOf(params: ProductsListParams): ProductsListParams {
  if (params.product === undefined && params.find === undefined) return params;
  const { page, limit, category, minPrice, maxPrice } = params;
  return { page, limit, ...definedOnly({ category, minPrice, maxPrice }) };
}

export function filtersOf({ category, minPrice, maxPrice }: ProductsListParams): ProductFilters {
  return { category, minPrice, maxPrice };
}

/** A pasted link's view (its query): its category and prices, the rest aside, invalid ones too. */
export function linkedFilters(view: URLSearchParams): ProductFilters {
  return definedOnly(filtersOf(parseProductsSearch(view).params));
}

/** Without the unset keys, so equal params always make the same query key. */
export function definedOnly(filters: ProductFilters): ProductFilters {
  return Object.fromEntries(
    Object.entries(filters).filter(([, value]) => value !== undefined),
  ) as ProductFilters;
}

/** Words as typed, spaces made single; none, or more than the box takes (a pasted link), is none. */
function findParam(raw: string | null): string | undefined {
  const words = raw?.replace(/\s+/gu, ' ').trim();
  return words && words.length <= MAX_FILTER_LENGTH ? words : undefined;
}

function priceParam(raw: string | null): Price | undefined {
  if (raw === null) return undefined;
  const checked = checkPrice(raw);
  return checked.ok ? checked.value : undefined;
}

/** A min above the max: a filter nothing can match, which the page explains instead of sending. */
export function pricesConflict({ minPrice, maxPrice }: ProductFilters): boolean {
  return (
    minPrice !== undefined && maxPrice !== undefined && compareDecimals(minPrice, maxPrice) > 0
  );
}
