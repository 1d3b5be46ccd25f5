// A fixed locale: the UI contract promises "1–50 of 1,000", whatever the browser's language.
const LOCALE = 'en-US';

// Made on first use, not at start-up (see src/lib/time.ts).
let countFormat: Intl.NumberFormat | undefined;

export function formatCount(value: number): string {
  return (countFormat ??= new Intl.NumberFormat(LOCALE)).format(value);
}

/**
 * The table's range text, e.g. "1–50 of 1,000" (en dash), from the rows actually returned: an API
 * whose `meta.total` disagrees with its `data` cannot make the console claim rows it does not
 * show. "0 of N" when the page is empty.
 */
export function formatRange(
  { page, limit, total }: { page: number; limit: number; total: number },
  rows: number,
) {
  const first = (page - 1) * limit + 1;
  if (rows <= 0) return `0 of ${formatCount(Math.max(total, 0))}`;
  const last = first + Math.min(rows, limit) - 1;
  return `${formatCount(first)}–${formatCount(last)} of ${formatCount(Math.max(total, last))}`;
}
