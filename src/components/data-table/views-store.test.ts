import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  cleanViewName,
  columnChoicesOf,
  MAX_COLUMN_WIDTH,
  MAX_VIEW_NAME,
  MAX_VIEWS,
  savedViewsKey,
} from './view-options';
import {
  checkViewName,
  NO_VIEWS,
  parseSavedViews,
  readSavedViews,
  viewLink,
  viewSearch,
  writeSavedViews,
  type SavedView,
} from './views-store';

const columns = columnChoicesOf([
  { accessorKey: 'id', header: 'ID', meta: { alwaysVisible: true } },
  { accessorKey: 'name', header: 'Name' },
  { accessorKey: 'email', header: 'Email' },
]);

function view(id: string, overrides: Partial<SavedView> = {}): SavedView {
  return {
    id,
    name: `View ${id}`,
    search: 'sort=name',
    hidden: [],
    density: 'comfortable',
    widths: {},
    ...overrides,
  };
}

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('saved views in storage', () => {
  it('reads back what was written, default included, per table', () => {
    const saved = {
      views: [view('a', { hidden: ['email'], density: 'compact', widths: { name: 300 } })],
      defaultId: 'a',
    };
    expect(writeSavedViews('users', saved)).toBeNull();
    expect(readSavedViews('users', columns)).toEqual({ saved, problem: null });
    expect(readSavedViews('products', columns)).toEqual({ saved: NO_VIEWS, problem: null });
  });

  it.each([
    ['not JSON', '{"views": ['],
    ['JSON null', 'null'],
    ['views that are not a list', '{"views": {"a": 1}}'],
    ['a number', '7'],
  ])('says so, and offers no views, when storage holds %s', (_, raw) => {
    localStorage.setItem(savedViewsKey('users'), raw);
    const read = readSavedViews('users', columns);
    expect(read.saved).toEqual(NO_VIEWS);
    expect(read.problem).toMatch(/damaged/);
  });

  it('keeps the good entries of a damaged list and says how many were left out', () => {
    const raw = JSON.stringify({
      views: [
        view('a'),
        null,
        { id: 'b', name: 5, search: '' },
        { id: 'c', name: '   ', search: '' },
        { id: 'd', name: 'x'.repeat(1000), search: '' },
        { id: 'e', name: 'E', search: 'x'.repeat(5000) },
        view('a', { name: 'Same id' }),
        view('f', { name: 'VIEW A' }),
        view('g', { hidden: ['gone', 'email'], widths: { gone: 100, name: 99_999 } }),
      ],
      defaultId: 'nope',
    });
    const read = parseSavedViews(raw, columns);
    expect(read.saved.views.map(({ id }) => id)).toEqual(['a', 'g']);
    // A column that no longer exists is forgotten; a width out of range is clamped.
    expect(read.saved.views[1]).toMatchObject({
      hidden: ['email'],
      widths: { name: MAX_COLUMN_WIDTH },
    });
    expect(read.saved.defaultId).toBeNull();
    expect(read.problem).toBe('7 saved views were damaged or over the limit of 100, and left out.');
  });

  it(`keeps at most ${MAX_VIEWS} views (200 stored)`, () => {
    const views = Array.from({ length: 200 }, (_, index) => view(String(index)));
    const read = parseSavedViews(JSON.stringify({ views }), columns);
    expect(read.saved.views).toHaveLength(MAX_VIEWS);
    expect(read.problem).toMatch(/^100 saved views were/);
  });

  it('gives the reason when storage is full, and when it is turned off', () => {
    const setItem = vi.spyOn(Storage.prototype, 'setItem');
    setItem.mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    expect(writeSavedViews('users', { views: [view('a')], defaultId: null })).toMatch(/full/);
    setItem.mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    expect(writeSavedViews('users', { views: [view('a')], defaultId: null })).toMatch(/turned off/);
    setItem.mockRestore();
    // Nothing was written, not even to this page's memory: the menu keeps what it had.
    expect(readSavedViews('users', columns)).toEqual({ saved: NO_VIEWS, problem: null });
  });

  it('says storage is turned off where the browser denies it, on reading and on saving', () => {
    vi.spyOn(window, 'localStorage', 'get').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    expect(readSavedViews('users', columns).problem).toMatch(/turned off/);
    expect(writeSavedViews('users', { views: [view('a')], defaultId: null })).toMatch(/turned off/);
    expect(readSavedViews('users', columns).saved).toEqual(NO_VIEWS);
  });

  it('holds no markup or bidi trick after a round trip: names are cleaned as read', () => {
    const raw = JSON.stringify({
      views: [view('a', { name: 'Morning\u202E gnp.exe \n<b>x</b>' })],
    });
    expect(parseSavedViews(raw, columns).saved.views[0]?.name).toBe('Morning gnp.exe <b>x</b>');
  });
});

describe('view names', () => {
  it('are cleaned: control and bidi characters out, white space folded', () => {
    expect(cleanViewName('  a\t\tb \u2067c\u2069\u0000 ')).toBe('a b c');
    expect(cleanViewName('\u202E\u202D')).toBe('');
  });

  it('are checked: empty, too long, taken', () => {
    const saved = { views: [view('a', { name: 'Morning' })], defaultId: null };
    expect(checkViewName('', saved)).toBe('Give the view a name.');
    expect(checkViewName('x'.repeat(1000), saved)).toBe(
      `A view name can be at most ${MAX_VIEW_NAME} characters; this one is 1,000.`,
    );
    expect(checkViewName('x'.repeat(MAX_VIEW_NAME), saved)).toBeNull();
    expect(checkViewName('MORNING', saved)).toMatch(/already a view named “Morning”/);
    // Renaming a view to its own name is no clash.
    expect(checkViewName('Morning', saved, 'a')).toBeNull();
    expect(checkViewName('<script>alert(1)</script>', saved)).toBeNull();
  });
});

describe('addresses', () => {
  it('a view keeps its parameters, not the page, an open product or a link view', () => {
    expect(viewSearch('?page=3&category=Books&limit=25&product=p_1&view=%7B%7D')).toBe(
      'category=Books&limit=25',
    );
  });

  it('a link carries the address and the options', () => {
    const link = viewLink('https://console.example', '/users', '?sort=name&view=old', {
      hidden: ['email'],
      density: 'compact',
      widths: { name: 300 },
    });
    const url = new URL(link);
    expect(url.pathname).toBe('/users');
    expect(url.searchParams.get('sort')).toBe('name');
    expect(JSON.parse(url.searchParams.get('view') ?? '')).toEqual({
      hidden: ['email'],
      density: 'compact',
      widths: { name: 300 },
    });
  });
});
