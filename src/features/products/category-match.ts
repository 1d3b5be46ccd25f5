/**
 * Which known category a typed one means. The API matches a category exactly, so the Category box
 * sends a known category's own spelling when the typed text can only mean that one: case and
 * accents aside (`electronique` is `Électronique`). When it could mean several (`cafe`, with both
 * `Cafe` and `Café` known), it does not guess: the text goes as typed, and the page offers them
 * all. An accent that was typed is meant, though (`café` is `Café`); one left out may be haste.
 */

/** Case and accents aside: lower case, then the marks of the decomposed letters removed. */
export function foldCategory(text: string): string {
  return text.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '');
}

export type CategoryMatch =
  /** The known category the text means; the text itself when it is one. */
  | { kind: 'known'; category: string }
  /** Several known categories the text could mean, in the order given. */
  | { kind: 'ambiguous'; candidates: string[] }
  | { kind: 'unknown' };

export function matchCategory(typed: string, categories: readonly string[]): CategoryMatch {
  if (categories.includes(typed)) return { kind: 'known', category: typed };
  const folded = foldCategory(typed);
  const candidates = unique(categories.filter((known) => foldCategory(known) === folded));
  if (candidates.length === 0) return { kind: 'unknown' };
  const meant = candidates.length === 1 ? candidates : candidates.filter(keepsAccentsOf(typed));
  return meant.length === 1 && meant[0] !== undefined
    ? { kind: 'known', category: meant[0] }
    : { kind: 'ambiguous', candidates };
}

/** The known category a typed one means (see matchCategory); else the text as typed. */
export function canonicalCategory(
  category: string | undefined,
  categories: readonly string[],
): string | undefined {
  if (category === undefined) return undefined;
  const match = matchCategory(category, categories);
  return match.kind === 'known' ? match.category : category;
}

/**
 * Whether a typed category is only the start of known ones ("hom" of "Home & Garden"), case and
 * accents aside, and means no known category itself: a pause there is not a choice.
 */
export function isCategoryPrefix(
  category: string | undefined,
  categories: readonly string[],
): boolean {
  if (category === undefined) return false;
  const folded = foldCategory(category);
  return (
    matchCategory(category, categories).kind !== 'known' &&
    categories.some((known) => {
      const knownFolded = foldCategory(known);
      return knownFolded !== folded && knownFolded.startsWith(folded);
    })
  );
}

/**
 * What the Category box offers for the text typed: the known categories that contain it, case and
 * accents aside (`electro` offers `Électronique`), those that start with it first. All of them
 * when nothing is typed.
 */
export function categorySuggestions(typed: string, categories: readonly string[]): string[] {
  const folded = foldCategory(typed.trim());
  const starting: string[] = [];
  const containing: string[] = [];
  for (const known of unique(categories)) {
    const knownFolded = foldCategory(known);
    if (knownFolded.startsWith(folded)) starting.push(known);
    else if (knownFolded.includes(folded)) containing.push(known);
  }
  return [...starting, ...containing];
}

/**
 * The known categories a category that found nothing may have meant: those it could be (case and
 * accents aside) first, then those that contain it or that it contains ("toys" → "Toys & Games").
 */
export function similarCategories(category: string, categories: readonly string[]): string[] {
  const folded = foldCategory(category.trim());
  if (folded === '') return [];
  const same: string[] = [];
  const near: string[] = [];
  for (const known of unique(categories)) {
    if (known === category) continue;
    const knownFolded = foldCategory(known);
    if (knownFolded === folded) same.push(known);
    else if (knownFolded.includes(folded) || folded.includes(knownFolded)) near.push(known);
  }
  return [...same, ...near];
}

/** A letter with the marks that follow it, once decomposed; marks with no letter stand alone. */
const LETTER = /\P{M}\p{M}*|\p{M}+/gu;

function letters(text: string): string[] {
  return text.toLowerCase().normalize('NFD').match(LETTER) ?? [];
}

/**
 * Whether a known category has every accent where the typed text has one ("café" keeps Café, not
 * Cafe). Only asked of a category that folds to the same text, so the letters line up.
 */
function keepsAccentsOf(typed: string): (known: string) => boolean {
  const typedLetters = letters(typed);
  return (known) => {
    const knownLetters = letters(known);
    return (
      knownLetters.length === typedLetters.length &&
      typedLetters.every(
        (letter, index) =>
          letter.replace(/\p{M}/gu, '') === letter || letter === knownLetters[index],
      )
    );
  };
}

function unique(list: readonly string[]): string[] {
  return [...new Set(list)];
}
