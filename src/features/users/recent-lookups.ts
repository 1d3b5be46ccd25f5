import * as v from 'valibot';
import { readStored, writeStored } from '../../lib/storage';
import { recentLookupsKey } from './user-storage';

const MAX = 5;

/** A list as stored; anything in it but an id is dropped, the ids kept. */
const StoredLookups = v.pipe(
  v.array(v.unknown()),
  v.transform((items) => items.filter((item): item is string => v.is(v.string(), item))),
);

/** The last few ids looked up, kept for this tab's session only (or the page's, storage denied). */
export function readRecentLookups(): string[] {
  return (readStored('session', recentLookupsKey(), StoredLookups) ?? []).slice(0, MAX);
}

export function rememberLookup(id: string): string[] {
  const next = [id, ...readRecentLookups().filter((existing) => existing !== id)].slice(0, MAX);
  writeStored('session', recentLookupsKey(), next);
  return next;
}
