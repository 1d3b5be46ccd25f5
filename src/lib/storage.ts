import * as v from 'valibot';

/**
 * The one way to the browser's sessionStorage (this tab) and localStorage (this device).
 *
 * Storage can be denied altogether: Chrome's "block all cookies", some enterprise policies and a
 * frame on another site make the very `window.sessionStorage` getter throw a SecurityError. A
 * write can fail on its own too (the quota, a private window). Whatever fails, what this page
 * wrote is kept in memory and read back from there, so the console works for the page's life and
 * `storageDenied()` lets it say so once. Nothing here throws.
 */
export type StorageArea = 'session' | 'local';

/** What the page wrote and the browser would not keep, per area. */
const memory: Record<StorageArea, Map<string, string>> = {
  session: new Map(),
  local: new Map(),
};

function browserStorage(area: StorageArea): Storage | null {
  try {
    return (area === 'session' ? window.sessionStorage : window.localStorage) ?? null;
  } catch {
    return null;
  }
}

/** Whether the browser lets this page have the area at all (denied or turned off: not). */
export function storageUsable(area: StorageArea): boolean {
  return browserStorage(area) !== null;
}

/** The browser refuses this page one of its storages: settings and sessions last for the page. */
export function storageDenied(): boolean {
  return !storageUsable('session') || !storageUsable('local');
}

export function readText(area: StorageArea, key: string): string | null {
  const kept = memory[area].get(key);
  if (kept !== undefined) return kept;
  try {
    return browserStorage(area)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** Why the browser did not keep a write: its quota, or storage denied or turned off. */
export type WriteFailure = 'full' | 'refused';

/**
 * Stores `text` in the browser or not at all, and says why not: for a save the person asked for,
 * which fails with the reason and changes nothing (this page's memory keeps nothing either).
 */
export function tryWriteText(area: StorageArea, key: string, text: string): WriteFailure | null {
  try {
    const storage = browserStorage(area);
    if (!storage) return 'refused';
    storage.setItem(key, text);
    memory[area].delete(key);
    return null;
  } catch (error) {
    return error instanceof DOMException && error.name === 'QuotaExceededError'
      ? 'full'
      : 'refused';
  }
}

/** Stores `text`; false when only this page's memory holds it. */
export function writeText(area: StorageArea, key: string, text: string): boolean {
  if (tryWriteText(area, key, text) === null) return true;
  memory[area].set(key, text);
  return false;
}

export function removeStored(area: StorageArea, key: string): void {
  memory[area].delete(key);
  try {
    browserStorage(area)?.removeItem(key);
  } catch {
    // Nothing the page can remove.
  }
}

/**
 * The JSON value under `key`, if it parses and matches `schema`; null otherwise (absent, damaged,
 * or written by another version of the console). `onInvalid` hears of a value that is there but
 * unusable, for a caller that says so or removes it.
 */
export function readStored<const Schema extends v.GenericSchema>(
  area: StorageArea,
  key: string,
  schema: Schema,
  onInvalid?: () => void,
): v.InferOutput<Schema> | null {
  const text = readText(area, key);
  if (text === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    onInvalid?.();
    return null;
  }
  const result = v.safeParse(schema, value);
  if (result.success) return result.output;
  onInvalid?.();
  return null;
}

/** Stores `value` as JSON; false when only this page's memory holds it. */
export function writeStored(area: StorageArea, key: string, value: unknown): boolean {
  return writeText(area, key, JSON.stringify(value));
}

/**
 * The area as a `Storage`-shaped object that never throws, for code written against that
 * interface (and tests that hand it a stand-in).
 */
export function safeStorage(
  area: StorageArea,
): Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> {
  return {
    getItem: (key) => readText(area, key),
    setItem: (key, value) => void writeText(area, key, value),
    removeItem: (key) => removeStored(area, key),
  };
}

/** For tests: forget what this page kept in memory. */
export function clearStorageMemory(): void {
  memory.session.clear();
  memory.local.clear();
}
