import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseBulkInput, splitBulkText } from './bulk-input';
import {
  findPath,
  foreignLinkHost,
  parseFindQuery,
  readFindParams,
  unwrapPasted,
} from './find-query';

describe('parseFindQuery', () => {
  it.each([
    ['user_8f3k2m9x1q', { kind: 'id', id: 'user_8f3k2m9x1q' }],
    [
      'https://console.example.com/users/user_abc?x=1',
      { kind: 'id', id: 'user_abc', host: 'console.example.com' },
    ],
    ['  Grace   Hopper ', { kind: 'name', text: 'Grace Hopper' }],
    ['Ada@Example.com', { kind: 'email', text: 'Ada@Example.com' }],
    ['山田', { kind: 'name', text: '山田' }],
    ["O'Brien; DROP TABLE users", { kind: 'name', text: "O'Brien; DROP TABLE users" }],
    ['.*', { kind: 'name', text: '.*' }],
    // As mail clients and help desks copy them (issue 31, finding 1).
    ['<person0@example.org>', { kind: 'email', text: 'person0@example.org' }],
    ['"person1@example.org"', { kind: 'email', text: 'person1@example.org' }],
    ["'person1@example.org'", { kind: 'email', text: 'person1@example.org' }],
    ['Grace Hopper <person0@example.org>', { kind: 'email', text: 'person0@example.org' }],
    ['"Hopper, Grace" <person0@example.org>,', { kind: 'email', text: 'person0@example.org' }],
    ['mailto:person617@example.org', { kind: 'email', text: 'person617@example.org' }],
    ['mailto:a%2Bb@example.org?subject=Hi&body=x', { kind: 'email', text: 'a+b@example.org' }],
    ['person2@example.org.', { kind: 'email', text: 'person2@example.org' }],
    ['(person2@example.org)', { kind: 'email', text: 'person2@example.org' }],
    ['USER_KNOWN0001', { kind: 'id', id: 'user_known0001' }],
    ['User_aBc', { kind: 'id', id: 'user_aBc' }],
    ['<https://c.example/users/user_abc#raw>', { kind: 'id', id: 'user_abc', host: 'c.example' }],
    [
      'https://API.example.com:8443/v1/users/user_abc?x=1#y',
      { kind: 'id', id: 'user_abc', host: 'api.example.com:8443' },
    ],
    ['"Grace Hopper"', { kind: 'name', text: 'Grace Hopper' }],
    ['Kowalski,', { kind: 'name', text: 'Kowalski' }],
    ['Smith (Jr)', { kind: 'name', text: 'Smith (Jr)' }],
    ['Ad<b>a', { kind: 'name', text: 'Ad<b>a' }],
  ])('reads %j', (raw, expected) => {
    expect(parseFindQuery(raw)).toEqual(expected);
  });

  it.each([
    ['', 'Type a name'],
    ['   ', 'Type a name'],
    ['a', 'at least 2 characters'],
    ['ada@', 'not a whole e-mail address'],
    ['ada@example', 'not a whole e-mail address'],
    ['(write to person2@example.org);', 'not a whole e-mail address'],
    ['prod_123', 'is not a user ID'],
    ['Ad\u202Ea', 'U+202E'],
    ['Ad\u0000a', 'U+0000'],
    ['x'.repeat(201), 'at most 200 characters'],
    ['x'.repeat(10_000), 'this is 10,000'],
    ['eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhZGEifQ.c2ln', 'looks like an access token'],
    ['Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhZGEifQ.', 'it was not searched'],
    [
      'https://api.example.com/v1/users/?t=eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhZGEifQ.',
      'not searched',
    ],
  ])('refuses %j with a message', (raw, message) => {
    const parsed = parseFindQuery(raw);
    expect(parsed.kind).toBe('invalid');
    expect(parsed.kind === 'invalid' && parsed.problem).toContain(message);
  });

  it('takes the user id out of a link that carries a token in its query, and only the id', () => {
    const token = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhZGEifQ.c2lnbmF0dXJl';
    expect(
      parseFindQuery(`https://api.example.com/v1/users/user_abc?access_token=${token}`),
    ).toEqual({ kind: 'id', id: 'user_abc', host: 'api.example.com' });
  });

  it('tells a link to another host from one to this API or console', () => {
    const known = ['console.example.com', 'api.example.com'];
    const host = (raw: string) => foreignLinkHost(parseFindQuery(raw), known);
    expect(host('https://evil.example/users/user_abc?token=x')).toBe('evil.example');
    expect(host('https://api.example.com.evil.example/v1/users/user_abc')).toBe(
      'api.example.com.evil.example',
    );
    expect(host('https://console.example.com/users/user_abc')).toBeUndefined();
    expect(host('<https://API.example.com/v1/users/user_abc>')).toBeUndefined();
    // A path or a bare id names no host.
    expect(host('/users/user_abc')).toBeUndefined();
    expect(host('user_abc')).toBeUndefined();
  });

  it('puts the text in the Find URL fragment, which the web server never sees', () => {
    expect(findPath('a&b=c d')).toBe('/users/find#q=a%26b%3Dc+d');
    expect(findPath('Kowalski', 'anywhere')).toBe('/users/find#q=Kowalski&match=anywhere');
  });

  it('reads the search from the fragment, or from an older ?q= link to be moved', () => {
    expect(readFindParams({ search: '', hash: '#q=a%26b&match=anywhere' })).toEqual({
      q: 'a&b',
      match: 'anywhere',
      moved: false,
    });
    expect(readFindParams({ search: '?q=grace+hopper', hash: '' })).toEqual({
      q: 'grace hopper',
      match: null,
      moved: true,
    });
    expect(readFindParams({ search: '', hash: '' })).toEqual({ q: '', match: null, moved: false });
  });
});

describe('parseBulkInput', () => {
  it('keeps a line with spaces whole, and splits only lists of addresses and ids', () => {
    expect(
      splitBulkText(
        [
          'not an id at all',
          'Grace Hopper <person0@example.org>; Mårten Okafor <person617@example.org>',
          'Mårten Okafor, Ada Lovelace',
          '"Hopper, Grace" <a@x.org>, "Lovelace, Ada" <b@x.org>',
          'user_a\tuser_b',
          '  ',
          "'c@x.org',",
        ].join('\r\n'),
      ),
    ).toEqual([
      'not an id at all',
      'Grace Hopper <person0@example.org>',
      'Mårten Okafor <person617@example.org>',
      'Mårten Okafor, Ada Lovelace',
      '"Hopper, Grace" <a@x.org>',
      '"Lovelace, Ada" <b@x.org>',
      'user_a',
      'user_b',
      "'c@x.org',",
    ]);
  });

  it('splits lines, commas and spaces, keeps the order given and each entry once', () => {
    const parsed = parseBulkInput(
      'user_a, user_b\nada@x.org;ADA@x.org user_a\n\nhttps://c.example/users/user_c\nGrace',
    );
    expect(parsed.ok && parsed.entries.map((entry) => [entry.input, entry.query.kind])).toEqual([
      ['user_a', 'id'],
      ['user_b', 'id'],
      ['ada@x.org', 'email'],
      ['https://c.example/users/user_c', 'id'],
      ['Grace', 'name'],
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

/** Addresses as people have them: letters, digits, dots inside, `+`, `-`, `_`; a dotted domain. */
const address = fc
  .tuple(
    fc.stringMatching(/^[a-z0-9](?:[a-z0-9._+-]{0,14}[a-z0-9])?$/),
    fc.array(fc.stringMatching(/^[a-z0-9](?:[a-z0-9-]{0,10}[a-z0-9])?$/), {
      minLength: 1,
      maxLength: 3,
    }),
    fc.stringMatching(/^[a-z]{2,6}$/),
  )
  .filter(([local]) => !local.includes('..'))
  .map(([local, labels, top]) => `${local}@${[...labels, top].join('.')}`);

const displayName = fc.stringMatching(/^[A-Za-zÀ-ÿ][A-Za-zÀ-ÿ' .-]{0,20}$/);

/** How a mail client writes an address with its owner, if it does. */
const named = fc.oneof(
  fc.constant((text: string) => text),
  fc.constant((text: string) => `<${text}>`),
  displayName.map((name) => (text: string) => `${name} <${text}>`),
  displayName.map((name) => (text: string) => `"${name.replaceAll('"', '')}" <${text}>`),
);

/** One layer of what a help desk puts around it. */
const quote = fc.oneof(
  fc.constant((text: string) => `"${text}"`),
  fc.constant((text: string) => `'${text}'`),
  fc.constant((text: string) => `“${text}”`),
  fc.constant((text: string) => `(${text})`),
  fc.constant((text: string) => `  ${text} `),
);
/** What a sentence leaves after it. */
const tail = fc
  .stringMatching(/^[.,;:)]{1,3}$/)
  .map((punctuation) => (text: string) => `${text}${punctuation}`);
const mailto = fc.oneof(
  fc.constant((text: string) => `mailto:${text}`),
  fc
    .stringMatching(/^[A-Za-z0-9 %=&]{0,20}$/)
    .map((subject) => (text: string) => `mailto:${text}?subject=${subject}`),
);

/**
 * Layers from the inside out: a mailto link (it holds the bare address), a name, quotes and
 * brackets, then punctuation. `mixed` also puts punctuation inside quotes (`"addr;"`): fine in one
 * box, but in a list a `;` inside single quotes is a separator as much as any.
 */
const wrappedWith = (layer: fc.Arbitrary<(text: string) => string>) =>
  fc
    .tuple(address, fc.option(mailto), named, fc.array(layer, { maxLength: 3 }), fc.option(tail))
    .map(([plain, link, name, layers, after]) => {
      const inner = layers.reduce((text, wrap) => wrap(text), name(link ? link(plain) : plain));
      return { plain, pasted: after ? after(inner) : inner };
    });
const wrapped = wrappedWith(quote);
const mixed = wrappedWith(fc.oneof(quote, tail));

describe('reading pasted addresses (property)', () => {
  it('finds any address however it is wrapped', () => {
    fc.assert(
      fc.property(mixed, ({ plain, pasted }) => {
        expect(unwrapPasted(pasted)).toBe(plain);
        expect(parseFindQuery(pasted)).toEqual({ kind: 'email', text: plain });
      }),
    );
  });

  it('finds every address of a pasted list, one a line or separated by , or ;', () => {
    fc.assert(
      fc.property(
        fc.array(wrapped, { minLength: 1, maxLength: 6 }),
        fc.constantFrom('\n', ', ', '; ', ';', '\r\n'),
        (list, separator) => {
          const parsed = parseBulkInput(list.map(({ pasted }) => pasted).join(separator));
          const expected = [...new Set(list.map(({ plain }) => plain.toLowerCase()))];
          expect(parsed.ok && parsed.entries.map((entry) => entry.query)).toEqual(
            expected.map((lower) => ({
              kind: 'email',
              text: list.find(({ plain }) => plain.toLowerCase() === lower)?.plain,
            })),
          );
        },
      ),
    );
  });
});
