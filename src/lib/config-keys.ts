/**
 * The names config.json may use. A name that is not here stops the console at start-up: ignored,
 * a mistyped `apiBaseURL` would leave the file without an API, and the console would start the demo
 * with fake data. A new setting is one more name in its list (and the code that reads it).
 */
export const CONFIG_KEYS = [
  'apiBaseUrl',
  'apis',
  'oidc',
  'requestTimeoutMs',
  'imageOrigins',
  'categories',
  'embedOrigins',
] as const;

/** The names of an entry of `apis`. */
export const API_ENTRY_KEYS = ['name', 'baseUrl', 'production', 'oidc'] as const;

/** The names of `oidc`, at the top or in an entry of `apis`. */
export const OIDC_KEYS = ['issuer', 'clientId', 'scope', 'resource', 'audience', 'name'] as const;

/** The names of `object` that `known` does not list, in the object's order. */
export function unknownKeysOf(object: Record<string, unknown>, known: readonly string[]): string[] {
  return Object.keys(object).filter((key) => !known.includes(key));
}
