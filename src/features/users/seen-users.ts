import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { seenIndexPerClient } from '../../lib/seen-index-client';

/**
 * Every user this tab has seen (table pages, lookups, searches, bulk results), in memory only, so
 * Find and the command menu can suggest people as the person types, with no request. Kept
 * small on purpose: the users pages load it with their first render (the shell does not).
 */
export interface SeenUser {
  id: string;
  name: string;
  email: string;
}

/** About 10 MB at most; the oldest seen go first. */
export const MAX_SEEN_USERS = 50_000;

/** Per query client, so per API profile, and forgotten with its memory at sign-out. */
const seenUsersOf = seenIndexPerClient<SeenUser>({
  max: MAX_SEEN_USERS,
  idOf: (user) => user.id,
  nameOf: (user) => user.name,
  alsoStartsOf: (user) => [user.email],
  take,
});

/** Starts taking in the users of the client's answers, those it holds now and those to come. */
export function indexUsersFrom(queryClient: QueryClient): void {
  seenUsersOf(queryClient);
}

export function rememberUsers(queryClient: QueryClient, users: readonly SeenUser[]): void {
  // Only what suggestions show: a user's other fields would only weigh on memory.
  seenUsersOf(queryClient).remember(users.map(({ id, name, email }) => ({ id, name, email })));
}

/** Users in an answer about users: a page's `data`, a lookup's `data`, or Find's `matches`. */
function take(queryKey: QueryKey, data: unknown): SeenUser[] {
  if (queryKey[0] !== 'users' || typeof data !== 'object' || data === null) return [];
  const found: SeenUser[] = [];
  const add = (value: unknown) => {
    if (isSeenUser(value)) found.push({ id: value.id, name: value.name, email: value.email });
  };
  add(data);
  for (const key of ['data', 'matches'] as const) {
    const list = (data as Record<string, unknown>)[key];
    if (Array.isArray(list)) list.forEach(add);
    else add(list);
  }
  return found;
}

function isSeenUser(value: unknown): value is SeenUser {
  if (typeof value !== 'object' || value === null) return false;
  const { id, name, email } = value as Record<string, unknown>;
  return typeof id === 'string' && typeof name === 'string' && typeof email === 'string';
}

export function seenUserCount(queryClient: QueryClient): number {
  return seenUsersOf(queryClient).size();
}

/**
 * Up to `limit` seen users for what is typed: an id or e-mail that starts with it, or a name with
 * a word that starts with it (case and accents aside), most recently seen first. Names that start
 * with it come before names that only contain it.
 */
export function suggestSeenUsers(queryClient: QueryClient, text: string, limit = 8): SeenUser[] {
  return seenUsersOf(queryClient).suggest(text, limit);
}
