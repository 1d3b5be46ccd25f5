const PRODUCT_ID = /^prod_[A-Za-z0-9][A-Za-z0-9_-]*$/;

/** What a pasted product id or link names: the product, and the view it was opened in. */
export interface ProductReference {
  id: string;
  /**
   * A link's query: its category and prices say where the product was, which narrows the reading
   * (the Products page reads them: src/features/products/products-search-params.ts).
   */
  view?: URLSearchParams;
}

/**
 * Reads a product id as support pastes it (`prod_…`, the prefix in any case, quotes or brackets
 * and trailing punctuation around it), or a console link to a product
 * (`…/products?category=Books&product=prod_…`, any host, a fragment aside). Anything else is not
 * a product reference: words of a name, say.
 *
 * An id typed all in capitals is read in lower case, which is how the API writes its ids; a suffix
 * in mixed case is kept as typed.
 */
export function parseProductReference(raw: string): ProductReference | undefined {
  const input = raw
    .trim()
    .replace(/^[<("'“‘]+/u, '')
    .replace(/[>)"'”’.,;:!?]+$/u, '');
  const link = /(?:^|\/)products\/?\?([^#\s]*)/u.exec(input);
  if (link) {
    const search = new URLSearchParams(link[1]);
    const id = search.get('product');
    if (id === null) return undefined;
    const candidate = lowerCaseId(id.trim());
    if (!PRODUCT_ID.test(candidate)) return undefined;
    return { id: candidate, view: search };
  }
  const candidate = lowerCaseId(input);
  return PRODUCT_ID.test(candidate) ? { id: candidate } : undefined;
}

/** Whether an id can be a product's at all (the spec: `prod_` and a suffix). */
export function isProductId(id: string): boolean {
  return PRODUCT_ID.test(id);
}

/** `PROD_ABC1` reads as `prod_abc1`, `Prod_aBc` as `prod_aBc`. */
function lowerCaseId(candidate: string): string {
  if (!/^prod_/i.test(candidate)) return candidate;
  if (candidate === candidate.toUpperCase()) return candidate.toLowerCase();
  return `prod_${candidate.slice('prod_'.length)}`;
}

/** What a link's view may say about where a product was: the rest of its query is not kept. */
const VIEW_PARAMS = ['category', 'min_price', 'max_price'] as const;

/**
 * The Products page that opens the product (`/products?…&product=<id>`), in the view a pasted link
 * names: the page takes it from there (the row, the in-tab index, else reading the list).
 */
export function productPath({ id, view }: ProductReference): string {
  const search = new URLSearchParams();
  for (const name of VIEW_PARAMS) {
    const value = view?.get(name);
    if (value) search.set(name, value);
  }
  search.set('product', id);
  return `/products?${search.toString()}`;
}
