/**
 * "Did you mean …?" for the name of a setting: the known name closest to a mistyped one, or none
 * when nothing is close enough to be a fair guess. Names are compared case-folded and without
 * `_`, `-` and spaces (apiBaseURL, api_base_url and API-BASE-URL are all apiBaseUrl), by edit
 * distance counting a swap of two neighbours as one edit (optimal string alignment); a name that
 * holds a known one whole, or is held by it (baseUrl in apiBaseUrl), is a guess too, after any
 * name within the distance.
 *
 * The container's start-up hook makes the same guess in awk (deploy/17-admin-console-lib.envsh,
 * `_console_unknown_variables`); scripts/nginx-config.test.ts runs both on the same names.
 */

/** A part of at least this many characters, held whole by the other name, makes a guess. */
const MIN_HELD_LENGTH = 4;
/** More than any number of edits allowedEdits gives: a name held whole ranks after those. */
const HELD_SCORE = 4;

export function foldName(name: string): string {
  return name.toLowerCase().replace(/[\s_-]/g, '');
}

/** Edits (insert, delete, replace, swap two neighbours) from `a` to `b`, by code point. */
export function editDistance(a: string, b: string): number {
  const s = [...a];
  const t = [...b];
  // Three rows of the table are enough: the swap looks two rows back.
  let before: number[] = [];
  let previous = Array.from({ length: t.length + 1 }, (_, j) => j);
  for (let i = 1; i <= s.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= t.length; j += 1) {
      const cost = s[i - 1] === t[j - 1] ? 0 : 1;
      let best = Math.min(
        (previous[j] as number) + 1,
        (current[j - 1] as number) + 1,
        (previous[j - 1] as number) + cost,
      );
      if (i > 1 && j > 1 && s[i - 1] === t[j - 2] && s[i - 2] === t[j - 1]) {
        best = Math.min(best, (before[j - 2] as number) + 1);
      }
      current.push(best);
    }
    before = previous;
    previous = current;
  }
  return previous[t.length] as number;
}

/** How many edits still make a fair guess between names of these folded lengths. */
export function allowedEdits(shorterLength: number): number {
  if (shorterLength <= 4) return 1;
  return shorterLength <= 7 ? 2 : 3;
}

/** The known name `name` most likely meant, or undefined when none is close. */
export function closestName(name: string, known: readonly string[]): string | undefined {
  const folded = foldName(name);
  let best: string | undefined;
  let bestScore = Infinity;
  for (const candidate of known) {
    const target = foldName(candidate);
    const shorter = Math.min([...folded].length, [...target].length);
    const distance = editDistance(folded, target);
    const held = shorter >= MIN_HELD_LENGTH && (target.includes(folded) || folded.includes(target));
    const score = distance <= allowedEdits(shorter) ? distance : held ? HELD_SCORE : Infinity;
    if (score < bestScore) {
      best = candidate;
      bestScore = score;
    }
  }
  return best;
}
