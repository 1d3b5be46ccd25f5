/** The page sizes the Rows per page select offers; the API allows at most 100. */
export const PAGE_SIZES = [10, 25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 50;

export type PageParams = { page: number; limit: number };

/** A missing, non-numeric or non-positive page is page 1. */
export function parsePageParam(raw: string | null): number {
  if (raw === null || !/^\d+$/.test(raw)) return 1;
  const page = Number(raw);
  return Number.isSafeInteger(page) && page >= 1 ? page : 1;
}

/**
 * Only the sizes the select offers are kept, so the select always shows the size in effect: an
 * out-of-range number is clamped (5000 → 100) and an in-between one snaps to the nearest size.
 */
export function parseLimitParam(raw: string | null): number {
  if (raw === null || !/^\d+$/.test(raw)) return DEFAULT_PAGE_SIZE;
  const limit = Number(raw);
  if (!Number.isSafeInteger(limit) || limit < 1) return DEFAULT_PAGE_SIZE;
  let nearest: number = PAGE_SIZES[0];
  for (const size of PAGE_SIZES) {
    if (Math.abs(size - limit) <= Math.abs(nearest - limit)) nearest = size;
  }
  return nearest;
}

/** Writes page and limit, leaving out the defaults so plain links stay short. */
export function writePageParams(search: URLSearchParams, { page, limit }: PageParams): void {
  if (page !== 1) search.set('page', String(page));
  if (limit !== DEFAULT_PAGE_SIZE) search.set('limit', String(limit));
}

/** The last page that has rows; 1 for an empty result, so there is always a page to show. */
export function lastPageFor(total: number, limit: number): number {
  return Math.max(1, Math.ceil(total / limit));
}
