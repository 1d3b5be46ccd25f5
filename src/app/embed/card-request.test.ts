// @vitest-environment node
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  LOOKUP_FIELDS,
  LOOKUP_MESSAGE,
  MAX_REQUEST_LENGTH,
  queryOf,
  readCardParams,
  readLookupMessage,
  resultMessage,
} from './card-request';

const at = (search: string, hash = '') => readCardParams({ search, hash });

describe('readCardParams', () => {
  it('reads one of email, id or q from the query or, first, the fragment', () => {
    expect(at('?email=ada%40example.org')).toEqual({
      kind: 'request',
      request: { field: 'email', value: 'ada@example.org' },
    });
    expect(at('?id=user_ada')).toEqual({
      kind: 'request',
      request: { field: 'id', value: 'user_ada' },
    });
    expect(at('?email=old@example.org', '#q=Ada+Lovelace')).toEqual({
      kind: 'request',
      request: { field: 'q', value: 'Ada Lovelace' },
    });
    expect(at('', '')).toEqual({ kind: 'none' });
    expect(at('?ticket=12', '#top')).toEqual({ kind: 'none' });
  });

  it('refuses several at once, or one given twice, naming them', () => {
    expect(at('?email=a@example.org&id=user_b')).toEqual({
      kind: 'invalid',
      problem: 'The card was given email and id: give one of email, id or q.',
    });
    expect(at('?q=a&q=b')).toMatchObject({ kind: 'invalid' });
    expect(at(`?q=${'x'.repeat(MAX_REQUEST_LENGTH + 1)}`)).toEqual({
      kind: 'invalid',
      problem: 'The q given is too long to be one.',
    });
  });
});

describe('readLookupMessage', () => {
  it.each(LOOKUP_FIELDS)('takes { type, %s } and nothing else', (field) => {
    expect(readLookupMessage({ type: LOOKUP_MESSAGE, [field]: 'x@example.org' })).toEqual({
      field,
      value: 'x@example.org',
    });
  });

  it.each<[string, unknown]>([
    ['no type', { email: 'a@example.org' }],
    ['another type', { type: 'admin-console:result', email: 'a@example.org' }],
    ['two fields', { type: LOOKUP_MESSAGE, email: 'a@example.org', id: 'user_a' }],
    ['an extra field', { type: LOOKUP_MESSAGE, email: 'a@example.org', token: 'eyJ…' }],
    ['a number', { type: LOOKUP_MESSAGE, id: 42 }],
    ['an empty value', { type: LOOKUP_MESSAGE, q: '  ' }],
    ['a string', 'admin-console:lookup'],
    ['an array', [LOOKUP_MESSAGE, 'a@example.org']],
    ['null', null],
    ['a class instance', Object.assign(new (class Lookup {})(), { type: LOOKUP_MESSAGE, q: 'a' })],
    [
      'an inherited field',
      Object.assign(Object.create({ q: 'a' }) as object, { type: LOOKUP_MESSAGE }),
    ],
  ])('refuses %s', (_what, data) => {
    expect(readLookupMessage(data)).toBeNull();
  });

  const field = fc.constantFrom(...LOOKUP_FIELDS);
  const value = fc.string({ minLength: 1, maxLength: 50 }).filter((text) => text.trim() !== '');

  it('takes every lookup of that shape, its value as sent', () => {
    fc.assert(
      fc.property(field, value, fc.boolean(), (name, text, typeFirst) => {
        const message = typeFirst
          ? { type: LOOKUP_MESSAGE, [name]: text }
          : { [name]: text, type: LOOKUP_MESSAGE };
        expect(readLookupMessage(message)).toEqual({ field: name, value: text });
        // Structured cloning (how postMessage delivers it) keeps the shape.
        expect(readLookupMessage(structuredClone(message))).toEqual({ field: name, value: text });
      }),
    );
  });

  it('refuses it with any field added, whatever its name or value', () => {
    const extra = fc
      .tuple(fc.string({ minLength: 1, maxLength: 12 }), fc.anything())
      .filter(([key]) => key !== 'type' && key !== '__proto__');
    fc.assert(
      fc.property(field, value, extra, (name, text, [key, added]) => {
        fc.pre(key !== name);
        const message: Record<string, unknown> = { type: LOOKUP_MESSAGE, [name]: text };
        message[key] = added;
        expect(readLookupMessage(message)).toBeNull();
      }),
    );
  });

  it('refuses any value that is not a string', () => {
    fc.assert(
      fc.property(
        field,
        fc.anything().filter((x) => typeof x !== 'string'),
        (name, v) => {
          expect(readLookupMessage({ type: LOOKUP_MESSAGE, [name]: v })).toBeNull();
        },
      ),
    );
  });
});

describe('resultMessage', () => {
  it('says who is shown, by id and name, and nothing more', () => {
    const user = { id: 'user_ada', name: 'Ada', email: 'ada@example.org', token: 'secret' };
    expect(resultMessage(user)).toEqual({
      type: 'admin-console:result',
      id: 'user_ada',
      name: 'Ada',
    });
  });
});

describe('queryOf', () => {
  it('reads an e-mail as Find does, a pasted name and address too', () => {
    expect(queryOf({ field: 'email', value: 'Ada Lovelace <ada@example.org>' })).toEqual({
      kind: 'email',
      text: 'ada@example.org',
    });
    expect(queryOf({ field: 'email', value: 'Ada Lovelace' })).toEqual({
      kind: 'invalid',
      problem: '“Ada Lovelace” is not an e-mail address: it should look like name@example.org.',
    });
    expect(queryOf({ field: 'email', value: 'ada@' })).toMatchObject({ kind: 'invalid' });
  });

  it('reads an id or a user link, and nothing else, for id', () => {
    expect(queryOf({ field: 'id', value: 'USER_ADA' })).toEqual({ kind: 'id', id: 'user_ada' });
    expect(
      queryOf({ field: 'id', value: 'https://console.example.com/users/user_ada?tab=raw' }),
    ).toEqual({ kind: 'id', id: 'user_ada' });
    expect(queryOf({ field: 'id', value: 'ada@example.org' })).toMatchObject({ kind: 'invalid' });
  });

  it('takes anything the Find box takes for q', () => {
    expect(queryOf({ field: 'q', value: 'grace hopper' })).toEqual({
      kind: 'name',
      text: 'grace hopper',
    });
    expect(queryOf({ field: 'q', value: 'user_ada' })).toMatchObject({
      kind: 'id',
      id: 'user_ada',
    });
    expect(queryOf({ field: 'q', value: '2025-03-14' })).toMatchObject({ kind: 'date' });
  });

  it('never searches a token', () => {
    const token = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhIn0.c2lnbmF0dXJl';
    for (const field of LOOKUP_FIELDS) {
      expect(queryOf({ field, value: token })).toEqual({
        kind: 'invalid',
        problem: 'This looks like an access token; it was not searched.',
      });
    }
  });
});
