// @vitest-environment node
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalDecimal, compareDecimals, formatDecimal, plainDecimal } from './decimal';

/** Reads a shown price back: the grouping commas out. */
const readShown = (text: string) => Number(text.replace(/,/g, ''));

describe('formatDecimal', () => {
  it.each([
    [19.999, '19.999'],
    [20, '20.00'],
    [1234.5, '1,234.50'],
    [0, '0.00'],
    [-0, '0.00'],
    [-5, '-5.00'],
    [-1234567.891, '-1,234,567.891'],
    [0.1 + 0.2, '0.30000000000000004'],
    [1e21, '1,000,000,000,000,000,000,000.00'],
    [1.5e-7, '0.00000015'],
    [123456789.12345, '123,456,789.12345'],
    [Number.MAX_SAFE_INTEGER, '9,007,199,254,740,991.00'],
  ])('%s → %s', (value, expected) => {
    expect(formatDecimal(value)).toBe(expected);
  });

  it('never rounds: what is shown reads back as the very double the API sent', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (value) => {
        const shown = formatDecimal(value);
        expect(shown).toMatch(/^-?\d{1,3}(,\d{3})*\.\d{2,}$/);
        expect(readShown(shown)).toBe(value === 0 ? 0 : value);
      }),
    );
  });

  it('shows the shortest decimal, so 3 decimals sent are 3 decimals shown', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (mills) => {
        const value = mills / 1000;
        const [, fraction = ''] = formatDecimal(value).split('.');
        const sent = String(Math.abs(mills) % 1000)
          .padStart(3, '0')
          .replace(/0+$/, '');
        expect(fraction).toBe(sent.padEnd(2, '0'));
      }),
    );
  });
});

describe('plainDecimal', () => {
  it('is never in exponent notation and reads back exactly', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (value) => {
        const plain = plainDecimal(value);
        expect(plain).toMatch(/^-?\d+(\.\d+)?$/);
        expect(Number(plain)).toBe(value === 0 ? 0 : value);
      }),
    );
  });
});

describe('canonicalDecimal', () => {
  it.each([
    ['19.999', '19.999'],
    [' 10.50 ', '10.5'],
    ['.5', '0.5'],
    ['5.', '5'],
    ['007', '7'],
    ['1e3', '1000'],
    ['1.5E-3', '0.0015'],
    ['-0', '0'],
    ['-0.000', '0'],
    ['+2', '2'],
    ['-12.30', '-12.3'],
    ['0.1000000000000000000001', '0.1000000000000000000001'],
    ['123456789012345678901234567890', '123456789012345678901234567890'],
  ])('%j → %s', (text, expected) => {
    expect(canonicalDecimal(text)).toBe(expected);
  });

  it.each(['', ' ', '.', 'abc', '1,5', '1.2.3', '0x10', 'Infinity', 'NaN', '1e', '--1', '1 2'])(
    'refuses %j',
    (text) => {
      expect(canonicalDecimal(text)).toBeUndefined();
    },
  );

  it('refuses an exponent that would expand past the length given, without expanding it', () => {
    expect(canonicalDecimal('1e999999999', 200)).toBeUndefined();
    expect(canonicalDecimal('1e199', 200)).toBe(`1${'0'.repeat(199)}`);
    expect(canonicalDecimal('1e200', 200)).toBeUndefined();
  });

  it('keeps the value of any double written as JSON would write it', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (value) => {
        const canonical = canonicalDecimal(JSON.stringify(value));
        expect(canonical).toBe(plainDecimal(value));
        expect(Number(canonical)).toBe(value === 0 ? 0 : value);
      }),
    );
  });

  it('is a fixed point: the canonical text of a canonical text is itself', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^-?\d{1,30}(\.\d{0,30})?$/), (text) => {
        const canonical = canonicalDecimal(text);
        expect(canonical).toBeDefined();
        expect(canonicalDecimal(canonical ?? '')).toBe(canonical);
      }),
    );
  });
});

describe('compareDecimals', () => {
  it.each([
    ['19.999', '20', -1],
    ['20', '20', 0],
    ['0.1000000000000000000001', '0.1', 1],
    ['-1', '0', -1],
    ['-2', '-10', 1],
    ['100', '99.999', 1],
    ['0.5', '0.05', 1],
    ['-7', '-7.0', 0],
  ])('%s vs %s', (a, b, sign) => {
    expect(Math.sign(compareDecimals(a, b))).toBe(sign);
  });

  it('agrees with comparing the doubles wherever they differ', () => {
    fc.assert(
      fc.property(
        fc.double({ noNaN: true, noDefaultInfinity: true }),
        fc.double({ noNaN: true, noDefaultInfinity: true }),
        (a, b) => {
          const expected = a < b ? -1 : a > b ? 1 : 0;
          expect(Math.sign(compareDecimals(plainDecimal(a), plainDecimal(b)))).toBe(expected);
        },
      ),
    );
  });
});
