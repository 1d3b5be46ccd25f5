import type { ApiProfile } from '../lib/api-profile';
import { readText, writeText } from '../lib/storage';

/**
 * Which API a tab works with, when config.json lists several: the tab's own last choice
 * (sessionStorage), else this device's (localStorage: the choice of the tab last used), else the
 * first in config.json. A stored name that config.json no longer lists is ignored.
 */
const CHOICE_KEY = 'admin-console.api';

export function chooseProfile(profiles: readonly ApiProfile[]): ApiProfile {
  for (const area of ['session', 'local'] as const) {
    const name = readText(area, CHOICE_KEY);
    const found = profiles.find((profile) => profile.key === name);
    if (found) return found;
  }
  return profiles[0] as ApiProfile;
}

/**
 * Remembers `profile` for this tab and as the device's latest choice (new tabs open on it). Where
 * the browser denies storage, kept for this page only (lib/storage.ts).
 */
export function rememberProfile(profile: ApiProfile): void {
  writeText('session', CHOICE_KEY, profile.key);
  writeText('local', CHOICE_KEY, profile.key);
}
