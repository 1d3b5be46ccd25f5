import { foldText } from './text-fold';

/**
 * The orders an API may mean by `sort=name` (or `sort=email`, or any text field). The spec says
 * neither how names compare nor which direction: a database's locale collation, a binary (C)
 * collation, `lower()`, a JavaScript `sort()`… The search keeps every order the pages it reads
 * agree with, and searches where any of them could hold a match.
 *
 * Each order answers two questions about the list:
 * - `precedes(a, b)`: may `a` come before `b`? (A page that says otherwise rules the order out.)
 * - `mayHoldPrefix(low, high)`: may a value that starts with the query (case and accents aside)
 *   sort between `low` and `high`, both included? (`undefined`: the list's end.) An unread stretch
 *   of pages between two read rows is skipped when no surviving order says yes.
 */
export interface SortOrder {
  readonly id: string;
  /** For people: "locale rules, ignoring case and accents". */
  readonly description: string;
  /** Names that differ only in case sort apart, so every casing must be searched. */
  readonly separatesCase: boolean;
  precedes(a: string, b: string): boolean;
  mayHoldPrefix(low: string | undefined, high: string | undefined): boolean;
  /**
   * Where between `low` and `high` (0: at low, 1: at high) values starting with the query would
   * begin, judged from the characters where the two bounds part: an interpolation guess, as one
   * opens a dictionary near the back for "w". None when this order cannot tell.
   */
  guess(low: string, high: string): number | undefined;
}

/** Every order the search considers, ascending and descending, for this (whitespace-normalised) query. */
export function candidateOrders(query: string): SortOrder[] {
  const ascending: SortOrder[] = [
    localeOrder('locale', 'locale rules, ignoring case and accents', query, {}),
    localeOrder('locale-numeric', 'locale rules with numbers by value', query, { numeric: true }),
    localeOrder('locale-letters', 'locale rules, ignoring spaces and punctuation', query, {
      ignorePunctuation: true,
    }),
    binaryOrder('code-unit', 'character codes (UTF-16), case-sensitive', query, codeUnits, same),
    binaryOrder('code-point', 'character codes, case-sensitive', query, codePoints, same),
    binaryOrder('lower-code-unit', 'character codes, ignoring case', query, codeUnits, lower),
    binaryOrder('lower-code-point', 'character codes, ignoring case', query, codePoints, lower),
    binaryOrder('upper-code-point', 'character codes, ignoring case', query, codePoints, upper),
  ];
  return [...ascending, ...ascending.map(descending)];
}

function descending(order: SortOrder): SortOrder {
  return {
    id: `${order.id}-descending`,
    description: `${order.description}, descending`,
    separatesCase: order.separatesCase,
    precedes: (a, b) => order.precedes(b, a),
    mayHoldPrefix: (low, high) => order.mayHoldPrefix(high, low),
    guess: (low, high) => {
      const fraction = order.guess(high, low);
      return fraction === undefined ? undefined : 1 - fraction;
    },
  };
}

/**
 * A collation compares whole strings at the primary level first (base letters), so values that
 * start with the query's letters are one run, from the query itself up to the query followed by
 * U+FFFF, which CLDR's root collation gives the highest primary weight for exactly this use.
 * Compared at base sensitivity: an API's order among names that differ only in case or accents is
 * its own business.
 */
function localeOrder(
  id: string,
  description: string,
  query: string,
  options: Intl.CollatorOptions,
): SortOrder {
  const collator = new Intl.Collator('en', { ...options, sensitivity: 'base', usage: 'sort' });
  const end = `${query}\uFFFF`;
  // Folded text in code units: near enough to the collator's primary weights for a guess.
  const target = codeUnits(foldText(query));
  return {
    id,
    description,
    separatesCase: false,
    precedes: (a, b) => collator.compare(a, b) <= 0,
    mayHoldPrefix: (low, high) =>
      (high === undefined || collator.compare(query, high) <= 0) &&
      (low === undefined || collator.compare(end, low) >= 0),
    guess: (low, high) =>
      fractionBetween(codeUnits(foldText(low)), codeUnits(foldText(high)), target),
  };
}

type Units = (text: string) => number[];

function codeUnits(text: string): number[] {
  const units = new Array<number>(text.length);
  for (let i = 0; i < text.length; i += 1) units[i] = text.charCodeAt(i);
  return units;
}

function codePoints(text: string): number[] {
  return Array.from(text, (char) => char.codePointAt(0) ?? 0);
}

const same = (text: string) => text;
const lower = (text: string) => text.toLowerCase();
const upper = (text: string) => text.toUpperCase();

function compareUnits(a: readonly number[], b: readonly number[]): number {
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i += 1) {
    const difference = (a[i] as number) - (b[i] as number);
    if (difference !== 0) return difference;
  }
  return a.length - b.length;
}

/**
 * A binary order (optionally over lower- or upper-cased text). Values that start with the query,
 * case and accents aside, are not one run here: "Grace", "GRACE" and "grace" sort far apart, and
 * so do "Jose" and "José". So the question "may such a value lie between low and high?" is asked
 * of every spelling at once: the spelling is built a character at a time from each query
 * character's variants (its cases and accented forms, and combining marks in between), keeping
 * only what stays within the bounds. Only the characters where a spelling touches a bound need
 * looking at, so this is quick however many spellings there are.
 */
function binaryOrder(
  id: string,
  description: string,
  query: string,
  units: Units,
  transform: (text: string) => string,
): SortOrder {
  const key = (text: string) => units(transform(text));
  const steps = Array.from(foldText(query), (char) => spellingsOf(char, units, transform));
  const marks = variants(COMBINING_MARKS, units, transform);
  const remembered = new Map<string, boolean>();
  // The spellings a person most likely means, as keys: as typed, Title Case, lower, UPPER.
  const likely = [query, titleCase(query), query.toLowerCase(), query.toUpperCase()].map(key);
  return {
    id,
    description,
    separatesCase: transform === same,
    precedes: (a, b) => compareUnits(key(a), key(b)) <= 0,
    mayHoldPrefix(low, high) {
      const cacheKey = `${low ?? '\u0000none'}\u0000${high ?? '\u0000none'}`;
      let answer = remembered.get(cacheKey);
      if (answer === undefined) {
        answer = spellingBetween(
          steps,
          marks,
          low === undefined ? undefined : key(low),
          high === undefined ? undefined : key(high),
        );
        remembered.set(cacheKey, answer);
      }
      return answer;
    },
    guess(low, high) {
      const lowKey = key(low);
      const highKey = key(high);
      const target = likely.find(
        (spelling) => compareUnits(lowKey, spelling) <= 0 && compareUnits(spelling, highKey) <= 0,
      );
      // An accented or oddly cased spelling lies here: halving finds it as well as a guess.
      return target === undefined ? undefined : fractionBetween(lowKey, highKey, target);
    },
  };
}

function titleCase(text: string): string {
  return text.replace(
    /(^|\s)(\S)/gu,
    (_, space: string, char: string) => space + char.toUpperCase(),
  );
}

/** Characters weighed past the point where the bounds part: three fit a double's precision. */
const GUESS_DEPTH = 3;
const GUESS_BASE = 0x10001;

/**
 * Where `target` lies between `low` and `high` (as code units, low <= high), reading each as a
 * number from the first unit where low and high differ: 0 at low, 1 at high. None when the bounds
 * are the same.
 */
export function fractionBetween(
  low: readonly number[],
  high: readonly number[],
  target: readonly number[],
): number | undefined {
  let common = 0;
  while (common < low.length && common < high.length && low[common] === high[common]) common += 1;
  for (let i = 0; i < common; i += 1) {
    const difference = (target[i] ?? -1) - (low[i] as number);
    if (difference !== 0) return difference < 0 ? 0 : 1;
  }
  // Only a character strictly between the bounds' says much: "Grace H…" between "Freya" and
  // "Grace K…" could be anywhere among the Graces, however close "h" is to "k".
  const at = target[common] ?? -1;
  if (at <= (low[common] ?? -1) || at >= (high[common] ?? -1)) return undefined;
  const value = (units: readonly number[]) => {
    let sum = 0;
    let scale = 1;
    for (let i = common; i < common + GUESS_DEPTH; i += 1) {
      scale /= GUESS_BASE;
      // A string that has ended sorts before every character.
      sum += ((units[i] ?? -1) + 1) * scale;
    }
    return sum;
  };
  const from = value(low);
  const to = value(high);
  if (!(to > from)) return undefined;
  return Math.min(1, Math.max(0, (value(target) - from) / (to - from)));
}

/**
 * Whether some spelling S (one variant per step, marks allowed between steps) has
 * low[0..|S|) <= S <= high, i.e. the run of values starting with S meets [low, high].
 */
function spellingBetween(
  steps: readonly (readonly number[])[][],
  marks: readonly (readonly number[])[],
  low: readonly number[] | undefined,
  high: readonly number[] | undefined,
): boolean {
  const seen = new Map<string, boolean>();
  const search = (step: number, at: number, lowTight: boolean, highTight: boolean): boolean => {
    // Free of both bounds: any spelling completes it.
    if (!lowTight && !highTight) return true;
    if (step === steps.length) return true;
    const memoKey = `${step},${at},${lowTight ? 1 : 0}${highTight ? 1 : 0}`;
    const known = seen.get(memoKey);
    if (known !== undefined) return known;
    seen.set(memoKey, false);
    const options = step > 0 ? [steps[step] ?? [], marks] : [steps[step] ?? []];
    let found = false;
    outer: for (const [kind, list] of options.entries()) {
      for (const variant of list) {
        let stillLow = lowTight;
        let stillHigh = highTight;
        let position = at;
        let fits = true;
        for (const unit of variant) {
          if (stillLow && low) {
            const bound = low[position];
            if (bound === undefined) stillLow = false;
            else if (unit < bound) fits = false;
            else if (unit > bound) stillLow = false;
          }
          if (fits && stillHigh && high) {
            const bound = high[position];
            if (bound === undefined || unit > bound) fits = false;
            else if (unit < bound) stillHigh = false;
          }
          if (!fits) break;
          position += 1;
        }
        if (!fits) continue;
        // A mark (kind 1) does not use up the query character it follows.
        if (search(kind === 1 ? step : step + 1, position, stillLow, stillHigh)) {
          found = true;
          break outer;
        }
      }
    }
    seen.set(memoKey, found);
    return found;
  };
  return search(0, 0, low !== undefined, high !== undefined);
}

/** Combining diacritical marks: what a decomposed "é" (e + U+0301) carries between letters. */
const COMBINING_MARKS = Array.from({ length: 0x70 }, (_, i) => String.fromCharCode(0x300 + i));

let foldedToChars: Map<string, string[]> | undefined;

/**
 * Every BMP character grouped by its folded form ("e" → e, E, é, É, ê, …), built once (about 30
 * ms) and only when a binary order is considered.
 */
function charactersByFold(): Map<string, string[]> {
  if (!foldedToChars) {
    foldedToChars = new Map();
    for (let code = 0; code <= 0xffff; code += 1) {
      if (code >= 0xd800 && code <= 0xdfff) continue;
      const char = String.fromCharCode(code);
      const folded = foldText(char);
      const list = foldedToChars.get(folded);
      if (list) list.push(char);
      else foldedToChars.set(folded, [char]);
    }
  }
  return foldedToChars;
}

function spellingsOf(folded: string, units: Units, transform: (text: string) => string) {
  return variants([folded, ...(charactersByFold().get(folded) ?? [])], units, transform);
}

function variants(chars: readonly string[], units: Units, transform: (text: string) => string) {
  const unique = new Map<string, number[]>();
  for (const char of chars) {
    const text = transform(char);
    unique.set(text, units(text));
  }
  return [...unique.values()].sort(compareUnits);
}
