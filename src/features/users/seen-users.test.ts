import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it } from 'vitest';
import { forgetClientMemory } from '../../lib/client-memory';
import {
  indexUsersFrom,
  MAX_SEEN_USERS,
  rememberUsers,
  seenUserCount,
  suggestSeenUsers,
} from './seen-users';

const user = (id: string, name: string, email = `${id}@example.org`) => ({ id, name, email });

let tab: QueryClient;
beforeEach(() => {
  tab = new QueryClient();
});

describe('seen users', () => {
  it('suggests by the start of a name, a word of it, an e-mail or an id, case and accents aside', () => {
    rememberUsers(tab, [
      user('user_1', 'Grace Hopper'),
      user('user_2', 'Émile Zola', 'ez@example.org'),
      user('user_3', 'Ada Lovelace'),
    ]);
    const ids = (text: string) => suggestSeenUsers(tab, text).map((u) => u.id);
    expect(ids('grace')).toEqual(['user_1']);
    expect(ids('HOPP')).toEqual(['user_1']);
    expect(ids('emile')).toEqual(['user_2']);
    expect(ids('ez@')).toEqual(['user_2']);
    expect(ids('user_3')).toEqual(['user_3']);
    expect(ids('a')).toEqual([]);
  });

  it('keeps the newest 50,000, a user once', () => {
    rememberUsers(
      tab,
      Array.from({ length: MAX_SEEN_USERS + 10 }, (_, i) => user(`user_${i}`, `Name ${i}`)),
    );
    rememberUsers(tab, [user('user_5', 'Renamed')]);
    expect(seenUserCount(tab)).toBe(MAX_SEEN_USERS);
    expect(suggestSeenUsers(tab, 'user_0')).toEqual([]);
    expect(suggestSeenUsers(tab, 'renamed').map((u) => u.id)).toEqual(['user_5']);
  });

  it('takes the users of every users answer in the query cache, and nothing else', () => {
    tab.setQueryData(['users', 'list', { page: 1 }], {
      data: [user('user_before', 'Seen Before')],
      meta: { total: 1, page: 1, limit: 50 },
    });
    indexUsersFrom(tab);
    tab.setQueryData(['users', 'detail', 'user_one'], user('user_one', 'Looked Up'));
    tab.setQueryData(['users', 'find', 'x'], { matches: [user('user_match', 'Found Match')] });
    tab.setQueryData(['products', 'list'], { data: [user('user_product', 'Not A User')] });
    tab.setQueryData(['users', 'list', { page: 2 }], { data: [{ id: 'user_broken' }] });
    const ids = suggestSeenUsers(tab, 'user_').map((u) => u.id);
    expect(ids.sort()).toEqual(['user_before', 'user_match', 'user_one']);
  });

  it('keeps only what suggestions show of a user', () => {
    rememberUsers(tab, [{ ...user('user_1', 'Grace Hopper'), role: 'admin' } as never]);
    expect(suggestSeenUsers(tab, 'grace')).toEqual([user('user_1', 'Grace Hopper')]);
  });
});

describe('seen users per query client', () => {
  it('suggests only that client’s users (one API profile’s), and forgets them with its memory', () => {
    const other = new QueryClient();
    rememberUsers(tab, [user('user_s', 'Grace Staging')]);
    rememberUsers(other, [user('user_p', 'Grace Production')]);
    expect(suggestSeenUsers(other, 'grace').map((u) => u.id)).toEqual(['user_p']);
    forgetClientMemory(tab);
    expect(suggestSeenUsers(tab, 'grace')).toEqual([]);
    expect(suggestSeenUsers(other, 'grace').map((u) => u.id)).toEqual(['user_p']);
  });

  it('stops watching the cache when forgotten; used again, starts from what the cache holds', () => {
    indexUsersFrom(tab);
    expect(tab.getQueryCache().hasListeners()).toBe(true);
    forgetClientMemory(tab);
    expect(tab.getQueryCache().hasListeners()).toBe(false);
    tab.setQueryData(['users', 'list'], { data: [user('user_next', 'Next Person')] });
    expect(suggestSeenUsers(tab, 'next').map((u) => u.id)).toEqual(['user_next']);
  });
});
