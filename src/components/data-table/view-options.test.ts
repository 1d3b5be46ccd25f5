import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  columnChoicesOf,
  DEFAULT_VIEW_OPTIONS,
  parseViewOptions,
  readViewOptions,
  viewOptionsKey,
  writeViewOptions,
} from './view-options';

const columns = columnChoicesOf([
  { accessorKey: 'id', header: 'ID', meta: { alwaysVisible: true } },
  { accessorKey: 'name', header: 'Name' },
  { accessorKey: 'email', header: 'Email' },
  { id: 'actions', header: () => 'Actions' },
]);

afterEach(() => localStorage.clear());

describe('columnChoicesOf', () => {
  it('names each column by its header text, and keeps the always-visible one', () => {
    expect(columns).toEqual([
      { id: 'id', label: 'ID', canHide: false },
      { id: 'name', label: 'Name', canHide: true },
      { id: 'email', label: 'Email', canHide: true },
      // A header that is not text falls back to the id.
      { id: 'actions', label: 'actions', canHide: true },
    ]);
  });
});

describe('parseViewOptions', () => {
  it('reads what writeViewOptions wrote', () => {
    const raw = JSON.stringify({ hidden: ['email'], density: 'compact' });
    expect(parseViewOptions(raw, columns)).toEqual({ hidden: ['email'], density: 'compact' });
  });

  it.each([
    ['nothing stored', null],
    ['not JSON', '{"hidden": ['],
    ['JSON null', 'null'],
    ['a number', '42'],
    ['a string', '"compact"'],
    ['an empty object', '{}'],
  ])('falls back to the defaults for %s', (_, raw) => {
    expect(parseViewOptions(raw, columns)).toEqual(DEFAULT_VIEW_OPTIONS);
  });

  it('keeps the parts that make sense and drops the rest', () => {
    expect(
      parseViewOptions(
        JSON.stringify({ hidden: ['id', 'email', 'gone', 7, null], density: 'huge' }),
        columns,
      ),
    ).toEqual({ hidden: ['email'], density: 'comfortable' });
    expect(parseViewOptions('{"hidden":"email","density":"compact"}', columns)).toEqual({
      hidden: [],
      density: 'compact',
    });
  });
});

describe('readViewOptions and writeViewOptions', () => {
  it('keep each table apart, under its own key', () => {
    writeViewOptions('users', { hidden: ['email'], density: 'compact' });
    expect(localStorage.getItem(viewOptionsKey('users'))).toBe(
      '{"hidden":["email"],"density":"compact"}',
    );
    expect(readViewOptions('users', columns)).toEqual({ hidden: ['email'], density: 'compact' });
    expect(readViewOptions('products', columns)).toEqual(DEFAULT_VIEW_OPTIONS);
  });

  it('carry on without storage: defaults when reading, nothing thrown when writing', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    expect(readViewOptions('users', columns)).toEqual(DEFAULT_VIEW_OPTIONS);
    expect(() => writeViewOptions('users', DEFAULT_VIEW_OPTIONS)).not.toThrow();
  });
});
