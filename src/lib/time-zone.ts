import { useSyncExternalStore } from 'react';
import { readText, removeStored, writeText } from './storage';

/**
 * The one time zone the console shows times in: UTC (the default, as the API, the ticket and the
 * HAR have them), or this device's zone by name. Remembered on this device; every tab follows a
 * change. What depends on the zone (a day search, the Overview's months) reads it here and keys
 * on it, so an answer counted in one zone is never shown as another's.
 */

export type TimeZoneChoice = 'utc' | 'device';

const STORAGE_KEY = 'admin-console.time-zone';
const listeners = new Set<() => void>();
let choice: TimeZoneChoice | undefined;

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
  return readText('local', STORAGE_KEY) === 'device' ? 'device' : 'utc';
}

export function timeZoneChoice(): TimeZoneChoice {
  return (choice ??= readChoice());
}

/** The zone's IANA name: 'UTC', or this device's. */
export function timeZoneInForce(): string {
  return timeZoneChoice() === 'device' ? (deviceTimeZone() ?? 'UTC') : 'UTC';
}

/** Remembered on the device; where storage is denied, for this page's life (storage.ts). */
export function setTimeZoneChoice(next: TimeZoneChoice): void {
  if (next === 'utc') removeStored('local', STORAGE_KEY);
  else writeText('local', STORAGE_KEY, next);
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
  if (event.key === STORAGE_KEY || event.key === null) changed(readChoice());
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
