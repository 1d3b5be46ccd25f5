// @vitest-environment node
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { format } from 'prettier';
import { afterAll, describe, expect, it } from 'vitest';
import { replaceCurrentTable, TABLE_END, TABLE_START, writeCurrentTable } from './current-table';
import { formatTable, type BenchResults } from './report';

const DOCUMENT = [
  '# Performance',
  '',
  'Prose before.',
  '',
  '## Current figures',
  '',
  TABLE_START,
  '',
  '| Measure | Value |',
  '| ------- | ----- |',
  '| old     | 1     |',
  '',
  TABLE_END,
  '',
  'Prose after.',
  '',
].join('\n');

const RESULTS: BenchResults = {
  date: '2026-12-01T10:00:00.000Z',
  machine: {
    cpu: 'Test CPU',
    cores: 2,
    memoryGiB: 8,
    os: 'Linux 6',
    node: '20.20.2',
    chromium: null,
    loadAverage: { start: 0.5, end: 0.75 },
  },
  settings: { interactionRuns: 5, lighthouseRuns: 3, mockRequests: 200, mobileCpuSlowdown: 4 },
  sizes: {
    gzip: 'gzip 6',
    routes: [{ page: '/login', jsGzip: 102_200, cssGzip: 8_300, files: [] }],
    largestChunks: [{ name: 'index', file: 'assets/index.js', gzip: 98_000 }],
    demoExtra: { gzip: 197_600, files: ['a.js', 'b.js'] },
  },
  lighthouse: null,
  interactions: null,
  mockApi: null,
  export: null,
  find: null,
  scale: [
    {
      what: 'Overview (all three charts and both totals)',
      users: 1_000,
      products: 5_000,
      requests: 45,
      roundTrips: 27,
      ms: 3_300,
      estimated: false,
    },
  ],
};

describe('replaceCurrentTable', () => {
  it('replaces what lies between the markers and keeps the rest', () => {
    const table = formatTable(RESULTS);
    const replaced = replaceCurrentTable(DOCUMENT, table);
    expect(replaced).not.toContain('| old');
    expect(replaced).toContain(table);
    expect(replaced.startsWith(DOCUMENT.slice(0, DOCUMENT.indexOf(TABLE_START)))).toBe(true);
    expect(replaced.endsWith(DOCUMENT.slice(DOCUMENT.indexOf(TABLE_END)))).toBe(true);
    // Once replaced, replacing again gives the same document: nothing accumulates.
    expect(replaceCurrentTable(replaced, table)).toBe(replaced);
  });

  it('refuses a document without both markers, in order, once each', () => {
    const table = formatTable(RESULTS);
    expect(() => replaceCurrentTable('# Performance\n', table)).toThrow(TABLE_START);
    expect(() => replaceCurrentTable(`${TABLE_END}\n${TABLE_START}\n`, table)).toThrow();
    expect(() => replaceCurrentTable(`${DOCUMENT}\n${TABLE_START}\n`, table)).toThrow();
  });
});

describe('formatTable', () => {
  it('says what it measured, with a row per figure, the scale section included', () => {
    const table = formatTable(RESULTS);
    expect(table).toContain('Sections: sizes, scale.');
    expect(table).toMatch(/\| JS before first render \/login +\| 102\.2 KB \(\+ CSS 8\.3 KB\)/);
    const split = formatTable({
      ...RESULTS,
      sizes: {
        ...(RESULTS.sizes as NonNullable<BenchResults['sizes']>),
        routes: [
          {
            page: '/login',
            jsGzip: 102_200,
            jsOrigins: { library: 80_000, own: 20_400, bundler: 1_800 },
            cssGzip: 8_300,
            files: [],
          },
        ],
      },
    });
    expect(split).toMatch(
      /\| JS before first render \/login +\| 102\.2 KB: libraries 80\.0 KB, own 20\.4 KB, bundler 1\.8 KB \(\+ CSS 8\.3 KB\)/,
    );
    expect(table).toMatch(
      /Overview .*1,000 users, 5,000 products +\| 45 requests, 27 round trips, 3\.3 s/,
    );
  });
});

describe('writeCurrentTable', () => {
  const dir = mkdtempSync(join(tmpdir(), 'current-table-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('writes the file formatted, so the format check passes after a run', async () => {
    const file = join(dir, 'performance.md');
    writeFileSync(file, DOCUMENT);
    await writeCurrentTable(formatTable(RESULTS), file);
    const written = readFileSync(file, 'utf8');
    expect(written).toContain('Prose before.');
    expect(written).toContain('Prose after.');
    expect(written).toMatch(/\| JS before first render \/login/);
    expect(await format(written, { filepath: file })).toBe(written);
  });
});
