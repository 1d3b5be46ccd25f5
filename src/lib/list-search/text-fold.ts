/**
 * What "matches" means for a search of a list (Find, the users seen): case and accents aside. Lower-casing first lets a capital with a
 * dot (İ) decompose like any other accented letter; then the marks go.
 */
export function foldText(text: string): string {
  return text.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '');
}

/** A query as typed, with the spaces a paste brings (ends, doubles, tabs) made single. */
export function normaliseQuery(raw: string): string {
  return raw.replace(/\s+/gu, ' ').trim();
}

export type MatchKind = 'prefix' | 'exact';

/** Whether `value` matches the folded query: starts with it (names) or equals it (e-mails). */
export function matchesFolded(value: string, foldedQuery: string, kind: MatchKind): boolean {
  const folded = foldText(value);
  return kind === 'exact' ? folded === foldedQuery : folded.startsWith(foldedQuery);
}
