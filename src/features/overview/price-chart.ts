import { formatCount } from '../../lib/format';
import type { PriceRange, PriceRanges } from './price-bins';

/**
 * The **Prices** chart's words: each range as a bar (its label, and the products table with its
 * inclusive bounds), and the summary that says what the ranges show, a price most products share,
 * and anything the API's filters left unsure. Numbers are written with thousands separators.
 */

export interface PriceBar {
  label: string;
  count: number;
  to: string;
}

/** Exact decimal text with thousands grouped ("1234567.5" → "1,234,567.5"), decimals as they are. */
export function groupDecimal(text: string, minDecimals = 0): string {
  const negative = text.startsWith('-');
  const [whole = '', fraction = ''] = (negative ? text.slice(1) : text).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const decimals = fraction.padEnd(minDecimals, '0');
  return `${negative ? '-' : ''}${grouped}${decimals === '' ? '' : `.${decimals}`}`;
}

/** "1,000–1,999.99", one price as prices are shown ("9.99", "0.00"), or "Below 0". */
export function priceRangeLabel(range: PriceRange): string {
  if (range.min === undefined) return 'Below 0';
  if (range.min === range.max) return groupDecimal(range.min, 2);
  return `${groupDecimal(range.min)}–${groupDecimal(range.max)}`;
}

export function priceBars(result: PriceRanges): PriceBar[] {
  return result.ranges.map((range) => {
    const params = new URLSearchParams();
    if (range.min !== undefined) params.set('min_price', range.min);
    params.set('max_price', range.max);
    return {
      label: priceRangeLabel(range),
      count: range.count,
      to: `/products?${params.toString()}`,
    };
  });
}

const products = (count: number) => `${formatCount(count)} ${count === 1 ? 'product' : 'products'}`;

export function priceSummary({ ranges, fit, unplaced }: PriceRanges): string {
  const first = ranges[0];
  const last = ranges.at(-1);
  if (!first || !last) return 'No products.';
  const total = ranges.reduce((sum, range) => sum + range.count, 0) + unplaced;
  const largest = ranges.reduce((best, range) => (range.count > best.count ? range : best));
  const shared = largest.min === largest.max && largest.count * 2 > total && fit === 'exact';
  const from = first.min === undefined ? 'below 0' : groupDecimal(first.min);
  const span = `from ${from} to ${groupDecimal(last.max)}, in ${ranges.length} ${ranges.length === 1 ? 'range' : 'ranges'}`;
  const sentences = shared
    ? [
        `Most products (${formatCount(largest.count)} of ${formatCount(total)}) cost exactly ${priceRangeLabel(largest)}.`,
        `Prices run ${span}.`,
      ]
    : [
        `${products(total)} priced ${span} with round edges, narrower where prices crowd.`,
        `The largest range is ${priceRangeLabel(largest)}, with ${products(largest.count)}.`,
      ];
  if (fit === 'gaps') {
    sentences.push(
      `${products(unplaced)} ${unplaced === 1 ? 'has a price' : 'have prices'} with more decimals than these ranges separate, so no range holds ${unplaced === 1 ? 'it' : 'them'}.`,
    );
  }
  if (fit === 'max-price-ignored') {
    sentences.push(
      'This API does not apply max_price, so each count is of the products from where its range starts to where the next starts, and its link may list more.',
    );
  }
  return sentences.join(' ');
}
