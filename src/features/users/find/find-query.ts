import { MAX_FILTER_LENGTH, tooLongProblem } from '../../../lib/input-limits';
import { parseUserIdInput } from '../parse-user-id';
import { parseDateQuery, type DateQuery } from './date-query';
import { normaliseQuery } from './text-fold';

/** Longer than any name or e-mail address a person pastes; a bigger paste is a mistake. */
export const MAX_FIND_LENGTH = MAX_FILTER_LENGTH;
export const MIN_NAME_LENGTH = 2;

export type FindQuery =
  | { kind: 'id'; id: string }
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
 * What the Find user box was given: an id or user link (go straight to the user), an e-mail, or
 * (part of) a name. Nothing here is sent to the API: Find only sends page, limit and sort.
 */
export function parseFindQuery(raw: string): FindQuery {
  const text = normaliseQuery(raw);
  if (text === '') return invalid('Type a name, an e-mail address or a user ID.');
  const invisible = INVISIBLE.exec(text);
  if (invisible) {
    const code = (invisible[0].codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0');
    return invalid(
      `The text holds an invisible character (U+${code}) that no name or address has. Type it again rather than pasting it.`,
    );
  }
  // A day or a range of days: who signed up then (date-query.ts).
  const date = parseDateQuery(text);
  if (date) return date;
  // Shaped like an id (a type prefix, an underscore, a suffix: user_…, prod_…) or a link.
  if (ID_LIKE.test(text) || /\/users\/[^/?#\s]/.test(text) || /^https?:\/\//i.test(text)) {
    const parsed = parseUserIdInput(text);
    return parsed.ok ? { kind: 'id', id: parsed.id } : invalid(parsed.problem);
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

function invalid(problem: string): FindQuery {
  return { kind: 'invalid', problem };
}

/** `/users/find?q=…`; `anywhere` reads the whole list for the text anywhere in names. */
export function findPath(text: string, match?: 'anywhere'): string {
  const params = new URLSearchParams({ q: text });
  if (match) params.set('match', match);
  return `/users/find?${params.toString()}`;
}
