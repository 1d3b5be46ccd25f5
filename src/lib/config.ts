import type { ApiProfile, OidcSettings, ProfileTarget } from './api-profile';
import { readEmbedOrigins } from './config-embed.ts';
import { ConfigError } from './config-error.ts';
import { CONFIG_KEYS, unknownKeysOf } from './config-keys.ts';

export { ConfigError };

export type ApiTarget = ProfileTarget;

/** In demo mode the client calls this same-origin prefix, which the MSW worker answers. */
export const DEMO_API_BASE_URL_PATH = '/demo-api';

export const DEMO_KEYWORD = 'mock';
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

export type Source = 'config.json' | 'VITE_API_BASE_URL' | 'apis';

export const FIX_HINT: Record<Source, string> = {
  'config.json': 'Fix apiBaseUrl in config.json.',
  VITE_API_BASE_URL: 'Fix VITE_API_BASE_URL and rebuild.',
  apis: 'Fix apis in config.json.',
};

/** A last path segment such as v1 or V3: the API's version, which the console's paths start with. */
const VERSION_AT_END = /\/(v\d+)$/i;

/**
 * Decides where the API is. config.json wins over the build-time value so that one production
 * build can be pointed anywhere (or at the demo) without rebuilding.
 */
export function resolveApiTarget(runtime: unknown, buildTime: string | undefined): ApiTarget {
  const runtimeValue = readRuntimeBaseUrl(runtime);
  if (isSet(runtimeValue)) return parseBaseUrl(runtimeValue, 'config.json');
  if (isSet(buildTime)) return parseBaseUrl(buildTime, 'VITE_API_BASE_URL');
  return { mode: 'demo' };
}

/** What config.json (and the build) decide, read and checked once at start-up. */
export interface ConsoleSettings {
  /**
   * The APIs to choose from, in config.json's order: one for `apiBaseUrl` (or the demo), one per
   * entry of `apis`. Never empty.
   */
  profiles: ApiProfile[];
  /** A request with no complete answer by then is abandoned (a network failure). */
  requestTimeoutMs: number;
  /**
   * Where images (avatars) may come from, as Content-Security-Policy sources, besides the
   * console's own origin and data: URLs. The same list decides the served img-src.
   */
  imageSources: string[];
  /** Product categories offered as suggestions before any page of products has been seen. */
  categories: string[] | undefined;
  /** The sites that may frame the person card (/embed/…); none: embedding is off. */
  embedOrigins: string[];
}

export const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;
const MIN_REQUEST_TIMEOUT_MS = 1_000;
const MAX_REQUEST_TIMEOUT_MS = 600_000;
const MAX_CATEGORIES = 1_000;
const MAX_CATEGORY_LENGTH = 200;

/**
 * Reads config.json's `apis` (lib/config-apis.ts). Passed in rather than imported: start-up loads
 * it only when config.json has `apis`, so a single-API console does not download it.
 */
export type ApisReader = (config: Record<string, unknown>) => ApiProfile[];

/**
 * Reads config.json's top-level `oidc` (lib/config-oidc.ts). Passed in for the same reason: start-up
 * loads it only when config.json has `oidc`.
 */
export type OidcReader = (config: Record<string, unknown>, target: ApiTarget) => OidcSettings;

/**
 * Words what is wrong with config.json's names (lib/unknown-keys.ts, unknownKeysProblem). Passed in
 * for the same reason: start-up loads it only when config.json has a name it does not know.
 */
export type KeysExplainer = (
  object: Record<string, unknown>,
  known: readonly string[],
) => string | undefined;

export function resolveSettings(
  runtime: unknown,
  buildTime: string | undefined,
  readApis?: ApisReader,
  readOidc?: OidcReader,
  explainKeys?: KeysExplainer,
): ConsoleSettings {
  const config = isPlainObject(runtime) ? runtime : {};
  if (unknownKeysOf(config, CONFIG_KEYS).length > 0) {
    if (!explainKeys) throw new Error('explainKeys (lib/unknown-keys.ts) is needed');
    throw new ConfigError(`config.json is refused: ${explainKeys(config, CONFIG_KEYS)}`);
  }
  const profiles = resolveProfiles(runtime, buildTime, readApis, readOidc);
  const settings = {
    profiles,
    requestTimeoutMs: readTimeout(config.requestTimeoutMs),
    imageSources: readImageSources(
      config.imageOrigins,
      profiles.map((profile) => profile.target),
    ),
    categories: readCategories(config.categories),
    embedOrigins: readEmbedOrigins(config.embedOrigins),
  };
  // Settings without an API are a mistake, not a wish for fake data: only a config.json with
  // nothing in it (or "mock") means the demo. Checked last, so a setting's own problem comes first.
  const demoByOmission = !isSet(config.apiBaseUrl) && !isSet(buildTime);
  if (profiles[0]?.target.mode === 'demo' && demoByOmission && Object.keys(config).length > 0) {
    throw new ConfigError(
      'config.json names no API: set "apiBaseUrl" to the API\'s address, or to "mock" for the demo (only an empty config.json starts it by itself).',
    );
  }
  return settings;
}

/** The origins of every configured API (none in demo mode): what connect-src must allow. */
export function apiOriginsOf(profiles: readonly ApiProfile[]): string[] {
  return unique(
    profiles.flatMap((profile) => (profile.target.mode === 'api' ? [profile.target.origin] : [])),
  );
}

/**
 * What connect-src must allow: every API origin, and the origin of every identity provider (its
 * discovery, token, revocation and key endpoints: features/auth/oidc refuses endpoints on another
 * origin than the issuer's, so the issuer's origin covers them).
 */
export function connectOriginsOf(profiles: readonly ApiProfile[]): string[] {
  return unique([
    ...apiOriginsOf(profiles),
    ...profiles.flatMap((profile) => (profile.oidc ? [new URL(profile.oidc.issuer).origin] : [])),
  ]);
}

/**
 * `apis` in config.json lists several APIs; without it, `apiBaseUrl` (or the build-time value, or
 * the demo) is the one API, named after its host.
 */
export function resolveProfiles(
  runtime: unknown,
  buildTime: string | undefined,
  readApis?: ApisReader,
  readOidc?: OidcReader,
): ApiProfile[] {
  const target = resolveApiTarget(runtime, buildTime);
  const apis = isPlainObject(runtime) ? runtime.apis : undefined;
  if (apis === undefined || apis === null) {
    return [
      {
        key: '',
        name: target.mode === 'demo' ? 'Demo' : new URL(target.baseUrl).host,
        target,
        production: false,
        ...(readOidc &&
          isPlainObject(runtime) &&
          runtime.oidc != null && { oidc: readOidc(runtime, target) }),
      },
    ];
  }
  if (!readApis) throw new Error('readApis (lib/config-apis.ts) is needed');
  return readApis(runtime as Record<string, unknown>);
}

function readTimeout(value: unknown): number {
  if (value === undefined || value === null) return DEFAULT_REQUEST_TIMEOUT_MS;
  if (
    typeof value !== 'number' ||
    !Number.isInteger(value) ||
    value < MIN_REQUEST_TIMEOUT_MS ||
    value > MAX_REQUEST_TIMEOUT_MS
  ) {
    throw new ConfigError(
      `requestTimeoutMs in config.json must be a whole number of milliseconds from ${MIN_REQUEST_TIMEOUT_MS} to ${MAX_REQUEST_TIMEOUT_MS}, got ${describeValue(value)}.`,
    );
  }
  return value;
}

/**
 * By default images may come from the API's origin and any https: address (avatars are URLs the
 * API hands out). `imageOrigins` narrows (or widens) that: each entry is an origin such as
 * "https://cdn.example.com" or a bare scheme, "https:". Plain http: is never allowed unless named.
 */
function readImageSources(value: unknown, targets: readonly ApiTarget[]): string[] {
  if (value === undefined || value === null) {
    const origins = targets.flatMap((target) => (target.mode === 'api' ? [target.origin] : []));
    return unique([...origins, 'https:']);
  }
  const refuse = (detail: string): never => {
    throw new ConfigError(
      `imageOrigins in config.json must be a list of origins such as "https://cdn.example.com" or the scheme "https:": ${detail}`,
    );
  };
  if (!Array.isArray(value)) return refuse(`got ${describe(value)}.`);
  return unique(
    value.map((entry) => {
      if (typeof entry !== 'string') return refuse(`got ${describe(entry)} in the list.`);
      const source = entry.trim();
      if (source === 'https:' || source === 'http:') return source;
      let url: URL | undefined;
      try {
        url = new URL(source);
      } catch {
        url = undefined;
      }
      const isOrigin =
        url !== undefined &&
        (url.protocol === 'https:' || url.protocol === 'http:') &&
        source.replace(/\/$/, '').toLowerCase() === url.origin;
      return isOrigin && url ? url.origin : refuse(`"${source.slice(0, 100)}" is neither.`);
    }),
  );
}

function readCategories(value: unknown): string[] | undefined {
  if (value === undefined || value === null) return undefined;
  const valid =
    Array.isArray(value) &&
    value.length <= MAX_CATEGORIES &&
    value.every(
      (item) =>
        typeof item === 'string' && item.trim() !== '' && item.length <= MAX_CATEGORY_LENGTH,
    );
  if (!valid) {
    throw new ConfigError(
      `categories in config.json must be a list of at most ${MAX_CATEGORIES} non-empty names (each at most ${MAX_CATEGORY_LENGTH} characters), such as ["Books", "Toys & Games"].`,
    );
  }
  return unique((value as string[]).map((item) => item.trim()));
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}

function describeValue(value: unknown): string {
  return typeof value === 'number' ? String(value) : describe(value);
}

export function apiBaseUrlFor(target: ApiTarget, locationOrigin: string): string {
  return target.mode === 'demo' ? `${locationOrigin}${DEMO_API_BASE_URL_PATH}` : target.baseUrl;
}

/**
 * Reads the optional config.json served beside index.html. Resolves undefined when there is no
 * such file (a 404, or the HTML page a single-page-app host answers unknown paths with); throws
 * ConfigError when there is one but it cannot be used, because silently falling back to another
 * API (or to the demo) would hide a broken deployment. A file served as text/plain or
 * application/octet-stream is still a config file: it is parsed, not ignored.
 */
export async function loadRuntimeConfig(
  fetchImpl: typeof fetch = fetch,
  url = '/config.json',
): Promise<Record<string, unknown> | undefined> {
  let response: Response;
  try {
    // The default cache mode lets the page's <link rel=preload> answer; the server marks the file
    // no-cache, so it is revalidated rather than served stale.
    response = await fetchImpl(url, { headers: { Accept: 'application/json' } });
  } catch (error) {
    // A TypeError means the file could not be fetched at all (offline, blocked). The file is
    // optional, so start with the build-time setting rather than not starting; anything else
    // (e.g. an abort) is not ours to swallow.
    if (error instanceof TypeError) return undefined;
    throw error;
  }

  if (response.status === 404) return undefined;
  if (!response.ok) {
    throw new ConfigError(
      `config.json could not be loaded: the server answered ${response.status}.`,
    );
  }
  const text = await response.text();
  if (isHtml(response.headers.get('content-type'), text)) return undefined;
  return parseRuntimeConfig(text);
}

/**
 * Parses the text of config.json, as the browser and the servers that send the security headers
 * read it. A leading byte-order mark is dropped (editors on Windows add one; the browser's own
 * decoder drops it too, so both sides must agree).
 */
export function parseRuntimeConfig(text: string): Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(stripBom(text));
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new ConfigError(`config.json is not valid JSON: ${reason}`);
  }
  if (!isPlainObject(parsed)) {
    throw new ConfigError(
      `config.json is not valid JSON: expected an object such as {"apiBaseUrl": "https://api.example.com"}, got ${describe(parsed)}.`,
    );
  }
  return parsed;
}

export function stripBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

function readRuntimeBaseUrl(runtime: unknown): unknown {
  if (runtime === undefined || runtime === null) return undefined;
  if (!isPlainObject(runtime)) {
    throw new ConfigError(`config.json must be a JSON object, got ${describe(runtime)}.`);
  }
  const value = runtime.apiBaseUrl;
  if (value !== undefined && value !== null && typeof value !== 'string') {
    throw new ConfigError(
      `apiBaseUrl in config.json must be a string, got ${describe(value)}. ${FIX_HINT['config.json']}`,
    );
  }
  return value;
}

export function isSet(value: unknown): value is string {
  return typeof value === 'string' && value.trim() !== '';
}

export function parseBaseUrl(raw: string, source: Source): ApiTarget {
  const value = raw.trim();
  if (value === DEMO_KEYWORD) return { mode: 'demo' };

  let shown = value;
  const refuse = (reason: string): never => {
    throw new ConfigError(`API base URL "${shown}" is refused: ${reason} ${FIX_HINT[source]}`);
  };

  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return refuse('it is not an absolute URL such as https://api.example.com.');
  }
  // The message ends up on screen and in logs: never echo a password or a query (it may be a key).
  shown = withoutSecrets(url, value);
  const loopback = LOOPBACK_HOSTS.has(url.hostname);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback)) {
    refuse('only https: is allowed (http: only for localhost, 127.0.0.1 and [::1]).');
  }
  if (url.username !== '' || url.password !== '') {
    refuse('it must not contain a user name or password.');
  }
  // Checked on the raw text too: the URL parser drops an empty "?" or "#".
  if (url.search !== '' || url.hash !== '' || /[?#]/.test(value)) {
    refuse('it must not contain a query (?) or a fragment (#).');
  }

  const basePath = url.pathname.replace(/\/+$/, '');
  const version = VERSION_AT_END.exec(basePath)?.[1];
  if (version !== undefined) {
    const root = `${url.origin}${basePath.slice(0, -version.length - 1)}`;
    refuse(
      `it ends in the API's version (/${version}), which the console adds itself (its requests would go to ${basePath}/v1/users). Use "${root}" instead.`,
    );
  }
  return { mode: 'api', baseUrl: `${url.origin}${basePath}`, origin: url.origin };
}

function withoutSecrets(url: URL, raw: string): string {
  if (url.username === '' && url.password === '' && !/[?#]/.test(raw)) return raw;
  const credentials = url.username !== '' || url.password !== '' ? '***@' : '';
  const query = url.search !== '' || raw.includes('?') ? '?…' : '';
  const fragment = url.hash !== '' || raw.includes('#') ? '#…' : '';
  return `${url.protocol}//${credentials}${url.host}${url.pathname}${query}${fragment}`;
}

/** The SPA fallback: served as text/html, or (from a careless host) untyped but plainly markup. */
function isHtml(contentType: string | null, text: string): boolean {
  const mediaType = contentType?.split(';')[0]?.trim().toLowerCase() ?? '';
  if (mediaType === 'text/html') return true;
  return mediaType === '' && /^\s*</.test(stripBom(text));
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return `a ${typeof value}`;
}
