import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  clampWidth,
  columnChoicesOf,
  DEFAULT_VIEW_OPTIONS,
  MAX_COLUMN_WIDTH,
  MIN_COLUMN_WIDTH,
  parseViewOptions,
  readDefaultView,
  readLinkedView,
  readViewOptions,
  savedViewsKey,
  viewOptionsKey,
  writeViewOptions,
} from './view-options';

const columns = columnChoicesOf([
  { accessorKey: 'id', header: 'ID', meta: { alwaysVisible: true } },
  { accessorKey: 'name', header: 'Name' },
  { accessorKey: 'email', header: 'Email', meta: { width: 320 } },
  { id: 'actions', header: () => 'Actions' },
]);

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('columnChoicesOf', () => {
  it('names each column by its header text, and keeps the always-visible one', () => {
    expect(columns).toEqual([
      { id: 'id', label: 'ID', canHide: false, width: 160 },
      { id: 'name', label: 'Name', canHide: true, width: 160 },
      { id: 'email', label: 'Email', canHide: true, width: 320 },
      // A header that is not text falls back to the id.
      { id: 'actions', label: 'actions', canHide: true, width: 160 },
    ]);
  });
});

describe('parseViewOptions', () => {
  it('reads what writeViewOptions wrote', () => {
    const raw = JSON.stringify({ hidden: ['email'], density: 'compact', widths: { name: 300 } });
    expect(parseViewOptions(raw, columns)).toEqual({
      hidden: ['email'],
      density: 'compact',
      widths: { name: 300 },
    });
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
    ).toEqual({ hidden: ['email'], density: 'comfortable', widths: {} });
    expect(parseViewOptions('{"hidden":"email","density":"compact"}', columns)).toEqual({
      hidden: [],
      density: 'compact',
      widths: {},
    });
  });

  it('keeps widths of known columns only, clamped, and drops what is not a number', () => {
    const raw = JSON.stringify({
      widths: { id: 0, name: 10_000, email: '300', gone: 200, actions: null, __proto__: 5 },
    });
    expect(parseViewOptions(raw, columns).widths).toEqual({
      id: MIN_COLUMN_WIDTH,
      name: MAX_COLUMN_WIDTH,
    });
    expect(parseViewOptions('{"widths": [1, 2]}', columns).widths).toEqual({});
    expect(parseViewOptions('{"widths": "wide"}', columns).widths).toEqual({});
  });
});

describe('clampWidth', () => {
  it.each([
    [0, MIN_COLUMN_WIDTH],
    [-50, MIN_COLUMN_WIDTH],
    [10_000, MAX_COLUMN_WIDTH],
    [Number.MAX_VALUE, MAX_COLUMN_WIDTH],
    [Infinity, 160],
    [Number.NaN, 160],
    [200.4, 200],
    [MIN_COLUMN_WIDTH, MIN_COLUMN_WIDTH],
  ])('%d → %d', (value, expected) => {
    expect(clampWidth(value)).toBe(expected);
  });
});

describe('readLinkedView', () => {
  it("reads a link's options, checked like stored ones", () => {
    const view = JSON.stringify({ hidden: ['email'], density: 'compact', widths: { name: 5 } });
    expect(readLinkedView(`?page=2&view=${encodeURIComponent(view)}`, columns)).toEqual({
      hidden: ['email'],
      density: 'compact',
      widths: { name: MIN_COLUMN_WIDTH },
    });
    expect(readLinkedView('?view=%7Bbroken', columns)).toEqual(DEFAULT_VIEW_OPTIONS);
    expect(readLinkedView('?page=2', columns)).toBeNull();
  });
});

describe('readDefaultView', () => {
  it("reads the default saved view's address and options", () => {
    localStorage.setItem(
      savedViewsKey('users'),
      JSON.stringify({
        views: [
          { id: 'a', name: 'A', search: 'sort=name', hidden: [], density: 'comfortable' },
          { id: 'b', name: 'B', search: 'limit=10', hidden: ['email'], density: 'compact' },
        ],
        defaultId: 'b',
      }),
    );
    expect(readDefaultView('users', columns)).toEqual({
      search: 'limit=10',
      options: { hidden: ['email'], density: 'compact', widths: {} },
    });
  });

  it.each([
    ['nothing stored', null],
    ['not JSON', '{'],
    ['no default', '{"views":[{"id":"a","search":""}]}'],
    ['a default that is gone', '{"views":[{"id":"a","search":""}],"defaultId":"b"}'],
    ['views that are not a list', '{"views":{"a":1},"defaultId":"a"}'],
    ['a search that is not text', '{"views":[{"id":"a","search":5}],"defaultId":"a"}'],
    ['null entries', '{"views":[null],"defaultId":"a"}'],
    // What the Views menu drops as damaged is not applied either (#33 I6).
    ['a default with no name', '{"views":[{"id":"a","search":"limit=10"}],"defaultId":"a"}'],
    [
      'a default whose name is only control characters',
      '{"views":[{"id":"a","name":"\\u202e","search":"limit=10"}],"defaultId":"a"}',
    ],
    [
      'a default named as an earlier view',
      '{"views":[{"id":"x","name":"Mine","search":""},{"id":"a","name":"MINE","search":"limit=10"}],"defaultId":"a"}',
    ],
    [
      'a default past the limit of views',
      JSON.stringify({
        views: Array.from({ length: 101 }, (_, index) => ({
          id: `v${index}`,
          name: `V${index}`,
          search: 'limit=10',
        })),
        defaultId: 'v100',
      }),
    ],
  ])('gives none for %s', (_, raw) => {
    if (raw !== null) localStorage.setItem(savedViewsKey('users'), raw);
    expect(readDefaultView('users', columns)).toBeNull();
  });

  it('gives none when storage is off', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    expect(readDefaultView('users', columns)).toBeNull();
  });
});

describe('readViewOptions and writeViewOptions', () => {
  it('keep each table apart, under its own key', () => {
    const options = { hidden: ['email'], density: 'compact' as const, widths: { name: 240 } };
    writeViewOptions('users', options);
    expect(localStorage.getItem(viewOptionsKey('users'))).toBe(
      '{"hidden":["email"],"density":"compact","widths":{"name":240}}',
    );
    expect(readViewOptions('users', columns)).toEqual(options);
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

  it('hold for the page where the browser denies storage', () => {
    vi.spyOn(window, 'localStorage', 'get').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    const options = { hidden: ['email'], density: 'compact' as const, widths: {} };
    expect(readViewOptions('users', columns)).toEqual(DEFAULT_VIEW_OPTIONS);
    writeViewOptions('users', options);
    expect(readViewOptions('users', columns)).toEqual(options);
    expect(readDefaultView('users', columns)).toBeNull();
  });
});
