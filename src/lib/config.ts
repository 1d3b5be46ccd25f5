export type ApiTarget =
  | { mode: 'demo' }
  | { mode: 'api'; /** Normalised: no trailing slash. */ baseUrl: string; origin: string };

/** In demo mode the client calls this same-origin prefix, which the MSW worker answers. */
export const DEMO_API_BASE_URL_PATH = '/demo-api';

const DEMO_KEYWORD = 'mock';
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

type Source = 'config.json' | 'VITE_API_BASE_URL';

const FIX_HINT: Record<Source, string> = {
  'config.json': 'Fix apiBaseUrl in config.json.',
  VITE_API_BASE_URL: 'Fix VITE_API_BASE_URL and rebuild.',
};

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

export function apiBaseUrlFor(target: ApiTarget, locationOrigin: string): string {
  return target.mode === 'demo' ? `${locationOrigin}${DEMO_API_BASE_URL_PATH}` : target.baseUrl;
}

/**
 * Reads the optional config.json served beside index.html. Resolves undefined when there is no
 * such file; throws ConfigError when there is one but it cannot be used, because silently falling
 * back to another API (or to the demo) would hide a broken deployment.
 */
export async function loadRuntimeConfig(
  fetchImpl: typeof fetch = fetch,
  url = '/config.json',
): Promise<Record<string, unknown> | undefined> {
  let response: Response;
  try {
    response = await fetchImpl(url, { cache: 'no-store', headers: { Accept: 'application/json' } });
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
  // Dev and preview servers (and most static hosts) answer unknown paths with index.html and a
  // 200, so a non-JSON answer means "no config.json", not "broken config.json".
  if (!isJsonContentType(response.headers.get('content-type'))) return undefined;

  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
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

function isSet(value: unknown): value is string {
  return typeof value === 'string' && value.trim() !== '';
}

function parseBaseUrl(raw: string, source: Source): ApiTarget {
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
  return { mode: 'api', baseUrl: `${url.origin}${basePath}`, origin: url.origin };
}

function withoutSecrets(url: URL, raw: string): string {
  if (url.username === '' && url.password === '' && !/[?#]/.test(raw)) return raw;
  const credentials = url.username !== '' || url.password !== '' ? '***@' : '';
  const query = url.search !== '' || raw.includes('?') ? '?…' : '';
  const fragment = url.hash !== '' || raw.includes('#') ? '#…' : '';
  return `${url.protocol}//${credentials}${url.host}${url.pathname}${query}${fragment}`;
}

function isJsonContentType(contentType: string | null): boolean {
  if (contentType === null) return false;
  const mediaType = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  return mediaType === 'application/json' || mediaType.endsWith('+json');
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return `a ${typeof value}`;
}
