/**
 * The CSV the export writes: RFC 4180 (CRLF after every record, quotes doubled), numbers as plain
 * decimals, every text field quoted, and text that a spreadsheet would run as a formula
 * neutralised as OWASP advises ("CSV injection", ASVS 5.0 §1.2.10) with a leading apostrophe.
 *
 * What counts as a formula is wider than the first character, because the spreadsheet decides
 * where a cell starts, not this file:
 * - a value starting with = + - @ tab CR or LF, also after leading whitespace, NUL or other
 *   control characters (LibreOffice 7.4 drops a leading NUL and runs "\0=1+1" as =1+1);
 * - the same after a `;`, a `,`, a tab, a CR or an LF inside the value (quotes and whitespace
 *   between are skipped too): Excel in de/fr/es/it/nl splits a .csv on `;`, ignoring our quotes
 *   where they do not line up with its fields, so "x;=1+1" is two cells there, and a line break
 *   inside a field can start a row. Each such place gets the apostrophe, "x;'=1+1", whichever
 *   separator the spreadsheet picks (comma, semicolon, tab). Checked in LibreOffice Calc by
 *   `npm run test:spreadsheet`.
 * Only where a trigger follows: Jean-Luc, O'Brien, e-mails, ISO times and text with commas are
 * written as they are. Numbers are never text, so -5 stays a number.
 *
 * A small writer of our own rather than papaparse 5.7's `unparse({ escapeFormulae })`, which was
 * measured and checked against the above:
 * - its default formula pattern, /^[=+\-@\t\r].*$/, has no `s` flag, so a formula followed by a
 *   line break ("=HYPERLINK(…)\nx") does not match and goes out live, and it looks at the first
 *   character only;
 * - it writes numbers with `toString()`, so 1e21 becomes "1e+21" and 1e-7 "1e-7"; formatting them
 *   first would make them text, and a negative number would then be "escaped" to '-5;
 * - it is not tree-shakeable (UMD, parser and worker included): 6.9 KB gzipped, where this is
 *   well under 1 KB, for a job this small.
 * The BOM is the caller's (once per file, not per chunk).
 */

import { plainDecimal } from '../../../lib/decimal';

export const UTF8_BOM = '\uFEFF';
export const CRLF = '\r\n';

/**
 * Where a spreadsheet may start a cell inside a value (its start, or after a separator or line
 * break), then what it skips before reading a formula (whitespace, control characters, quotes;
 * not a separator or line break, which is a cell start of its own and guarded there), then a
 * formula's first character. The apostrophe goes right after the separator.
 */
// eslint-disable-next-line no-control-regex -- control characters are what it looks for
const INNER_FORMULA = /(^|[,;\t\r\n])(?=(?:(?![\t\r\n])[\s\x00-\x1f\x7f"])*[=+\-@])/g;
/** OWASP's list also names a leading tab and CR (and so LF): a cell whose text starts with one. */
// eslint-disable-next-line no-control-regex -- control characters are what it looks for
const LEADING_BREAK = /^[\s\x00-\x1f\x7f]*[\t\r\n]/;
/** Header names written bare, as the contract shows them: the API's field names. */
const PLAIN_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

export type CsvValue = string | number | boolean | null | undefined;

/** One field: a number or boolean as it is, text neutralised (see above) and quoted. */
export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return plainDecimal(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  return `"${neutralise(value).replace(/"/g, '""')}"`;
}

/** Text with an apostrophe wherever a spreadsheet could start a formula. */
export function neutralise(text: string): string {
  const guarded = text.replace(INNER_FORMULA, "$1'");
  return LEADING_BREAK.test(guarded) ? `'${guarded}` : guarded;
}

/** One record, with its CRLF. */
export function csvRecord(values: readonly CsvValue[]): string {
  return values.map(csvField).join(',') + CRLF;
}

/** The header row: the API's field names, bare (any other name is written as text). */
export function csvHeader(names: readonly string[]): string {
  return names.map((name) => (PLAIN_NAME.test(name) ? name : csvField(name))).join(',') + CRLF;
}

/**
 * Records for `items`, as one string: a chunk of the file (a page of rows), never the whole file,
 * so no string grows with the export.
 */
export function csvRecords<TItem>(items: readonly TItem[], fields: readonly (keyof TItem)[]) {
  let chunk = '';
  for (const item of items) {
    chunk += csvRecord(fields.map((field) => item[field] as CsvValue));
  }
  return chunk;
}

/** A number as a spreadsheet reads it: plain digits, never an exponent (see lib/decimal). */
export { plainDecimal };

/** `users-2026-11-23.csv`, by the person's own (local) date. */
export function csvFileName(resource: string, date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${resource}-${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}.csv`;
}
