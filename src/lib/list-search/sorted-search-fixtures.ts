import fc from 'fast-check';
import type { Parallel } from '../rank/rank-counter';
import { SortedSearch, type ReadPage } from './sorted-search';
import { foldText } from './text-fold';

/** The sorted search's tests' lists, orders and fake API (sorted-search*.test.ts). */

export interface Row {
  id: string;
  name: string;
}

export type Compare = (a: string, b: string) => number;

export function binary(
  units: (text: string) => number[],
  transform = (text: string) => text,
): Compare {
  return (a, b) => {
    const x = units(transform(a));
    const y = units(transform(b));
    for (let i = 0; i < Math.min(x.length, y.length); i += 1) {
      if (x[i] !== y[i]) return (x[i] as number) - (y[i] as number);
    }
    return x.length - y.length;
  };
}
export const codeUnits = (text: string) =>
  Array.from({ length: text.length }, (_, i) => text.charCodeAt(i));
const codePoints = (text: string) => Array.from(text, (char) => char.codePointAt(0) ?? 0);
export const lower = (text: string) => text.toLowerCase();
const upper = (text: string) => text.toUpperCase();

/** How real APIs order names: collations at several strengths, binary orders, lower(). */
export const API_ORDERS: Record<string, Compare> = {
  'locale, tertiary': new Intl.Collator('en').compare,
  'locale, base': new Intl.Collator('en', { sensitivity: 'base' }).compare,
  'locale, numeric': new Intl.Collator('en', { numeric: true }).compare,
  'locale, ignoring punctuation': new Intl.Collator('en', { ignorePunctuation: true }).compare,
  'code units': binary(codeUnits),
  'code points': binary(codePoints),
  'lower(), code units': binary(codeUnits, lower),
  'lower(), code points': binary(codePoints, lower),
  'upper(), code points': binary(codePoints, upper),
};

/**
 * A fake API over `rows` sorted by `compare` (ties in a random but fixed order), paging at most
 * `maxLimit` rows, counting requests.
 */
export function fakeApi(rows: Row[], maxLimit: number) {
  const api = {
    requests: 0,
    readPage: (async (page, limit) => {
      api.requests += 1;
      const effective = Math.min(limit, maxLimit);
      const data = rows.slice((page - 1) * effective, page * effective);
      return { data, meta: { total: rows.length, page, limit: effective } };
    }) satisfies ReadPage<Row>,
  };
  return api;
}

export function sortRows(names: string[], compare: Compare, descending: boolean): Row[] {
  const rows = names.map((name, index) => ({ id: `user_${index}`, name }));
  rows.sort((a, b) => (descending ? -1 : 1) * compare(a.name, b.name));
  return rows;
}

export function search(
  query: string,
  match: 'prefix' | 'exact' = 'prefix',
  maxMatches = 1_000_000,
  width = 1,
) {
  return new SortedSearch<Row>({
    keyOf: (row) => row.name,
    idOf: (row) => row.id,
    query,
    match,
    pageSize: 100,
    maxMatches,
    maxRequests: 100_000,
    width,
    interpolate: width > 1,
  });
}

/** Runs each round's reads at once, as the pool does, and notes the largest round. */
export function rounds() {
  const seen = { largest: 0 };
  const parallel: Parallel = async (tasks) => {
    seen.largest = Math.max(seen.largest, tasks.length);
    await Promise.all(tasks.map((task) => task()));
  };
  return { seen, parallel };
}

export function expected(rows: Row[], query: string): string[] {
  const folded = foldText(query);
  return rows.filter((row) => foldText(row.name).startsWith(folded)).map((row) => row.id);
}

// Letters in several cases and scripts, accents precomposed and combining, an astral character
// (code units and code points disagree on it), spaces and punctuation that collations weigh
// differently.
const LETTERS = [
  'a',
  'b',
  'A',
  'B',
  'é',
  'É',
  'e\u0301',
  ' ',
  '-',
  'ж',
  'Ж',
  '山',
  '\u{1F600}',
  'ﬀ',
];
export const nameArb = fc
  .array(fc.constantFrom(...LETTERS), { minLength: 0, maxLength: 6 })
  .map((parts) => parts.join(''));
