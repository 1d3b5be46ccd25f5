/**
 * What the users feature keeps in this tab's sessionStorage about the person signed in. Its own
 * module, free of the list code, so that sign-out (on every page, the sign-in page included) can
 * forget it without downloading the tables.
 */
export const RECENT_LOOKUPS_KEY = 'admin-console.recent-lookups';
export const USERS_SEARCH_KEY = 'admin-console.users-search';

/** Sign-out forgets whom the last person looked up and which list view they had. */
export function forgetUserData(): void {
  for (const key of [RECENT_LOOKUPS_KEY, USERS_SEARCH_KEY]) {
    try {
      sessionStorage.removeItem(key);
    } catch {
      // Nothing stored.
    }
  }
}
