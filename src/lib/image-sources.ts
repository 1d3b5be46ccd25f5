/**
 * Whether the page may load an image from `url` under its Content-Security-Policy: its own
 * origin, or one of the configured image sources (origins such as "https://cdn.example.com", or
 * a bare scheme such as "https:"). Checked before an <img> is rendered, so an avatar the policy
 * would block is never requested (and never reported as a violation).
 */
export function isAllowedImageUrl(
  url: string,
  sources: readonly string[],
  selfOrigin: string = globalThis.location?.origin ?? '',
): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return false;
  if (parsed.origin === selfOrigin) return true;
  return sources.some((source) =>
    source.endsWith(':') ? parsed.protocol === source : parsed.origin === source,
  );
}
