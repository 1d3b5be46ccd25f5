import { describe, expect, it } from 'vitest';
import { rememberUsersSearch, usersListHref } from './last-users-search';
import { readRecentLookups, rememberLookup } from './recent-lookups';
import { forgetUserData } from './user-storage';

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
