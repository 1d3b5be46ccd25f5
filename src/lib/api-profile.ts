/**
 * One API the console can talk to: a profile resolved once from config.json (`apis`, or
 * `apiBaseUrl` alone). The session, the request log, recent lookups and the query cache are owned
 * per profile, so switching APIs is choosing a profile, not clearing globals. Free of imports: the
 * session store, the users feature and start-up all read it.
 */
export interface ApiProfile {
  /**
   * Names this profile's storage (session, recent lookups) and tab channel. Empty for the one API
   * of `apiBaseUrl` (or the demo), which keeps the storage names of a single-API console; the
   * entry's name for an `apis` entry.
   */
  key: string;
  /** Shown in the header, on the sign-in page and in the command menu. */
  name: string;
  target: ProfileTarget;
  /** Marked **Production** on every page and in the document title. */
  production: boolean;
  /** Sign-in through this identity provider (config.json's `oidc`), besides a pasted token. */
  oidc?: OidcSettings;
}

/** config.json's `oidc` (lib/config-oidc.ts), checked and with its defaults filled in. */
export interface OidcSettings {
  /** Normalised: no trailing slash. */
  issuer: string;
  clientId: string;
  scope: string;
  /** RFC 8707 resource indicator, sent when set. */
  resource?: string;
  /** Auth0's `audience`, sent when set. */
  audience?: string;
  /** What the sign-in button says: "Sign in with {name}". */
  name: string;
}

export type ProfileTarget =
  | { mode: 'demo' }
  | { mode: 'api'; /** Normalised: no trailing slash. */ baseUrl: string; origin: string };

/** A storage key or channel name of one profile: the single API keeps the plain name. */
export function profileScopedName(base: string, profileKey: string): string {
  return profileKey === '' ? base : `${base}:${encodeURIComponent(profileKey)}`;
}

/**
 * The profile whose data what runs now belongs to (set by start-up when a profile is chosen), for
 * the per-person storage of features that do not take a profile themselves (recent lookups, the
 * last list view, the users seen).
 */
let currentKey = '';

export function setCurrentProfileKey(key: string): void {
  currentKey = key;
}

export function currentProfileKey(): string {
  return currentKey;
}

/** `base` scoped to the current profile (or to `profileKey`). */
export function scopedStorageKey(base: string, profileKey = currentKey): string {
  return profileScopedName(base, profileKey);
}
