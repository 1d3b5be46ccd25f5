import * as v from 'valibot';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  readStored,
  readText,
  removeStored,
  safeStorage,
  storageDenied,
  storageUsable,
  tryWriteText,
  writeStored,
  writeText,
} from './storage';

function denyStorage() {
  for (const name of ['sessionStorage', 'localStorage'] as const) {
    vi.spyOn(window, name, 'get').mockImplementation(() => {
      throw new DOMException('Access is denied for this document.', 'SecurityError');
    });
  }
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('lib/storage', () => {
  it("uses the browser's storage when it is there", () => {
    expect(storageDenied()).toBe(false);
    expect(writeText('session', 'k', 'tab')).toBe(true);
    expect(writeStored('local', 'k', { a: 1 })).toBe(true);
    expect(sessionStorage.getItem('k')).toBe('tab');
    expect(localStorage.getItem('k')).toBe('{"a":1}');
    removeStored('session', 'k');
    expect(sessionStorage.getItem('k')).toBeNull();
  });

  it('runs on memory alone where the browser denies storage, and never throws', () => {
    denyStorage();
    expect(storageDenied()).toBe(true);
    expect(readText('session', 'k')).toBeNull();
    expect(writeText('session', 'k', 'kept for the page')).toBe(false);
    expect(readText('session', 'k')).toBe('kept for the page');
    expect(readText('local', 'k')).toBeNull();
    const store = safeStorage('local');
    store.setItem('theme', 'dark');
    expect(store.getItem('theme')).toBe('dark');
    store.removeItem('theme');
    expect(store.getItem('theme')).toBeNull();
  });

  it('keeps in memory what a full storage refuses, and prefers a later successful write', () => {
    const setItem = vi.spyOn(Storage.prototype, 'setItem').mockImplementationOnce(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    expect(writeText('local', 'views', 'many')).toBe(false);
    expect(readText('local', 'views')).toBe('many');
    expect(localStorage.getItem('views')).toBeNull();
    setItem.mockRestore();
    expect(writeText('local', 'views', 'fewer')).toBe(true);
    expect(readText('local', 'views')).toBe('fewer');
  });

  it('says why a save the person asked for failed, and keeps nothing in memory then', () => {
    const setItem = vi.spyOn(Storage.prototype, 'setItem').mockImplementationOnce(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    expect(tryWriteText('local', 'views', 'many')).toBe('full');
    expect(readText('local', 'views')).toBeNull();
    setItem.mockImplementationOnce(() => {
      throw new DOMException('Writing is turned off.', 'SecurityError');
    });
    expect(tryWriteText('local', 'views', 'many')).toBe('refused');
    expect(readText('local', 'views')).toBeNull();
    setItem.mockRestore();
    // A page-only copy from an earlier write gives way to the stored one.
    setItem.mockImplementationOnce(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    writeText('local', 'views', 'page only');
    expect(tryWriteText('local', 'views', 'stored')).toBeNull();
    expect(readText('local', 'views')).toBe('stored');
    expect(storageUsable('local')).toBe(true);
    denyStorage();
    expect(storageUsable('local')).toBe(false);
    expect(tryWriteText('local', 'views', 'many')).toBe('refused');
  });

  it('reads JSON through a schema: absent, damaged and unexpected values are null', () => {
    const schema = v.object({ token: v.string() });
    const onInvalid = vi.fn();
    expect(readStored('session', 'record', schema, onInvalid)).toBeNull();
    expect(onInvalid).not.toHaveBeenCalled();
    sessionStorage.setItem('record', '{not json');
    expect(readStored('session', 'record', schema, onInvalid)).toBeNull();
    sessionStorage.setItem('record', '{"token": 42}');
    expect(readStored('session', 'record', schema, onInvalid)).toBeNull();
    expect(onInvalid).toHaveBeenCalledTimes(2);
    writeStored('session', 'record', { token: 'abc', extra: true });
    expect(readStored('session', 'record', schema)).toEqual({ token: 'abc' });
  });
});
