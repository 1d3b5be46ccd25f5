import { parseProductReference } from '../../../lib/product-reference';
import { withoutTokens } from '../../../lib/token-shape';
import { parseFindQuery, type FindQuery } from './find-query';
import { foldText } from '../../../lib/list-search/text-fold';

export const MAX_BULK_ENTRIES = 1_000;

export interface BulkEntry {
  /** As pasted. */
  input: string;
  /**
   * A day is Find's question (who signed up then), not a person: bulk refuses it. A product id or
   * link is looked up among the products (bulk-products.ts).
   */
  query: Exclude<FindQuery, { kind: 'date' }> | { kind: 'product'; id: string };
}

export type BulkInput =
  { ok: true; entries: BulkEntry[]; duplicates: number } | { ok: false; problem: string };

/**
 * What was pasted into Look up many, read as entries (splitBulkText), each read as Find reads
 * its box (parseFindQuery). Each is looked up once, in the order first given; a name is searched
 * as Find searches it (it may match many people).
 */
export function parseBulkInput(text: string): BulkInput {
  const parts = splitBulkText(text);
  if (parts.length === 0) {
    return {
      ok: false,
      problem: 'Paste user or product IDs, e-mail addresses or links, one a line.',
    };
  }
  const seen = new Set<string>();
  const entries: BulkEntry[] = [];
  for (const input of parts) {
    const query = readEntry(input);
    const key =
      query.kind === 'id' || query.kind === 'product'
        ? `${query.kind}:${query.id}`
        : query.kind === 'email'
          ? `email:${query.text.toLowerCase()}`
          : query.kind === 'name'
            ? `name:${foldText(query.text)}`
            : `text:${input}`;
    if (seen.has(key)) continue;
    seen.add(key);
    entries.push({ input, query });
  }
  if (entries.length > MAX_BULK_ENTRIES) {
    return {
      ok: false,
      problem: `That is ${entries.length.toLocaleString('en')} different entries: look up at most ${MAX_BULK_ENTRIES.toLocaleString('en')} at once.`,
    };
  }
  return { ok: true, entries, duplicates: parts.length - entries.length };
}

/** One entry: a product id or link, else what Find makes of it. */
function readEntry(input: string): BulkEntry['query'] {
  const product = parseProductReference(input);
  if (product) return { kind: 'product', id: product.id };
  const parsed = parseFindQuery(input);
  // Who signed up on a day is Find's question, not a person to look up.
  return parsed.kind === 'date'
    ? { kind: 'invalid', problem: 'A date: Find user lists who signed up on it' }
    : parsed;
}

/**
 * The entries of a paste. Lines first: a line is one entry (a name such as `Grace Hopper`, or
 * `Name <addr>`), unless it is a list of addresses, ids or links: split at commas, semicolons and
 * tabs (outside quotes and brackets, so `"Hopper, Grace" <addr>` stays whole), and a piece at
 * spaces, when every piece (or word) is one (`user_a, user_b user_c`). A comma between two names
 * is part of one entry.
 */
export function splitBulkText(text: string): string[] {
  const entries: string[] = [];
  for (const rawLine of text.split(/\r\n|[\n\r\u2028\u2029]/u)) {
    const line = rawLine.trim();
    if (line === '') continue;
    entries.push(...splitLine(line));
  }
  return entries;
}

function splitLine(line: string): string[] {
  const parts: string[] = [];
  for (const piece of splitOutsideQuotes(line)) {
    if (isLookupKey(piece)) {
      parts.push(piece);
      continue;
    }
    const words = piece.split(/\s+/u);
    if (words.length < 2 || !words.every(isLookupKey)) return [line];
    parts.push(...words);
  }
  return parts.length > 1 ? parts : [line];
}

/** An id, a user or product link or an e-mail address: something that names one record. */
function isLookupKey(piece: string): boolean {
  const kind = readEntry(piece).kind;
  return kind === 'id' || kind === 'email' || kind === 'product';
}

/**
 * Splits at `,`, `;` and tabs, except inside `"…"`, `“…”` and brackets; empty pieces, and pieces
 * of punctuation only, are dropped.
 */
/** Brackets and curly quotes: a separator inside them belongs to the entry. */
const PAIRED: Readonly<Record<string, string>> = { '<': '>', '(': ')', '[': ']', '“': '”' };

function splitOutsideQuotes(line: string): string[] {
  const pieces: string[] = [];
  let current = '';
  let quoted = false;
  // The closing marks awaited, innermost last; a closing mark that was not awaited is text.
  const awaited: string[] = [];
  for (const char of line) {
    const closing = PAIRED[char];
    if (char === '"') quoted = !quoted;
    else if (quoted) {
      // Inside straight quotes everything is text.
    } else if (closing !== undefined) awaited.push(closing);
    else if (char === awaited.at(-1)) awaited.pop();
    else if (awaited.length === 0 && /[,;\t]/u.test(char)) {
      pieces.push(current);
      current = '';
      continue;
    }
    current += char;
  }
  pieces.push(current);
  return pieces.filter((piece) => /[\p{L}\p{N}]/u.test(piece)).map((piece) => piece.trim());
}

/** An http(s) link in a pasted entry, up to what cannot be part of one. */
const LINK = /https?:\/\/[^\s<>"'`]+/giu;

/**
 * An entry as the results show it and the CSV writes it: a link keeps its origin and path, but
 * not its user name, password, query or fragment (where tokens and tracking travel), and nothing
 * token-shaped is kept anywhere in it.
 */
export function shownInput(input: string): string {
  return withoutTokens(
    input.replace(LINK, (link) => {
      try {
        const url = new URL(link);
        return `${url.origin}${url.pathname}`;
      } catch {
        return link.split(/[?#]/u, 1)[0] ?? '';
      }
    }),
  );
}
