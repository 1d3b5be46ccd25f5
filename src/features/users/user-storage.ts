/**
 * What the users feature keeps in this tab's sessionStorage about the person signed in. Its own
 * module, free of the list code, so that sign-out (on every page, the sign-in page included) can
 * forget it without downloading the tables.
 */
import { scopedStorageKey } from '../../lib/api-profile';
import { removeStored } from '../../lib/storage';

export const RECENT_LOOKUPS_KEY = 'admin-console.recent-lookups';
export const USERS_SEARCH_KEY = 'admin-console.users-search';
/** Look up many's input and results, kept for the tab (Back, reload) until sign-out. */
export const BULK_LOOKUP_KEY = 'admin-console.bulk-lookup';

/** The keys of the current API profile: each API keeps its own lookups and list view. */
export function recentLookupsKey(): string {
  return scopedStorageKey(RECENT_LOOKUPS_KEY);
}

export function usersSearchKey(): string {
  return scopedStorageKey(USERS_SEARCH_KEY);
}

export function bulkLookupKey(): string {
  return scopedStorageKey(BULK_LOOKUP_KEY);
}

/**
 * Sign-out forgets whom the last person looked up, their Look up many, and which list view they
 * had, for the API profile signed out of (`profileKey`; the current one by default): in the tab's
 * storage, and in the page's memory where the browser denied storage.
 */
export function forgetUserData(profileKey?: string): void {
  for (const key of [RECENT_LOOKUPS_KEY, USERS_SEARCH_KEY, BULK_LOOKUP_KEY]) {
    removeStored('session', scopedStorageKey(key, profileKey));
  }
}
