import { useSyncExternalStore } from 'react';

/**
 * The one time zone the console shows times in: UTC (the default, as the API, the ticket and the
 * HAR have them), or this device's zone by name. Remembered on this device (time-zone-storage.ts
 * connects it at start-up); every tab follows a change. What depends on the zone (a day search,
 * the Overview's months) reads it here and keys on it, so an answer counted in one zone is never
 * shown as another's.
 *
 * The storage is handed in rather than imported: this module is in most lazy chunks, and
 * importing lib/storage.ts (and valibot with it) from them made the bundler split the pages'
 * shared code into a dozen more files (+3.8 KB gzipped on /users).
 */

export type TimeZoneChoice = 'utc' | 'device';

/** Where the choice is remembered: a key of the device's storage. */
export interface TimeZoneMemory {
  key: string;
  read: () => string | null;
  /** `null` forgets it (UTC is the default). */
  write: (value: 'device' | null) => void;
}

const listeners = new Set<() => void>();
let choice: TimeZoneChoice | undefined;
let memory: TimeZoneMemory | undefined;

/** Before the first render; until then (and in tests that do not) the choice lasts the page. */
export function rememberTimeZoneIn(next: TimeZoneMemory): void {
  memory = next;
  changed(readChoice());
}

/** This device's zone by name ("America/Los_Angeles"); undefined where the browser has none. */
export function deviceTimeZone(): string | undefined {
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (!zone) return undefined;
    // A name the browser reports but cannot format in ("Etc/Unknown") is no zone to show.
    new Intl.DateTimeFormat('en-US', { timeZone: zone }).format(0);
    return zone;
  } catch {
    return undefined;
  }
}

function readChoice(): TimeZoneChoice {
  return memory?.read() === 'device' ? 'device' : 'utc';
}

export function timeZoneChoice(): TimeZoneChoice {
  return (choice ??= readChoice());
}

/** The zone's IANA name: 'UTC', or this device's. */
export function timeZoneInForce(): string {
  return timeZoneChoice() === 'device' ? (deviceTimeZone() ?? 'UTC') : 'UTC';
}

export function setTimeZoneChoice(next: TimeZoneChoice): void {
  memory?.write(next === 'utc' ? null : next);
  changed(next);
}

function changed(next: TimeZoneChoice) {
  if (next === choice) return;
  choice = next;
  for (const listener of [...listeners]) listener();
}

function subscribe(listener: () => void): () => void {
  if (listeners.size === 0) window.addEventListener('storage', onStorage);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', onStorage);
  };
}

// Another tab chose: this one follows, so two tabs never show one time two ways.
function onStorage(event: StorageEvent) {
  if (event.key === memory?.key || event.key === null) changed(readChoice());
}

/** The zone in force, as an IANA name; re-renders when it changes. */
export function useTimeZone(): string {
  return useSyncExternalStore(subscribe, timeZoneInForce);
}

export function useTimeZoneChoice(): TimeZoneChoice {
  return useSyncExternalStore(subscribe, timeZoneChoice);
}

/** "UTC", or "America/Los_Angeles (this device)": how the choices are named wherever offered. */
export function timeZoneChoiceLabel(option: TimeZoneChoice): string {
  return option === 'utc' ? 'UTC' : `${deviceTimeZone() ?? 'UTC'} (this device)`;
}
