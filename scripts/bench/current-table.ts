import { readFileSync, writeFileSync } from 'node:fs';
import { format, resolveConfig } from 'prettier';

/**
 * docs/performance.md holds one table of current figures, between two marker comments, which
 * `npm run bench` replaces with its own: one table, not a diary of runs. The rest of the file is
 * prose and is left as it is.
 */

export const CURRENT_TABLE_FILE = 'docs/performance.md';
export const TABLE_START = '<!-- bench:start -->';
export const TABLE_END = '<!-- bench:end -->';
const NOTE = '<!-- Written by `npm run bench`; edits between these markers are replaced. -->';

/** `document` with what lies between the markers replaced by `table`. Throws without them. */
export function replaceCurrentTable(document: string, table: string): string {
  const start = document.indexOf(TABLE_START);
  const end = document.indexOf(TABLE_END);
  const count = (marker: string) => document.split(marker).length - 1;
  if (start === -1 || end === -1 || end < start || count(TABLE_START) + count(TABLE_END) !== 2) {
    throw new Error(
      `${CURRENT_TABLE_FILE} must hold ${TABLE_START} and then ${TABLE_END}, once each, around the current figures.`,
    );
  }
  return [
    document.slice(0, start),
    `${TABLE_START}\n${NOTE}\n\n${table.trim()}\n\n`,
    document.slice(end),
  ].join('');
}

/** Replaces the table in the file, formatted as the repository's format check expects. */
export async function writeCurrentTable(table: string, path = CURRENT_TABLE_FILE): Promise<void> {
  const replaced = replaceCurrentTable(readFileSync(path, 'utf8'), table);
  const options = (await resolveConfig(path)) ?? {};
  writeFileSync(path, await format(replaced, { ...options, filepath: path }));
}
