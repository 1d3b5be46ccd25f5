import { recentLookupsKey } from './user-storage';

const MAX = 5;

/** The last few ids looked up, kept for this tab's session only. */
export function readRecentLookups(): string[] {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(recentLookupsKey()) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((id) => typeof id === 'string').slice(0, MAX) : [];
  } catch {
    return [];
  }
}

export function rememberLookup(id: string): string[] {
  const next = [id, ...readRecentLookups().filter((existing) => existing !== id)].slice(0, MAX);
  try {
    sessionStorage.setItem(recentLookupsKey(), JSON.stringify(next));
  } catch {
    // Suggestions are a convenience; without storage they are simply not offered.
  }
  return next;
}
