import { parseFindQuery, type FindQuery } from './find-query';

export const MAX_BULK_ENTRIES = 1_000;

export interface BulkEntry {
  /** As pasted. */
  input: string;
  query: Extract<FindQuery, { kind: 'id' | 'email' | 'invalid' }>;
}

export type BulkInput =
  { ok: true; entries: BulkEntry[]; duplicates: number } | { ok: false; problem: string };

/**
 * What was pasted into Look up many: ids, e-mail addresses or user links, one a line or separated
 * by commas, semicolons or spaces (none of them holds one). Each is looked up once, in the order
 * first given; a name is not a lookup (it may match many people), so it is reported, not searched.
 */
export function parseBulkInput(text: string): BulkInput {
  const parts = text.split(/[\s,;]+/u).filter((part) => part !== '');
  if (parts.length === 0) {
    return { ok: false, problem: 'Paste user IDs, e-mail addresses or user links, one a line.' };
  }
  const seen = new Set<string>();
  const entries: BulkEntry[] = [];
  for (const input of parts) {
    const parsed = parseFindQuery(input);
    const query: BulkEntry['query'] =
      parsed.kind === 'name' || parsed.kind === 'date'
        ? { kind: 'invalid', problem: 'Not a user ID, e-mail address or user link' }
        : parsed;
    const key =
      query.kind === 'id'
        ? `id:${query.id}`
        : query.kind === 'email'
          ? `email:${query.text.toLowerCase()}`
          : `text:${input}`;
    if (seen.has(key)) continue;
    seen.add(key);
    entries.push({ input, query });
  }
  if (entries.length > MAX_BULK_ENTRIES) {
    return {
      ok: false,
      problem: `That is ${entries.length.toLocaleString('en')} different entries: look up at most ${MAX_BULK_ENTRIES.toLocaleString('en')} at once.`,
    };
  }
  return { ok: true, entries, duplicates: parts.length - entries.length };
}
