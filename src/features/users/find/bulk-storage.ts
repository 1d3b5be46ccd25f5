import type { QueryClient } from '@tanstack/react-query';
import * as v from 'valibot';
import { apiClientFor } from '../../../lib/api-client';
import { readStored, removeStored, writeStored } from '../../../lib/storage';
import { bulkLookupKey } from '../user-storage';
import type { Row, RowState } from './bulk-lookup';
import { MAX_BULK_ENTRIES, parseBulkInput } from './bulk-input';

/**
 * Look up many's list and answers, kept for the tab (Back, reload) until sign-out. The record says
 * whose it is, the API's base URL and the person's `sub`, and is dropped when another reads it;
 * it is written only while that person's session (its generation) is the one signed in, under the
 * key of the API profile the lookup ran against, worked out when it started.
 */

/** Whose a lookup is: worked out when the page opens or a run starts, never when it is saved. */
export interface LookupOwner {
  /** The storage key of the API profile (user-storage.ts bulkLookupKey). */
  key: string;
  apiBaseUrl: string;
  sub: string | null;
  generation: number;
}

export function lookupOwner(queryClient: QueryClient): LookupOwner {
  const api = apiClientFor(queryClient);
  return {
    key: bulkLookupKey(),
    apiBaseUrl: api.baseUrl,
    sub: api.signedIn()?.sub ?? null,
    generation: api.sessionGeneration(),
  };
}

/** The owner is still the one signed in: not signed out, not another person, not a new sign-in. */
export function stillSignedIn(queryClient: QueryClient, owner: LookupOwner): boolean {
  const api = apiClientFor(queryClient);
  const person = api.signedIn();
  return (
    person !== undefined &&
    (person.sub ?? null) === owner.sub &&
    api.sessionGeneration() === owner.generation
  );
}

const foundSchema = v.object({
  id: v.string(),
  name: v.string(),
  email: v.string(),
  created_at: v.optional(v.string()),
});
const countSchema = v.pipe(v.number(), v.safeInteger(), v.minValue(0));

const rowStateSchema = v.variant('kind', [
  v.object({ kind: v.literal('waiting') }),
  v.object({ kind: v.literal('found'), user: foundSchema }),
  v.object({
    kind: v.literal('product'),
    product: v.object({ id: v.string(), name: v.string() }),
  }),
  v.object({ kind: v.literal('not-found') }),
  v.object({
    kind: v.literal('matches'),
    count: countSchema,
    truncated: v.boolean(),
    user: v.optional(foundSchema),
  }),
  v.object({ kind: v.literal('unfinished'), rows: countSchema, total: countSchema }),
  v.object({ kind: v.literal('failed'), reason: v.string() }),
]);

const savedSchema = v.object({
  apiBaseUrl: v.string(),
  sub: v.nullable(v.string()),
  /** The box. */
  text: v.string(),
  /** The text the states answer, entry by entry (the box may have changed since). */
  lookedUp: v.string(),
  states: v.pipe(v.array(rowStateSchema), v.maxLength(MAX_BULK_ENTRIES)),
});

type Saved = v.InferOutput<typeof savedSchema>;

/** What the page shows: the box, and the rows of the text last looked up. */
export interface LookupShown {
  text: string;
  lookedUp: string;
  rows: readonly Row[];
}

const NOTHING: LookupShown = { text: '', lookedUp: '', rows: [] };

/** Saves the lookup while its owner is signed in; nothing otherwise. */
export function saveLookup(
  queryClient: QueryClient,
  owner: LookupOwner,
  { text, lookedUp, rows }: LookupShown,
): void {
  if (!stillSignedIn(queryClient, owner)) return;
  const saved: Saved = {
    apiBaseUrl: owner.apiBaseUrl,
    sub: owner.sub,
    text,
    lookedUp,
    states: rows.map((row) => row.state),
  };
  // Storage full or denied: kept in the page's memory by storage.ts, or only not kept.
  writeStored('session', owner.key, saved);
}

/**
 * The owner's saved lookup, checked (storage is the browser's, and may hold anything); nothing
 * when it is another person's or another API's, which is dropped.
 */
export function restoreLookup(owner: LookupOwner): LookupShown & { rows: Row[] } {
  const forget = () => removeStored('session', owner.key);
  const saved = readStored('session', owner.key, savedSchema, forget);
  if (!saved) return { ...NOTHING, rows: [] };
  if (saved.apiBaseUrl !== owner.apiBaseUrl || saved.sub !== owner.sub) {
    forget();
    return { ...NOTHING, rows: [] };
  }
  const parsed = parseBulkInput(saved.lookedUp);
  if (!parsed.ok || saved.states.length !== parsed.entries.length) {
    return { text: saved.text, lookedUp: '', rows: [] };
  }
  return {
    text: saved.text,
    lookedUp: saved.lookedUp,
    rows: parsed.entries.map((entry, index) => ({
      entry,
      state: leftAnswer(saved.states[index] ?? { kind: 'waiting' }),
    })),
  };
}

/** Left before its answer came: said so, not "Waiting" for ever. */
function leftAnswer(state: RowState): RowState {
  return state.kind === 'waiting'
    ? { kind: 'failed', reason: 'Not looked up: the lookup stopped when the page was left' }
    : state;
}
