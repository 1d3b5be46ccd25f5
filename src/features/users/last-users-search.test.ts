import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { rememberUsersSearch, usersListHref } from './last-users-search';

beforeEach(() => sessionStorage.clear());
afterEach(() => vi.restoreAllMocks());

describe('usersListHref', () => {
  it('goes to the first page when nothing says otherwise', () => {
    expect(usersListHref(null)).toBe('/users');
  });

  it('goes back to the view in the location state', () => {
    rememberUsersSearch('?page=9');
    expect(usersListHref({ usersSearch: '?page=3&sort=name' })).toBe('/users?page=3&sort=name');
  });

  it('falls back to the last view this tab showed', () => {
    rememberUsersSearch('?limit=25&sort=-created_at');
    expect(usersListHref(undefined)).toBe('/users?limit=25&sort=-created_at');
  });

  it('normalises what it is given, which may come from anywhere', () => {
    expect(usersListHref({ usersSearch: '?page=-1&sort=javascript:alert(1)' })).toBe('/users');
    expect(usersListHref({ usersSearch: 42 })).toBe('/users');
  });

  it('falls back to the last view of this page where the browser denies storage', () => {
    vi.spyOn(window, 'sessionStorage', 'get').mockImplementation(() => {
      throw new DOMException('Access is denied for this document.', 'SecurityError');
    });
    expect(usersListHref(undefined)).toBe('/users');
    rememberUsersSearch('?page=2&sort=name');
    expect(usersListHref(undefined)).toBe('/users?page=2&sort=name');
  });
});
