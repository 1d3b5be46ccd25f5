import { canonicalDecimal, compareDecimals, isDecimalText } from '../../lib/decimal';
import { MAX_FILTER_LENGTH, tooLongProblem } from '../../lib/input-limits';

/**
 * A price bound, as canonical decimal text (see canonicalDecimal): "19.999", "10.5", "1000".
 * Text rather than a number, so every digit typed or linked is sent as it is, and two bounds that
 * mean the same number are equal strings.
 */
export type Price = string;

export type PriceCheck = { ok: true; value: Price | undefined } | { ok: false; problem: string };

/**
 * Reads one price box (or a `min_price=` in a link). Empty means "no bound". Any decimal a JSON
 * number can write is taken, with every decimal it has: the spec says only "decimal number", so
 * the console neither rounds nor caps what the API may hold. Exponents (`1e3`) are written out.
 */
export function checkPrice(text: string): PriceCheck {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: true, value: undefined };
  // Said first: a 200,000-character paste is not worth describing digit by digit.
  const tooLong = tooLongProblem(trimmed, 'A price');
  if (tooLong) return { ok: false, problem: tooLong };
  const value = canonicalDecimal(trimmed, MAX_FILTER_LENGTH);
  if (value === undefined) {
    return isDecimalText(trimmed)
      ? { ok: false, problem: 'This price has too many digits once its exponent is written out.' }
      : { ok: false, problem: 'Enter a number, such as 10, 10.50 or 19.999.' };
  }
  if (value.startsWith('-')) return { ok: false, problem: 'A price cannot be negative.' };
  return { ok: true, value };
}

export type ProductFilters = {
  category?: string | undefined;
  minPrice?: Price | undefined;
  maxPrice?: Price | undefined;
};

export type FilterDrafts = { category: string; minPrice: string; maxPrice: string };
export type FilterErrors = Partial<Record<keyof FilterDrafts, string>>;

export type DraftsCheck =
  { ok: true; filters: ProductFilters } | { ok: false; errors: FilterErrors };

/**
 * Checks what is typed in the filter boxes. A min above the max is reported on the box the person
 * changed last, since that is the one they are looking at.
 */
export function checkDrafts(
  drafts: FilterDrafts,
  lastEditedPrice: 'minPrice' | 'maxPrice',
): DraftsCheck {
  const min = checkPrice(drafts.minPrice);
  const max = checkPrice(drafts.maxPrice);
  const errors: FilterErrors = {};
  const category = drafts.category.trim();
  const categoryTooLong = tooLongProblem(category, 'A category');
  if (categoryTooLong) errors.category = categoryTooLong;
  if (!min.ok) errors.minPrice = min.problem;
  if (!max.ok) errors.maxPrice = max.problem;
  if (min.ok && max.ok && min.value !== undefined && max.value !== undefined) {
    if (compareDecimals(min.value, max.value) > 0) {
      errors[lastEditedPrice] =
        lastEditedPrice === 'minPrice'
          ? 'Min price must not be more than max price.'
          : 'Max price must not be less than min price.';
    }
  }
  if (!min.ok || !max.ok || Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    filters: {
      category: category || undefined,
      minPrice: min.value,
      maxPrice: max.value,
    },
  };
}

export function sameFilters(a: ProductFilters, b: ProductFilters): boolean {
  return a.category === b.category && a.minPrice === b.minPrice && a.maxPrice === b.maxPrice;
}

export function hasFilters(filters: ProductFilters): boolean {
  return (
    filters.category !== undefined ||
    filters.minPrice !== undefined ||
    filters.maxPrice !== undefined
  );
}

export function draftsFrom(filters: ProductFilters): FilterDrafts {
  return {
    category: filters.category ?? '',
    minPrice: filters.minPrice ?? '',
    maxPrice: filters.maxPrice ?? '',
  };
}

/**
 * The URL's filters changed under the boxes (Back, a link, Clear filters). Boxes that already mean
 * the same keep their text ("10.50" stays, rather than turning into "10.5" mid-edit); the rest show
 * the URL.
 */
export function reconcileDrafts(drafts: FilterDrafts, filters: ProductFilters): FilterDrafts {
  const fromUrl = draftsFrom(filters);
  const min = checkPrice(drafts.minPrice);
  const max = checkPrice(drafts.maxPrice);
  const next: FilterDrafts = {
    category:
      (drafts.category.trim() || undefined) === filters.category
        ? drafts.category
        : fromUrl.category,
    minPrice: min.ok && min.value === filters.minPrice ? drafts.minPrice : fromUrl.minPrice,
    maxPrice: max.ok && max.value === filters.maxPrice ? drafts.maxPrice : fromUrl.maxPrice,
  };
  const unchanged =
    next.category === drafts.category &&
    next.minPrice === drafts.minPrice &&
    next.maxPrice === drafts.maxPrice;
  return unchanged ? drafts : next;
}
