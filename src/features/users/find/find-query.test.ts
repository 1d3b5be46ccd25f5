import { describe, expect, it } from 'vitest';
import { parseBulkInput } from './bulk-input';
import { findPath, parseFindQuery } from './find-query';

describe('parseFindQuery', () => {
  it.each([
    ['user_8f3k2m9x1q', { kind: 'id', id: 'user_8f3k2m9x1q' }],
    ['https://console.example.com/users/user_abc?x=1', { kind: 'id', id: 'user_abc' }],
    ['  Grace   Hopper ', { kind: 'name', text: 'Grace Hopper' }],
    ['Ada@Example.com', { kind: 'email', text: 'Ada@Example.com' }],
    ['山田', { kind: 'name', text: '山田' }],
    ["O'Brien; DROP TABLE users", { kind: 'name', text: "O'Brien; DROP TABLE users" }],
    ['.*', { kind: 'name', text: '.*' }],
  ])('reads %j', (raw, expected) => {
    expect(parseFindQuery(raw)).toEqual(expected);
  });

  it.each([
    ['', 'Type a name'],
    ['   ', 'Type a name'],
    ['a', 'at least 2 characters'],
    ['ada@', 'not a whole e-mail address'],
    ['ada@example', 'not a whole e-mail address'],
    ['prod_123', 'is not a user ID'],
    ['Ad\u202Ea', 'U+202E'],
    ['Ad\u0000a', 'U+0000'],
    ['x'.repeat(201), 'at most 200 characters'],
    ['x'.repeat(10_000), 'this is 10,000'],
  ])('refuses %j with a message', (raw, message) => {
    const parsed = parseFindQuery(raw);
    expect(parsed.kind).toBe('invalid');
    expect(parsed.kind === 'invalid' && parsed.problem).toContain(message);
  });

  it('puts the text in the Find URL', () => {
    expect(findPath('a&b=c d')).toBe('/users/find?q=a%26b%3Dc+d');
  });
});

describe('parseBulkInput', () => {
  it('splits lines, commas and spaces, keeps the order given and each entry once', () => {
    const parsed = parseBulkInput(
      'user_a, user_b\nada@x.org;ADA@x.org user_a\n\nhttps://c.example/users/user_c\nGrace',
    );
    expect(parsed.ok && parsed.entries.map((entry) => [entry.input, entry.query.kind])).toEqual([
      ['user_a', 'id'],
      ['user_b', 'id'],
      ['ada@x.org', 'email'],
      ['https://c.example/users/user_c', 'id'],
      ['Grace', 'invalid'],
    ]);
    expect(parsed.ok && parsed.duplicates).toBe(2);
  });

  it('takes 1,000 entries and refuses more', () => {
    const ids = (count: number) => Array.from({ length: count }, (_, i) => `user_${i}`).join('\n');
    expect(parseBulkInput(ids(1_000)).ok).toBe(true);
    const refused = parseBulkInput(ids(1_001));
    expect(!refused.ok && refused.problem).toContain('at most 1,000');
    expect(parseBulkInput(' \n ').ok).toBe(false);
  });
});
