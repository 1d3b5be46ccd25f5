// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { formatCount, formatRange } from './format';

describe('formatRange', () => {
  it.each([
    [{ page: 1, limit: 50, total: 1000 }, 50, '1–50 of 1,000'],
    [{ page: 20, limit: 50, total: 1000 }, 50, '951–1,000 of 1,000'],
    [{ page: 3, limit: 25, total: 60 }, 10, '51–60 of 60'],
    [{ page: 1, limit: 10, total: 0 }, 0, '0 of 0'],
    [{ page: 9, limit: 10, total: 30 }, 0, '0 of 30'],
    // meta.total lies: the rows on screen win.
    [{ page: 1, limit: 50, total: 1000 }, 3, '1–3 of 1,000'],
    [{ page: 1, limit: 50, total: 2 }, 50, '1–50 of 50'],
  ])('%o with %i rows → %s', (input, rows, expected) => {
    expect(formatRange(input, rows)).toBe(expected);
  });
});

describe('number formats', () => {
  it('groups thousands', () => {
    expect(formatCount(1234567)).toBe('1,234,567');
  });
});
