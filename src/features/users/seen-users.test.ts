import { beforeEach, describe, expect, it } from 'vitest';
import { setCurrentProfileKey } from '../../lib/api-profile';
import { forgetOnSignOut, forgetRegisteredData } from '../../lib/forget-on-sign-out';
import {
  forgetSeenUsers,
  MAX_SEEN_USERS,
  rememberUsers,
  seenUserCount,
  suggestSeenUsers,
} from './seen-users';

const user = (id: string, name: string, email = `${id}@example.org`) => ({ id, name, email });

beforeEach(() => forgetSeenUsers());

describe('seen users', () => {
  it('suggests by the start of a name, a word of it, an e-mail or an id, case and accents aside', () => {
    rememberUsers([
      user('user_1', 'Grace Hopper'),
      user('user_2', 'Émile Zola', 'ez@example.org'),
      user('user_3', 'Ada Lovelace'),
    ]);
    expect(suggestSeenUsers('grace').map((u) => u.id)).toEqual(['user_1']);
    expect(suggestSeenUsers('HOPP').map((u) => u.id)).toEqual(['user_1']);
    expect(suggestSeenUsers('emile').map((u) => u.id)).toEqual(['user_2']);
    expect(suggestSeenUsers('ez@').map((u) => u.id)).toEqual(['user_2']);
    expect(suggestSeenUsers('user_3').map((u) => u.id)).toEqual(['user_3']);
    expect(suggestSeenUsers('a')).toEqual([]);
  });

  it('keeps the newest 50,000, a user once', () => {
    rememberUsers(
      Array.from({ length: MAX_SEEN_USERS + 10 }, (_, i) => user(`user_${i}`, `Name ${i}`)),
    );
    rememberUsers([user('user_5', 'Renamed')]);
    expect(seenUserCount()).toBe(MAX_SEEN_USERS);
    expect(suggestSeenUsers('user_0')).toEqual([]);
    expect(suggestSeenUsers('renamed').map((u) => u.id)).toEqual(['user_5']);
  });

  it('is forgotten with sign-out, with what else holds user data', () => {
    let forgotten = 0;
    forgetOnSignOut(() => (forgotten += 1));
    rememberUsers([user('user_1', 'Grace Hopper')]);
    forgetRegisteredData();
    expect(suggestSeenUsers('grace')).toEqual([]);
    expect(forgotten).toBe(1);
  });
});

describe('seen users per API profile', () => {
  it('suggests only the current API’s users, and sign-out of one API forgets only its own', () => {
    setCurrentProfileKey('Staging');
    rememberUsers([user('user_s', 'Grace Staging')]);
    setCurrentProfileKey('Production');
    rememberUsers([user('user_p', 'Grace Production')]);
    expect(suggestSeenUsers('grace').map((u) => u.id)).toEqual(['user_p']);
    forgetRegisteredData('Staging');
    expect(suggestSeenUsers('grace').map((u) => u.id)).toEqual(['user_p']);
    setCurrentProfileKey('Staging');
    expect(suggestSeenUsers('grace')).toEqual([]);
    forgetSeenUsers('Production');
    setCurrentProfileKey('');
  });
});
