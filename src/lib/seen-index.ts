import { foldText, normaliseQuery } from './list-search/text-fold';

/**
 * An index of the records a tab has seen (users, products), in memory, so a box can suggest them
 * as the person types, with no request. Bounded: the oldest seen go first. Pure: who fills it and
 * for how long it lives is the caller's (lib/seen-index-client.ts keeps one per query client).
 */

export interface SeenIndexShape<T> {
  /** The most kept. */
  max: number;
  idOf: (record: T) => string;
  /** Matched by its start and by the start of any later word in it. */
  nameOf: (record: T) => string;
  /** Other texts matched by their start only (an e-mail). */
  alsoStartsOf?: (record: T) => readonly string[];
}

export interface SeenIndex<T> {
  /** Seen now: a record seen before moves to the newest, as given this time. */
  remember: (records: readonly T[]) => void;
  get: (id: string) => T | undefined;
  size: () => number;
  /**
   * Up to `limit` records for what is typed (case, accents and extra spaces aside; two
   * characters at least), most recently seen first: those whose name, other text or id starts
   * with it, then those with a later word of the name that does.
   */
  suggest: (text: string, limit: number) => T[];
  clear: () => void;
}

interface Entry<T> {
  record: T;
  /** Folded once, when seen, rather than at every keystroke. */
  foldedName: string;
  foldedStarts: readonly string[];
  lowerId: string;
}

export function createSeenIndex<T>(shape: SeenIndexShape<T>): SeenIndex<T> {
  // A Map keeps insertion order: oldest seen first.
  const seen = new Map<string, Entry<T>>();

  function startsWith(entry: Entry<T>, query: string): boolean {
    return (
      entry.foldedName.startsWith(query) ||
      entry.foldedStarts.some((text) => text.startsWith(query)) ||
      entry.lowerId.startsWith(query)
    );
  }

  return {
    remember(records) {
      for (const record of records) {
        const id = shape.idOf(record);
        // Re-inserted, so it counts as the newest.
        seen.delete(id);
        seen.set(id, {
          record,
          foldedName: foldText(shape.nameOf(record)),
          foldedStarts: (shape.alsoStartsOf?.(record) ?? []).map(foldText),
          lowerId: id.toLowerCase(),
        });
      }
      for (const id of seen.keys()) {
        if (seen.size <= shape.max) break;
        seen.delete(id);
      }
    },
    get: (id) => seen.get(id)?.record,
    size: () => seen.size,
    suggest(text, limit) {
      const query = foldText(normaliseQuery(text));
      if (query.length < 2) return [];
      const starts: T[] = [];
      const words: T[] = [];
      const entries = [...seen.values()];
      for (let i = entries.length - 1; i >= 0 && starts.length < limit; i -= 1) {
        const entry = entries[i] as Entry<T>;
        if (startsWith(entry, query)) starts.push(entry.record);
        else if (words.length < limit && entry.foldedName.includes(` ${query}`)) {
          words.push(entry.record);
        }
      }
      return [...starts, ...words].slice(0, limit);
    },
    clear: () => seen.clear(),
  };
}
