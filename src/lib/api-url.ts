import type { QueryParams } from './api-client-types';

/** The API's base URL, normalised: its origin and its path without a trailing slash. */
export type ApiBase = { origin: string; basePath: string; baseUrl: string };

export function apiBase(baseUrl: string): ApiBase {
  const base = new URL(baseUrl);
  const basePath = base.pathname.replace(/\/+$/, '');
  return { origin: base.origin, basePath, baseUrl: `${base.origin}${basePath}` };
}

/**
 * The URL of `path` (relative to the base, starting with '/') with the query's non-empty values.
 * The token goes with every request, so the URL must not be able to leave the API's origin (a
 * protocol-relative '//host' would) or its base path (dot segments would).
 */
export function buildApiUrl(
  { origin, basePath, baseUrl }: ApiBase,
  path: string,
  query: QueryParams | undefined,
): URL {
  if (!path.startsWith('/') || path.startsWith('//') || /[?#\\]/.test(path)) {
    throw new Error(`API path must start with a single '/' and carry no query: ${path}`);
  }
  const url = new URL(`${baseUrl}${path}`);
  if (url.origin !== origin || url.pathname !== `${basePath}${path}`) {
    throw new Error(
      `API path must be in canonical form (no dot segments, segments percent-encoded): ${path}`,
    );
  }
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue;
    if (typeof value === 'string' && value.trim() === '') continue;
    if (typeof value === 'number' && !Number.isFinite(value)) continue;
    url.searchParams.append(name, String(value));
  }
  return url;
}
