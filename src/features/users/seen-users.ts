import type { QueryClient } from '@tanstack/react-query';
import { currentProfileKey } from '../../lib/api-profile';
import { forgetOnSignOut } from '../../lib/forget-on-sign-out';
import { foldText } from '../../lib/list-search/text-fold';

/**
 * Every user this tab has seen (table pages, lookups, searches, bulk results), in memory only, so
 * Find user and the command menu can suggest people as the person types, with no request. Kept
 * small on purpose: the users pages load it with their first render (the shell does not).
 */
export interface SeenUser {
  id: string;
  name: string;
  email: string;
}

interface Entry extends SeenUser {
  foldedName: string;
  foldedEmail: string;
}

/** About 10 MB at most; the oldest seen go first. */
export const MAX_SEEN_USERS = 50_000;

/** Per API profile (lib/api-profile.ts): users of one API are never suggested in another. */
const seenByProfile = new Map<string, Map<string, Entry>>();

function seenOf(profileKey = currentProfileKey()): Map<string, Entry> {
  let seen = seenByProfile.get(profileKey);
  if (!seen) {
    seen = new Map();
    seenByProfile.set(profileKey, seen);
  }
  return seen;
}

export function rememberUsers(users: readonly SeenUser[], profileKey?: string): void {
  const seen = seenOf(profileKey);
  for (const { id, name, email } of users) {
    // Re-inserted, so the Map's order stays oldest-seen first.
    seen.delete(id);
    seen.set(id, { id, name, email, foldedName: foldText(name), foldedEmail: foldText(email) });
  }
  for (const id of seen.keys()) {
    if (seen.size <= MAX_SEEN_USERS) break;
    seen.delete(id);
  }
}

const watched = new WeakSet<QueryClient>();

export function indexUsersFrom(queryClient: QueryClient): void {
  if (watched.has(queryClient)) return;
  watched.add(queryClient);
  // A query client belongs to one profile: its answers go to that profile's index, even when they
  // arrive after a switch to another.
  const profileKey = currentProfileKey();
  const cache = queryClient.getQueryCache();
  for (const query of cache.getAll()) take(query.queryKey, query.state.data, profileKey);
  cache.subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'success') {
      take(event.query.queryKey, event.query.state.data, profileKey);
    }
  });
}

/** Users in an answer about users: a page's `data`, a lookup's `data`, or Find's `matches`. */
function take(queryKey: readonly unknown[], data: unknown, profileKey: string): void {
  if (queryKey[0] !== 'users' || typeof data !== 'object' || data === null) return;
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
  if (found.length > 0) rememberUsers(found, profileKey);
}

function isSeenUser(value: unknown): value is SeenUser {
  if (typeof value !== 'object' || value === null) return false;
  const { id, name, email } = value as Record<string, unknown>;
  return typeof id === 'string' && typeof name === 'string' && typeof email === 'string';
}

/** Sign-out of an API forgets the users seen through it. */
export function forgetSeenUsers(profileKey?: string): void {
  seenOf(profileKey).clear();
}
forgetOnSignOut(forgetSeenUsers);

export function seenUserCount(): number {
  return seenOf().size;
}

/**
 * Up to `limit` seen users for what is typed: an id or e-mail that starts with it, or a name with
 * a word that starts with it (case and accents aside), most recently seen first. Names that start
 * with it come before names that only contain it.
 */
export function suggestSeenUsers(text: string, limit = 8): SeenUser[] {
  const query = foldText(text.replace(/\s+/gu, ' ').trim());
  if (query.length < 2) return [];
  const starts: SeenUser[] = [];
  const words: SeenUser[] = [];
  const entries = [...seenOf().values()];
  for (let i = entries.length - 1; i >= 0 && starts.length < limit; i -= 1) {
    const entry = entries[i] as Entry;
    const user = { id: entry.id, name: entry.name, email: entry.email };
    if (
      entry.foldedName.startsWith(query) ||
      entry.foldedEmail.startsWith(query) ||
      entry.id.toLowerCase().startsWith(query)
    ) {
      starts.push(user);
    } else if (words.length < limit && entry.foldedName.includes(` ${query}`)) {
      words.push(user);
    }
  }
  return [...starts, ...words].slice(0, limit);
}
