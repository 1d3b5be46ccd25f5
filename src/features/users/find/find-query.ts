import { MAX_FILTER_LENGTH, tooLongProblem } from '../../../lib/input-limits';
import { holdsToken } from '../../../lib/token-shape';
import { parseUserIdInput } from '../parse-user-id';
import { parseDateQuery, type DateQuery } from './date-query';
import { normaliseQuery } from '../../../lib/list-search/text-fold';

export const TOKEN_PROBLEM = 'This looks like an access token; it was not searched.';

/** Longer than any name or e-mail address a person pastes; a bigger paste is a mistake. */
export const MAX_FIND_LENGTH = MAX_FILTER_LENGTH;
export const MIN_NAME_LENGTH = 2;

export type FindQuery =
  /** `host`: the host of the link it came from, when it was an absolute link (lower case). */
  | { kind: 'id'; id: string; host?: string | undefined }
  | { kind: 'email'; text: string }
  | { kind: 'name'; text: string }
  | DateQuery
  | { kind: 'invalid'; problem: string };

// An address as people write it: something, one @, a domain with a dot. Not RFC 5322; it only
// has to tell a finished address from a half-typed one.
const EMAIL = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/u;
// Controls and format characters (bidi overrides, zero-width joiners) make two strings look
// alike that do not match; they never belong in a name typed to find someone.
const INVISIBLE = /[\p{Cc}\p{Cf}]/u;
const ID_LIKE = /^[a-z]+_[A-Za-z0-9_-]+$/i;

/**
 * What the Find user box, the command menu and Look up many were given (the one reader of all
 * three): an id or user link (go straight to the user), an e-mail, or (part of) a name. What a
 * mail client or a help desk puts around an address or an id is taken off first (unwrapPasted).
 * Nothing here is sent to the API: Find only sends page, limit and sort.
 */
export function parseFindQuery(raw: string): FindQuery {
  const pasted = normaliseQuery(raw);
  if (pasted === '') return invalid('Type a name, an e-mail address or a user ID.');
  const token = holdsToken(pasted);
  const invisible = INVISIBLE.exec(pasted);
  if (invisible) {
    const code = (invisible[0].codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0');
    return invalid(
      `The text holds an invisible character (U+${code}) that no name or address has. Type it again rather than pasting it.`,
    );
  }
  const text = unwrapPasted(pasted);
  if (text === '') return invalid('Type a name, an e-mail address or a user ID.');
  const linkOrId =
    ID_LIKE.test(text) || /\/users\/[^/?#\s]/.test(text) || /^https?:\/\//i.test(text);
  // A token pasted into the wrong box: never a name, and it must not reach the URL or the history.
  // A user link that carries one in its query is still a link: only its user id is used.
  if (token && !linkOrId) return invalid(TOKEN_PROBLEM);
  // A day or a range of days: who signed up then (date-query.ts).
  const date = parseDateQuery(text);
  if (date) return date;
  // Shaped like an id (a type prefix, an underscore, a suffix: user_…, prod_…) or a link.
  if (linkOrId) {
    const parsed = parseUserIdInput(text);
    if (parsed.ok) return { kind: 'id', id: parsed.id, host: linkHost(text) };
    return invalid(token ? TOKEN_PROBLEM : parsed.problem);
  }
  // A link may be long (its query string); a name or an address is not.
  const tooLong = tooLongProblem(text, 'A name or e-mail address', MAX_FIND_LENGTH);
  if (tooLong) return invalid(tooLong);
  if (text.includes('@')) {
    return EMAIL.test(text)
      ? { kind: 'email', text }
      : invalid(`“${text}” is not a whole e-mail address: it should look like name@example.org.`);
  }
  if ([...text].length < MIN_NAME_LENGTH) {
    return invalid(`Type at least ${MIN_NAME_LENGTH} characters of the name.`);
  }
  return { kind: 'name', text };
}

/** Each layer is a step or two; a paste may stack a few (`"<mailto:a@b.org>"),`). */
const MAX_UNWRAP_STEPS = 32;
/** Opening and closing marks around a pasted value. */
const PAIRS: Readonly<Record<string, string>> = {
  '"': '"',
  "'": "'",
  '`': '`',
  '“': '”',
  '‘': '’',
  '«': '»',
  '(': ')',
  '[': ']',
};
/** What a sentence or a list leaves after an address: `…@example.org.`, `…@example.org;`. */
const TRAILING = /[\s.,;:]+$/u;
/** Inside angle brackets: an address, an id, a link (not markup such as `<b>`). */
const ANGLED = /<([^<>]*[@/][^<>]*|\s*user_[^<>]*)>[\s.,;:)\]"'”’»`]*$/iu;

/**
 * Takes off what people paste around an address or an id, as many layers as there are:
 * `Name <addr>` and `<addr>` (the part in angle brackets), `mailto:addr?subject=…`, quotes
 * (`"addr"`, `'addr'`, curly ones), brackets, a quote or bracket whose other half the copy
 * cut off, and the punctuation a sentence leaves after it (`.,;:`). Plain text is left as is.
 */
export function unwrapPasted(raw: string): string {
  let text = normaliseQuery(raw);
  for (let step = 0; step < MAX_UNWRAP_STEPS; step += 1) {
    const next = unwrapOnce(text);
    if (next === text) break;
    text = next;
  }
  return text;
}

function unwrapOnce(text: string): string {
  const angled = ANGLED.exec(text)?.[1]?.trim();
  if (angled) return angled;
  const mailto = /^mailto:([^?#]*)/iu.exec(text)?.[1];
  if (mailto !== undefined) return safeDecode(mailto).trim();
  const first = text.charAt(0);
  const closing = PAIRS[first];
  if (closing !== undefined && text.length >= 2 && text.endsWith(closing)) {
    return text.slice(1, -1).trim();
  }
  const trimmed = text.replace(TRAILING, '');
  if (trimmed !== text) return trimmed;
  // A mark whose other half was cut off by the copy: `'ada@example.org`, `ada@example.org)`.
  if (closing !== undefined && count(text, first) > count(text, closing)) return text.slice(1);
  if (closing === first && count(text, first) % 2 === 1) return text.slice(1);
  const last = text.charAt(text.length - 1);
  const opening = Object.keys(PAIRS).find((mark) => PAIRS[mark] === last);
  if (opening === undefined) return text;
  if (opening !== last && count(text, last) > count(text, opening)) return text.slice(0, -1);
  if (opening === last && count(text, last) % 2 === 1) return text.slice(0, -1);
  return text;
}

function linkHost(text: string): string | undefined {
  if (!/^https?:\/\//i.test(text)) return undefined;
  try {
    return new URL(text).host;
  } catch {
    return undefined;
  }
}

/**
 * The host of a pasted link that is neither this API's nor this console's (a link from another
 * deployment, or a look-alike): the id it holds is still looked up, and the person is told.
 * `knownHosts` are hosts as `URL.host` writes them.
 */
export function foreignLinkHost(
  query: FindQuery,
  knownHosts: readonly string[],
): string | undefined {
  if (query.kind !== 'id' || query.host === undefined) return undefined;
  return knownHosts.includes(query.host) ? undefined : query.host;
}

/** What is said when a link's host is another's (foreignLinkHost). */
export function foreignLinkNote(host: string): string {
  return `That link is for another host (${host}), not this API or console: the user ID it holds was looked up here.`;
}

/** The host of a base URL or origin (`URL.host`), or nothing when it is none. */
export function hostOf(url: string): string | undefined {
  try {
    return new URL(url).host;
  } catch {
    return undefined;
  }
}

function count(text: string, char: string): number {
  return text.split(char).length - 1;
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

function invalid(problem: string): FindQuery {
  return { kind: 'invalid', problem };
}

/**
 * `/users/find#q=…`; `anywhere` reads the whole list for the text anywhere in names. The search is
 * a name or an address (personal data), so it goes in the fragment: the browser keeps it for
 * reload, Back and a copied link, but never sends it to the web server (its access log) nor in a
 * Referer. `?q=` is still read on arrival (readFindParams) and moved into the fragment.
 */
export function findPath(text: string, match?: 'anywhere'): string {
  const params = new URLSearchParams({ q: text });
  if (match) params.set('match', match);
  return `/users/find#${params.toString()}`;
}

/**
 * The search in a Find URL: from the fragment, or from the query string of an older or hand-typed
 * link (`moved`: the page replaces the URL with findPath's, so the query string loses it).
 */
export function readFindParams(location: { search: string; hash: string }): {
  q: string;
  match: string | null;
  moved: boolean;
} {
  const query = new URLSearchParams(location.search);
  const fromQuery = query.get('q');
  if (fromQuery !== null) return { q: fromQuery, match: query.get('match'), moved: true };
  const fragment = new URLSearchParams(location.hash.replace(/^#/, ''));
  return { q: fragment.get('q') ?? '', match: fragment.get('match'), moved: false };
}
