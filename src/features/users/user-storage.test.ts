import { afterEach, describe, expect, it, vi } from 'vitest';
import { setCurrentProfileKey } from '../../lib/api-profile';
import { readText, writeText } from '../../lib/storage';
import { rememberUsersSearch, usersListHref } from './last-users-search';
import { readRecentLookups, rememberLookup } from './recent-lookups';
import { bulkLookupKey, forgetUserData } from './user-storage';

describe('forgetUserData', () => {
  it('forgets the recent lookups and the last list view, nothing else', () => {
    sessionStorage.setItem('unrelated', 'kept');
    rememberLookup('user_abc');
    rememberUsersSearch('?page=3');
    forgetUserData();
    expect(readRecentLookups()).toEqual([]);
    expect(usersListHref(null)).toBe('/users');
    expect(sessionStorage.getItem('unrelated')).toBe('kept');
  });
});

describe('forgetUserData where the browser denies storage', () => {
  afterEach(() => vi.restoreAllMocks());

  it('forgets Look up many kept in the page’s memory', () => {
    vi.spyOn(window, 'sessionStorage', 'get').mockImplementation(() => {
      throw new DOMException('Access is denied for this document.', 'SecurityError');
    });
    expect(writeText('session', bulkLookupKey(), '{"text":"user_1"}')).toBe(false);
    expect(readText('session', bulkLookupKey())).toBe('{"text":"user_1"}');
    forgetUserData();
    expect(readText('session', bulkLookupKey())).toBeNull();
  });
});

describe('per API profile', () => {
  afterEach(() => setCurrentProfileKey(''));

  it('keeps recent lookups apart per API, and forgets only the one signed out of', () => {
    setCurrentProfileKey('Staging');
    rememberLookup('user_staging');
    setCurrentProfileKey('Production');
    expect(readRecentLookups()).toEqual([]);
    rememberLookup('user_prod');
    forgetUserData('Staging');
    expect(readRecentLookups()).toEqual(['user_prod']);
    setCurrentProfileKey('Staging');
    expect(readRecentLookups()).toEqual([]);
  });
});
