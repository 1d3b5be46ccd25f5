/**
 * Generated avatars, served by the mock itself: the data's avatar host does not exist, and a demo
 * full of broken images (and failed requests in the console) helps nobody. Every avatar on that
 * host is the demo's own, whatever its scheme (one edge-case user's is plain http:): all are
 * served under the API, which the default image sources allow, so no demo user's avatar is
 * "not shown" for coming from an address the demo itself does not allow.
 */
const DEMO_AVATAR_HOST = 'avatars.example.com';
const PALETTE = ['#1d4ed8', '#0f766e', '#7c3aed', '#b45309', '#be123c', '#15803d', '#4338ca'];

/**
 * The URL the API returns for a generated avatar: under the API base the request came in on
 * (e.g. `http://127.0.0.1:4010` or `https://console.example/demo-api`), so it works in the
 * browser worker and on the standalone server alike. Other avatars are returned as stored.
 */
export function servedAvatarUrl(storedUrl: string, apiBase: string): string {
  let url: URL;
  try {
    url = new URL(storedUrl);
  } catch {
    return storedUrl;
  }
  if (url.host !== DEMO_AVATAR_HOST || (url.protocol !== 'https:' && url.protocol !== 'http:')) {
    return storedUrl;
  }
  const file = url.pathname.slice(1).replace(/\.png$/, '.svg');
  return `${apiBase}/__demo/avatars/${encodeURIComponent(file)}`;
}

export function avatarSvg(id: string, name: string): string {
  const initials = name
    .split(/\s+/)
    .map((word) => word.match(/\p{L}/u)?.[0] ?? '')
    .filter(Boolean)
    .slice(0, 2)
    .join('')
    .toUpperCase();
  let hash = 0;
  for (const char of id) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  const color = PALETTE[hash % PALETTE.length];
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96"><rect width="96" height="96" fill="${color}"/><text x="48" y="58" font-family="system-ui, sans-serif" font-size="36" fill="#fff" text-anchor="middle">${escapeXml(initials)}</text></svg>`;
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
