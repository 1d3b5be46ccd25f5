import type { ApiProfile } from '../lib/api-profile';

/**
 * Which API a tab works with, when config.json lists several: the tab's own last choice
 * (sessionStorage), else this device's (localStorage: the choice of the tab last used), else the
 * first in config.json. A stored name that config.json no longer lists is ignored.
 */
const CHOICE_KEY = 'admin-console.api';

export function chooseProfile(profiles: readonly ApiProfile[]): ApiProfile {
  for (const store of [safeStorage('session'), safeStorage('local')]) {
    const name = read(store);
    const found = profiles.find((profile) => profile.key === name);
    if (found) return found;
  }
  return profiles[0] as ApiProfile;
}

/** Remembers `profile` for this tab and as the device's latest choice (new tabs open on it). */
export function rememberProfile(profile: ApiProfile): void {
  for (const store of [safeStorage('session'), safeStorage('local')]) {
    try {
      store?.setItem(CHOICE_KEY, profile.key);
    } catch {
      // Without storage a new tab starts on the first API.
    }
  }
}

function read(store: Storage | null): string | null {
  try {
    return store?.getItem(CHOICE_KEY) ?? null;
  } catch {
    return null;
  }
}

function safeStorage(kind: 'session' | 'local'): Storage | null {
  try {
    return kind === 'session' ? sessionStorage : localStorage;
  } catch {
    return null;
  }
}
