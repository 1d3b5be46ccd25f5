/** What the browser parts of the benchmark share: how a tab is signed in, and the avatar stand-in. */

import { serializeStoredSession } from '../../src/features/auth/session-store';

/** Where the console keeps a tab's session (src/features/auth/session-store.ts). */
export const TOKEN_STORAGE_KEY = 'admin-console.token';

/** What a tab signed in to `apiUrl` with `token` holds under TOKEN_STORAGE_KEY. */
export function storedSession(token: string, apiUrl: string): string {
  return serializeStoredSession(token, apiUrl);
}

/** The mock API's avatars point at this host, which does not resolve here. */
export const AVATAR_HOST = 'avatars.example.com';

export const STAND_IN_AVATAR = {
  status: 200,
  contentType: 'image/svg+xml',
  body: '<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96"><rect width="96" height="96" fill="#94a3b8"/></svg>',
};

export function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

export function percentile(values: number[], fraction: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] as number;
}
