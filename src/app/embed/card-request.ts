import { holdsToken } from '../../lib/token-shape';
import {
  parseFindQuery,
  TOKEN_PROBLEM,
  type FindQuery,
} from '../../features/users/find/find-query';
import { parseUserIdInput } from '../../features/users/parse-user-id';

/**
 * What a help desk asks the person card for: the ticket's requester, by e-mail, by id, or by
 * anything the Find box takes (`q`). It comes in the card's address (`?email=…`, or in the
 * fragment, `#email=…`, which the web server never sees) or in a message from the page that
 * frames the card (docs/ui-contract.md, "Accessible names": Side panel). Both are read here,
 * strictly: a help desk that sends something else is told, never guessed at.
 */

export const LOOKUP_FIELDS = ['email', 'id', 'q'] as const;
export type LookupField = (typeof LOOKUP_FIELDS)[number];

export interface CardRequest {
  field: LookupField;
  value: string;
}

/** What the host sends, and what the card answers. */
export const LOOKUP_MESSAGE = 'admin-console:lookup';
export const RESULT_MESSAGE = 'admin-console:result';

/** Longer than any address, id or name; a link with a query may be long, a paragraph is not. */
export const MAX_REQUEST_LENGTH = 2_000;

export type ParamsReading =
  | { kind: 'none' }
  | { kind: 'request'; request: CardRequest }
  | { kind: 'invalid'; problem: string };

/**
 * The request in the card's address. The fragment is read first: a help desk that puts the
 * address there keeps it out of the web server's log. One of email, id or q, once.
 */
export function readCardParams(location: { search: string; hash: string }): ParamsReading {
  const fragment = new URLSearchParams(location.hash.replace(/^#/, ''));
  const params = LOOKUP_FIELDS.some((field) => fragment.has(field))
    ? fragment
    : new URLSearchParams(location.search);
  const given = LOOKUP_FIELDS.flatMap((field) =>
    params.getAll(field).map((value) => ({ field, value })),
  );
  if (given.length === 0) return { kind: 'none' };
  if (given.length > 1) {
    return {
      kind: 'invalid',
      problem: `The card was given ${given.map((entry) => entry.field).join(' and ')}: give one of email, id or q.`,
    };
  }
  const request = given[0] as CardRequest;
  if (request.value.length > MAX_REQUEST_LENGTH) {
    return { kind: 'invalid', problem: `The ${request.field} given is too long to be one.` };
  }
  return { kind: 'request', request };
}

/**
 * A lookup sent by postMessage: exactly `{ type: 'admin-console:lookup', email | id | q }`, a
 * plain object with a string; anything more, less or else is not one (null). A field the card
 * does not know might be one a later version reads differently: refusing it keeps the two apart.
 */
export function readLookupMessage(data: unknown): CardRequest | null {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return null;
  const prototype = Object.getPrototypeOf(data) as unknown;
  if (prototype !== Object.prototype && prototype !== null) return null;
  const record = data as Record<string, unknown>;
  const keys = Object.keys(record);
  if (keys.length !== 2 || record.type !== LOOKUP_MESSAGE) return null;
  const field = LOOKUP_FIELDS.find((name) => keys.includes(name));
  const value = field === undefined ? undefined : record[field];
  if (field === undefined || typeof value !== 'string') return null;
  if (value.trim() === '' || value.length > MAX_REQUEST_LENGTH) return null;
  return { field, value };
}

/** The card's answer: the person shown, by id and name, and nothing else (never a token). */
export function resultMessage(user: { id: string; name: string }) {
  return { type: RESULT_MESSAGE, id: user.id, name: user.name } as const;
}

/**
 * What to look for. `email` must be an address and `id` a user id (a pasted `Name <addr>` or user
 * link is fine, as in Find); `q` is anything the Find box takes.
 */
export function queryOf(request: CardRequest): FindQuery {
  const { field, value } = request;
  if (field === 'q') return parseFindQuery(value);
  if (holdsToken(value)) return { kind: 'invalid', problem: TOKEN_PROBLEM };
  if (field === 'id') {
    const parsed = parseUserIdInput(value);
    return parsed.ok ? { kind: 'id', id: parsed.id } : { kind: 'invalid', problem: parsed.problem };
  }
  const parsed = parseFindQuery(value);
  if (parsed.kind === 'email' || parsed.kind === 'invalid') return parsed;
  return {
    kind: 'invalid',
    problem: `“${clip(value)}” is not an e-mail address: it should look like name@example.org.`,
  };
}

function clip(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 80 ? `${line.slice(0, 79)}…` : line;
}
