// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { lastPageFor, parseLimitParam, parsePageParam, writePageParams } from './page-params';

describe('parsePageParam', () => {
  it.each([
    [null, 1],
    ['1', 1],
    ['7', 7],
    ['007', 7],
    ['0', 1],
    ['-3', 1],
    ['2.5', 1],
    ['abc', 1],
    ['', 1],
    ['99999999999999999999', 1],
  ])('reads %j as page %i', (raw, page) => {
    expect(parsePageParam(raw)).toBe(page);
  });
});

describe('parseLimitParam', () => {
  it.each([
    [null, 50],
    ['10', 10],
    ['25', 25],
    ['100', 100],
    ['5000', 100],
    ['101', 100],
    ['1', 10],
    ['30', 25],
    ['40', 50],
    ['0', 50],
    ['-10', 50],
    ['ten', 50],
  ])('reads %j as %i rows', (raw, limit) => {
    expect(parseLimitParam(raw)).toBe(limit);
  });
});

describe('writePageParams', () => {
  it('leaves out the defaults', () => {
    const search = new URLSearchParams();
    writePageParams(search, { page: 1, limit: 50 });
    expect(search.toString()).toBe('');
  });

  it('writes the rest', () => {
    const search = new URLSearchParams();
    writePageParams(search, { page: 3, limit: 25 });
    expect(search.toString()).toBe('page=3&limit=25');
  });
});

describe('lastPageFor', () => {
  it.each([
    [1000, 50, 20],
    [1001, 50, 21],
    [1, 50, 1],
    [0, 50, 1],
  ])('%i rows of %i a page end on page %i', (total, limit, last) => {
    expect(lastPageFor(total, limit)).toBe(last);
  });
});
