// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  parseUsersSearch,
  serializeUsersSearch,
  sortingToSort,
  sortToSorting,
} from './users-search-params';

const parse = (search: string) => parseUsersSearch(new URLSearchParams(search));

describe('parseUsersSearch', () => {
  it('gives the first page of 50, unsorted, for a bare URL', () => {
    expect(parse('')).toEqual({ params: { page: 1, limit: 50 }, corrected: false });
  });

  it('keeps a canonical URL as it is', () => {
    expect(parse('page=3&limit=25&sort=-created_at')).toEqual({
      params: { page: 3, limit: 25, sort: '-created_at' },
      corrected: false,
    });
  });

  it.each(['name', '-name', 'created_at', '-created_at'])('accepts sort=%s', (sort) => {
    expect(parse(`sort=${sort}`).params.sort).toBe(sort);
  });

  it('normalises malformed values and says the URL needs correcting', () => {
    expect(parse('page=-3&limit=5000&sort=bogus')).toEqual({
      params: { page: 1, limit: 100 },
      corrected: true,
    });
  });

  it.each([
    ['page=1', ''],
    ['limit=50', ''],
    ['limit=25&page=2', 'page=2&limit=25'],
    ['page=2&page=5', 'page=2'],
    ['sort=email', ''],
    ['sort=name&utm_source=mail', 'sort=name'],
  ])('rewrites %j as %j', (search, canonical) => {
    const { params, corrected } = parse(search);
    expect(corrected).toBe(true);
    expect(serializeUsersSearch(params).toString()).toBe(canonical);
  });
});

describe('sort and table sorting state', () => {
  it.each([
    ['name', [{ id: 'name', desc: false }]],
    ['-name', [{ id: 'name', desc: true }]],
    ['-created_at', [{ id: 'created_at', desc: true }]],
    [undefined, []],
  ] as const)('maps %j both ways', (sort, sorting) => {
    expect(sortToSorting(sort)).toEqual(sorting);
    expect(sortingToSort([...sorting])).toBe(sort);
  });

  it('ignores a column the API cannot sort by', () => {
    expect(sortingToSort([{ id: 'email', desc: false }])).toBeUndefined();
  });
});
