import { compareDecimals, plainDecimal } from '../../lib/decimal';
import { formatCount } from '../../lib/format';
import type { Product } from './api/products-api';
import { foldCategory } from './category-match';
import { checkPrice } from './price-filter';

/**
 * Find product's **Filter matches**: the matches in hand narrowed by words of their description
 * and by price (inclusive, every decimal), with no request. A price the box cannot read narrows
 * nothing and says why.
 */

export interface ProductMatchFilter {
  description: string;
  /** As typed; read with the price filters' rules (price-filter.ts). */
  from: string;
  to: string;
}
export const NO_MATCH_FILTER: ProductMatchFilter = { description: '', from: '', to: '' };

export function filterProductMatches(
  matches: readonly Product[],
  filter: ProductMatchFilter,
): readonly Product[] {
  const words = foldCategory(filter.description).split(/\s+/u).filter(Boolean);
  const from = boundOf(filter.from);
  const to = boundOf(filter.to);
  if (words.length === 0 && from === undefined && to === undefined) return matches;
  return matches.filter((product) => {
    if (words.length > 0) {
      const description = foldCategory(product.description);
      if (!words.every((word) => description.includes(word))) return false;
    }
    const price = plainDecimal(product.price);
    if (from !== undefined && compareDecimals(price, from) < 0) return false;
    return to === undefined || compareDecimals(price, to) <= 0;
  });
}

function boundOf(text: string): string | undefined {
  const checked = checkPrice(text);
  return checked.ok ? checked.value : undefined;
}

/** **Filter matches**: by words of the description and by price, over the matches in hand. */
export function ProductMatchFilters({
  filter,
  onChange,
  shown,
  total,
}: {
  filter: ProductMatchFilter;
  onChange: (filter: ProductMatchFilter) => void;
  shown: number;
  total: number;
}) {
  const input =
    'rounded-md border border-slate-300 bg-white px-2 py-1 text-sm dark:border-slate-600 dark:bg-slate-800';
  const problems = [filter.from, filter.to]
    .map((text) => checkPrice(text))
    .flatMap((checked) => (checked.ok ? [] : [checked.problem]));
  return (
    <fieldset className="flex flex-wrap items-end gap-3 text-sm">
      <legend className="mb-1 font-medium">Filter matches</legend>
      <label className="flex flex-col gap-1">
        Description contains
        <input
          type="search"
          value={filter.description}
          onChange={(event) => onChange({ ...filter, description: event.target.value })}
          className={input}
        />
      </label>
      <label className="flex flex-col gap-1">
        Price from
        <input
          inputMode="decimal"
          value={filter.from}
          onChange={(event) => onChange({ ...filter, from: event.target.value })}
          className={`${input} w-28`}
        />
      </label>
      <label className="flex flex-col gap-1">
        Price to
        <input
          inputMode="decimal"
          value={filter.to}
          onChange={(event) => onChange({ ...filter, to: event.target.value })}
          className={`${input} w-28`}
        />
      </label>
      {shown !== total && (
        <span className="pb-1">
          {formatCount(shown)} of {formatCount(total)} matches shown
        </span>
      )}
      {problems.length > 0 && (
        <span className="pb-1 text-red-800 dark:text-red-200">{problems[0]}</span>
      )}
    </fieldset>
  );
}
