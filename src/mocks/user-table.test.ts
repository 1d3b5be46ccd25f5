// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { createDataset, EDGE_CASE_USERS, type User } from './data.ts';
import { createRng } from './seeded-random.ts';
import { byCodeUnits, generateUsers } from './user-table.ts';

const ANCHOR = Date.UTC(2026, 0, 1);
const byId = (a: User, b: User) => byCodeUnits(a.id, b.id);
const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

// Each test sorts thousands of users twice; a shared 2-core machine running the whole suite is slow.
describe('UserTable', { timeout: 20_000 }, () => {
  // Enough users for every name to repeat, and for e-mails to reach two-digit suffixes.
  const table = createDataset({ users: 10_000, products: 0 }).users;
  const users = table.toArray();

  it('gives a user the same profile whenever it is asked, and finds users by id', () => {
    const again = generateUsers(createRng(42), 10_000 - EDGE_CASE_USERS.length, {
      anchor: ANCHOR,
      edgeUsers: EDGE_CASE_USERS,
    });
    for (const index of [0, 1, 4_999, 9_000, users.length - 1]) {
      const user = table.userAt(index);
      expect(table.userAt(index)).toEqual(user);
      expect(again.userAt(index)).toEqual(user);
      expect(table.indexOf(user.id)).toBe(index);
      expect(table.summaryAt(index)).toEqual({ ...user, profile: undefined });
    }
    expect(table.indexOf('user_grace_hopper')).toBe(users.length - 5);
    expect(table.indexOf('user_nobody')).toBeUndefined();
    expect(new Set(users.map((user) => user.profile.bio)).size).toBeGreaterThan(100);
  });

  const ids = (order: Uint32Array) => Array.from(order, (index) => table.idAt(index));
  const sortedIds = (compare: (a: User, b: User) => number) =>
    [...users].sort((a, b) => compare(a, b) || byId(a, b)).map((user) => user.id);

  it('orders e-mails by code units like a plain sort, edge-case e-mails included', () => {
    expect(users.some((user) => /^[a-z.]+\d\d@/.test(user.email))).toBe(true);
    expect(ids(table.orderByEmail())).toEqual(sortedIds((a, b) => byCodeUnits(a.email, b.email)));
  });

  it('orders names by the comparator given, equal names by id', () => {
    expect(ids(table.orderByName(collator.compare))).toEqual(
      sortedIds((a, b) => collator.compare(a.name, b.name)),
    );
    const lower = (a: string, b: string) => byCodeUnits(a.toLowerCase(), b.toLowerCase());
    expect(ids(table.orderByName(lower))).toEqual(sortedIds((a, b) => lower(a.name, b.name)));
  });

  it('orders creation times, equal seconds by id, however far apart the times are', () => {
    const byCreated = (a: User, b: User) => Date.parse(a.created_at) - Date.parse(b.created_at);
    expect(ids(table.orderByCreatedAt())).toEqual(sortedIds(byCreated));
    // 400,000 years apart: too far to pack with an index (of 2,000) into one number.
    const distant = generateUsers(createRng(1), 2_000, {
      anchor: ANCHOR,
      edgeUsers: [
        { ...EDGE_CASE_USERS[0]!, created_at: '-200000-01-01T00:00:00Z' },
        { ...EDGE_CASE_USERS[1]!, created_at: '+200000-01-01T00:00:00Z' },
      ],
    });
    const order = Array.from(distant.orderByCreatedAt(), (index) => distant.userAt(index).id);
    expect(order).toEqual(
      distant
        .toArray()
        .sort((a, b) => byCreated(a, b) || byId(a, b))
        .map((user) => user.id),
    );
    expect(order.at(0)).toBe('user_hostile');
    expect(order.at(-1)).toBe('user_longtext');
  });
});
