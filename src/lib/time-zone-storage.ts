import { readText, removeStored, writeText } from './storage';
import { rememberTimeZoneIn } from './time-zone';

const KEY = 'admin-console.time-zone';

/**
 * Remembers the time zone choice on this device (localStorage, through storage.ts: memory alone
 * where the browser denies it). Called once at start-up, before the first render, beside the
 * theme; only the entry imports this, so the lazy chunks that read the zone never load storage.
 */
export function initTimeZone(): void {
  rememberTimeZoneIn({
    key: KEY,
    read: () => readText('local', KEY),
    write: (value) =>
      value === null ? removeStored('local', KEY) : void writeText('local', KEY, value),
  });
}
