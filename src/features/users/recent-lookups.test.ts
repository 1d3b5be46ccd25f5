import { afterEach, describe, expect, it, vi } from 'vitest';
import { readRecentLookups, rememberLookup } from './recent-lookups';
import { recentLookupsKey } from './user-storage';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('recent lookups', () => {
  it('keeps the last five ids, newest first, each once', () => {
    for (const id of ['user_1', 'user_2', 'user_3', 'user_4', 'user_5', 'user_6', 'user_3']) {
      rememberLookup(id);
    }
    expect(readRecentLookups()).toEqual(['user_3', 'user_6', 'user_5', 'user_4', 'user_2']);
  });

  it.each([
    ['not JSON', '["user_1"'],
    ['not a list', '{"0":"user_1"}'],
    ['null', 'null'],
  ])('offers none when what is stored is %s', (_, raw) => {
    sessionStorage.setItem(recentLookupsKey(), raw);
    expect(readRecentLookups()).toEqual([]);
  });

  it('keeps the ids of a list that holds something else too', () => {
    sessionStorage.setItem(recentLookupsKey(), '["user_1", 7, null, {"id":"x"}, "user_2"]');
    expect(readRecentLookups()).toEqual(['user_1', 'user_2']);
    expect(rememberLookup('user_3')).toEqual(['user_3', 'user_1', 'user_2']);
  });

  it('are offered for the page where the browser denies storage', () => {
    vi.spyOn(window, 'sessionStorage', 'get').mockImplementation(() => {
      throw new DOMException('Access is denied for this document.', 'SecurityError');
    });
    expect(readRecentLookups()).toEqual([]);
    rememberLookup('user_1');
    expect(rememberLookup('user_2')).toEqual(['user_2', 'user_1']);
    expect(readRecentLookups()).toEqual(['user_2', 'user_1']);
  });
});
