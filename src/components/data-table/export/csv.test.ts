// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { CSV_HOSTILE_USERS, EDGE_CASE_PRODUCTS, HOSTILE_USER } from '../../../mocks/data';
import { parseCsv } from '../../../test/parse-csv';
import { csvField, csvFileName, csvRecord, csvRecords, plainDecimal } from './csv';

describe('csvField', () => {
  it('neutralises what a spreadsheet would run, as OWASP lists it', () => {
    expect(csvField('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(csvField('+SUM(1+1)')).toBe(`"'+SUM(1+1)"`);
    expect(csvField('-2+3')).toBe(`"'-2+3"`);
    expect(csvField('@cmd')).toBe(`"'@cmd"`);
    expect(csvField('\tcalc')).toBe(`"'\tcalc"`);
    expect(csvField('\rcalc')).toBe(`"'\rcalc"`);
    // Past a line break too, which papaparse's default pattern misses.
    expect(csvField('=1+1\nnext line')).toBe(`"'=1+1\nnext line"`);
  });

  it('leaves the same characters alone further in, and plain text unquoted', () => {
    expect(csvField('a=b+c-d@e')).toBe('a=b+c-d@e');
    expect(csvField(' =1')).toBe(' =1');
    expect(csvField('Mallory')).toBe('Mallory');
    expect(csvField('')).toBe('');
    expect(csvField("'quoted already")).toBe("'quoted already");
  });

  it('quotes commas, quotes, CR and LF as RFC 4180 says', () => {
    expect(csvField('Quote "the" Comma, Person')).toBe('"Quote ""the"" Comma, Person"');
    expect(csvField('Line\nBreak')).toBe('"Line\nBreak"');
    expect(csvField('a\r\nb')).toBe('"a\r\nb"');
    expect(csvField('"')).toBe('""""');
  });

  it('writes numbers as plain decimals, whatever their sign: they are not text', () => {
    expect(csvField(19.99)).toBe('19.99');
    expect(csvField(-5)).toBe('-5');
    expect(csvField(0)).toBe('0');
    expect(csvField(1e21)).toBe('1000000000000000000000');
    expect(csvField(null)).toBe('');
    expect(csvField(undefined)).toBe('');
    expect(csvField(true)).toBe('true');
  });
});

describe('plainDecimal', () => {
  it.each([
    [1234567.5, '1234567.5'],
    [0.1, '0.1'],
    [-0, '0'],
    [1e21, '1000000000000000000000'],
    [1.5e21, '1500000000000000000000'],
    [-2.5e22, '-25000000000000000000000'],
    [1e-7, '0.0000001'],
    [1.25e-7, '0.000000125'],
    [-3.5e-9, '-0.0000000035'],
    [Number.MAX_VALUE, `17976931348623157${'0'.repeat(292)}`],
    [Number.MIN_VALUE, `0.${'0'.repeat(323)}5`],
    [Number.NaN, ''],
    [Number.POSITIVE_INFINITY, ''],
  ])('%s → %s', (value, expected) => {
    expect(plainDecimal(value)).toBe(expected);
    if (expected !== '') expect(Number(expected)).toBe(value === 0 ? 0 : value);
  });
});

describe('csvRecords', () => {
  it('reads back as the same cells, hostile values included, one CRLF-ended record each', () => {
    const users = [...CSV_HOSTILE_USERS, HOSTILE_USER];
    const fields = ['id', 'name', 'email', 'created_at'] as const;
    const text = csvRecord(fields) + csvRecords(users, fields);
    const rows = parseCsv(text);
    expect(rows[0]).toEqual(['id', 'name', 'email', 'created_at']);
    expect(rows).toHaveLength(users.length + 1);
    rows.slice(1).forEach((row, index) => {
      const user = users[index]!;
      const name = /^[=+\-@\t\r]/.test(user.name) ? `'${user.name}` : user.name;
      expect(row).toEqual([user.id, name, user.email, user.created_at]);
    });
    expect(text.split('\r\n').at(-1)).toBe('');
  });

  it('writes products with prices as numbers and neutralised descriptions', () => {
    const fields = ['id', 'name', 'category', 'price', 'description'] as const;
    const rows = parseCsv(csvRecords(EDGE_CASE_PRODUCTS, fields));
    expect(rows).toEqual([
      [
        'prod_csv_hyperlink',
        `'=HYPERLINK("http://x","Click me")`,
        'Home & Garden',
        '9.99',
        'Opens a link when a spreadsheet runs the name as a formula.',
      ],
      [
        'prod_csv_quote',
        'Quote "the" Comma, Planter',
        'Home & Garden',
        '14.5',
        "'-1+2 in the description,\r\nthen @SUM(A1) on a second line.",
      ],
    ]);
  });

  it('writes nothing for no items', () => {
    expect(csvRecords([], ['id'])).toBe('');
  });
});

describe('csvFileName', () => {
  it('uses the local date, zero-padded', () => {
    expect(csvFileName('users', new Date(2026, 0, 5, 23, 59))).toBe('users-2026-01-05.csv');
    expect(csvFileName('products', new Date(2026, 10, 23, 0, 1))).toBe('products-2026-11-23.csv');
  });
});
