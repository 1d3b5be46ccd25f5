import { describe, expect, it } from 'vitest';
import { formatCount, formatPrice, formatRange } from './format';

describe('formatRange', () => {
  it.each([
    [{ page: 1, limit: 50, total: 1000 }, '1–50 of 1,000'],
    [{ page: 20, limit: 50, total: 1000 }, '951–1,000 of 1,000'],
    [{ page: 3, limit: 25, total: 60 }, '51–60 of 60'],
    [{ page: 1, limit: 10, total: 0 }, '0 of 0'],
    [{ page: 9, limit: 10, total: 30 }, '0 of 30'],
  ])('%o → %s', (input, expected) => {
    expect(formatRange(input)).toBe(expected);
  });
});

describe('number formats', () => {
  it('groups thousands', () => {
    expect(formatCount(1234567)).toBe('1,234,567');
  });

  it('shows prices with two decimals and no currency symbol', () => {
    expect(formatPrice(1999.5)).toBe('1,999.50');
    expect(formatPrice(0)).toBe('0.00');
  });
});
