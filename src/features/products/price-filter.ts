import { tooLongProblem } from '../../lib/input-limits';

/** What the price boxes and the URL accept: up to 9 digits, a point, up to 2 decimals. */
const PRICE = /^(?:\d{1,9}(?:\.\d{0,2})?|\.\d{1,2})$/;

export type PriceCheck = { ok: true; value: number | undefined } | { ok: false; problem: string };

/**
 * Reads one price box. Empty means "no bound". The limits also keep `String(value)` out of
 * exponent notation, which the API would not read as a number.
 */
export function checkPrice(text: string): PriceCheck {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: true, value: undefined };
  // Said first: a 200,000-character paste is not worth describing digit by digit.
  const tooLong = tooLongProblem(trimmed, 'A price');
  if (tooLong) return { ok: false, problem: tooLong };
  if (PRICE.test(trimmed)) return { ok: true, value: Number(trimmed) };
  if (trimmed.startsWith('-') && PRICE.test(trimmed.slice(1))) {
    return { ok: false, problem: 'A price cannot be negative.' };
  }
  if (/^\d+\.\d{3,}$/.test(trimmed)) {
    return { ok: false, problem: 'Use at most 2 decimal places, such as 10.50.' };
  }
  if (/^\d{10,}(?:\.\d*)?$/.test(trimmed)) {
    return { ok: false, problem: 'Enter a price below 1,000,000,000.' };
  }
  return { ok: false, problem: 'Enter a number, such as 10 or 10.50.' };
}

export type ProductFilters = {
  category?: string | undefined;
  minPrice?: number | undefined;
  maxPrice?: number | undefined;
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
    if (min.value > max.value) {
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
    minPrice: filters.minPrice === undefined ? '' : String(filters.minPrice),
    maxPrice: filters.maxPrice === undefined ? '' : String(filters.maxPrice),
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
