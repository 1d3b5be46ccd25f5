/**
 * The CSV the export writes: RFC 4180 (CRLF after every record, a field quoted when it holds a
 * comma, a quote, CR or LF, quotes doubled), numbers as plain decimals, and text that a
 * spreadsheet would run as a formula neutralised as OWASP advises ("CSV injection"): a text cell
 * starting with = + - @ tab or CR gets a leading apostrophe, and is then quoted.
 *
 * A small writer of our own rather than papaparse 5.7's `unparse({ escapeFormulae })`, which was
 * measured and checked against the above:
 * - its default formula pattern, /^[=+\-@\t\r].*$/, has no `s` flag, so a formula followed by a
 *   line break ("=HYPERLINK(…)\nx") does not match and goes out live;
 * - it writes numbers with `toString()`, so 1e21 becomes "1e+21" and 1e-7 "1e-7"; formatting them
 *   first would make them text, and a negative number would then be "escaped" to '-5;
 * - it is not tree-shakeable (UMD, parser and worker included): 6.9 KB gzipped, where this is
 *   well under 1 KB, for a job this small.
 * The BOM is the caller's (once per file, not per chunk).
 */

export const UTF8_BOM = '\uFEFF';
export const CRLF = '\r\n';

/** First characters that make a spreadsheet treat a cell as a formula (OWASP). */
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

export type CsvValue = string | number | boolean | null | undefined;

/** One field, quoted and neutralised as needed. */
export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return plainDecimal(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  // The apostrophe is only honoured by some spreadsheets inside quotes; quoting costs nothing.
  return NEEDS_QUOTES.test(text) || text !== value ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One record, with its CRLF. */
export function csvRecord(values: readonly CsvValue[]): string {
  return values.map(csvField).join(',') + CRLF;
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

/**
 * A number as a spreadsheet reads it: digits, an optional point and minus, no grouping and no
 * exponent (String(1e21) is "1e+21", String(1e-7) is "1e-7"). Not a number or infinite: empty,
 * though the API's schema already refuses those.
 */
export function plainDecimal(value: number): string {
  if (!Number.isFinite(value)) return '';
  if (Object.is(value, -0)) return '0';
  const text = String(value);
  const match = /^(-?)(\d+)(?:\.(\d+))?e([+-]\d+)$/.exec(text);
  if (!match) return text;
  const [, sign = '', whole = '', fraction = '', exponentText = '0'] = match;
  const digits = whole + fraction;
  // Where the decimal point falls within `digits` once the exponent is applied.
  const point = whole.length + Number(exponentText);
  if (point <= 0) return `${sign}0.${'0'.repeat(-point)}${digits}`;
  if (point >= digits.length) return `${sign}${digits}${'0'.repeat(point - digits.length)}`;
  return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
}

/** `users-2026-11-23.csv`, by the person's own (local) date. */
export function csvFileName(resource: string, date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${resource}-${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}.csv`;
}
