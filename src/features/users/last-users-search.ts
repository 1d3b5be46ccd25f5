import { readText, writeText } from '../../lib/storage';
import { usersSearchKey } from './user-storage';
import { parseUsersSearch, serializeUsersSearch } from './users-search-params';

/** Location state the users list gives links to a user, so the user page can go back to it. */
export type UsersListState = { usersSearch: string };

/** Remembers the list's view for this tab, for user pages reached another way (the lookup box). */
export function rememberUsersSearch(search: string): void {
  writeText('session', usersSearchKey(), search);
}

/**
 * Where "Back to users" goes: the view the person came from (location state), else the last
 * view this tab showed, else the first page. Re-normalised, as it may come from anywhere.
 */
export function usersListHref(state: unknown): string {
  const fromState =
    typeof state === 'object' && state !== null && 'usersSearch' in state
      ? (state as Partial<UsersListState>).usersSearch
      : undefined;
  const search = typeof fromState === 'string' ? fromState : readText('session', usersSearchKey());
  if (search === null || search === undefined) return '/users';
  const canonical = serializeUsersSearch(parseUsersSearch(new URLSearchParams(search)).params);
  const query = canonical.toString();
  return query === '' ? '/users' : `/users?${query}`;
}
