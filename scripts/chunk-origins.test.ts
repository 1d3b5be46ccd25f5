// @vitest-environment node
import { encode, type SourceMapSegment } from '@jridgewell/sourcemap-codec';
import fc from 'fast-check';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  ORIGINS,
  originOf,
  originRanges,
  shareGzip,
  type Origin,
  type OriginRange,
} from './chunk-origins';

const gzipLength = (text: string) => gzipSync(text).length;

/** Source 0 is a library's, 1 the console's; a segment without a source is the bundler's. */
const SOURCE_ORIGINS: Origin[] = ['library', 'own'];
const segmentFor = (column: number, origin: Origin): SourceMapSegment =>
  origin === 'bundler' ? [column] : [column, SOURCE_ORIGINS.indexOf(origin), 0, 0];

interface Piece {
  text: string;
  origin: Origin;
}

/** A chunk written piece by piece, each piece starting with a segment of its origin. */
function chunkOf(pieces: Piece[]): { code: string; mappings: string } {
  const lines: SourceMapSegment[][] = [[]];
  let code = '';
  for (const { text, origin } of pieces) {
    const lineStart = code.lastIndexOf('\n') + 1;
    lines[lines.length - 1]?.push(segmentFor(code.length - lineStart, origin));
    for (const char of text) {
      code += char;
      if (char === '\n') lines.push([]);
    }
  }
  return { code, mappings: encode(lines) };
}

/** What the ranges should be: the pieces, neighbours of one origin joined. */
function expectedRanges(pieces: Piece[]): OriginRange[] {
  const ranges: [Origin, number, number][] = [];
  let at = 0;
  for (const { text, origin } of pieces) {
    const last = ranges.at(-1);
    if (text === '') continue;
    if (last && last[0] === origin) last[2] += text.length;
    else ranges.push([origin, at, at + text.length]);
    at += text.length;
  }
  return ranges;
}

const piece = fc.record({
  text: fc.string({ unit: fc.constantFrom('a', 'b', '(', ')', ';', '\n', 'é'), maxLength: 12 }),
  origin: fc.constantFrom<Origin>(...ORIGINS),
});

describe('originOf', () => {
  it.each([
    ['/p/node_modules/react-dom/index.js', 'library'],
    ['/p/node_modules/.pnpm/x@1/node_modules/x/a.js', 'library'],
    ['/p/src/main.tsx', 'own'],
    ['/p/src/node_modules/x.js', 'library'],
    ['/elsewhere/node_modules/react/index.js', 'library'],
    ['/p/scripts/boot-script.ts', 'bundler'],
    ['/elsewhere/src/main.tsx', 'bundler'],
    ['/p', 'bundler'],
  ])('%s is %s', (path, origin) => {
    expect(originOf(path, '/p')).toBe(origin);
  });
});

describe('originRanges', () => {
  it('gives each run of code to the source of the segment that starts it', () => {
    const { code, mappings } = chunkOf([
      { text: 'import"./a.js";', origin: 'bundler' },
      { text: 'function r(){}', origin: 'library' },
      { text: 'r(1);\n', origin: 'own' },
      { text: 'r(2)', origin: 'own' },
      { text: 'export{r}', origin: 'bundler' },
    ]);
    expect(originRanges(code, mappings, SOURCE_ORIGINS)).toEqual([
      ['bundler', 0, 15],
      ['library', 15, 29],
      ['own', 29, 39],
      ['bundler', 39, 48],
    ]);
  });

  it('counts text before the first segment as the bundler’s, and text without mappings too', () => {
    expect(originRanges('abc', encode([[[1, 1, 0, 0]]]), SOURCE_ORIGINS)).toEqual([
      ['bundler', 0, 1],
      ['own', 1, 3],
    ]);
    expect(originRanges('abc', '', SOURCE_ORIGINS)).toEqual([['bundler', 0, 3]]);
    expect(originRanges('', '', SOURCE_ORIGINS)).toEqual([]);
  });

  it('ignores segments past the end of the text (a map that does not fit is no reason to fail)', () => {
    const mappings = encode([
      [
        [0, 0, 0, 0],
        [9, 1, 0, 0],
      ],
      [[0, 1, 0, 0]],
    ]);
    expect(originRanges('abc', mappings, SOURCE_ORIGINS)).toEqual([['library', 0, 3]]);
  });

  it('finds the pieces a chunk was written from, whatever they are', () => {
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 30 }), (pieces) => {
        const { code, mappings } = chunkOf(pieces);
        expect(originRanges(code, mappings, SOURCE_ORIGINS)).toEqual(expectedRanges(pieces));
      }),
    );
  });

  it('covers the text once, in order, with no empty range and no two neighbours of one origin', () => {
    const segment = fc.tuple(fc.nat(40), fc.option(fc.constantFrom(0, 1), { nil: undefined }));
    fc.assert(
      fc.property(
        fc.string({ maxLength: 60 }),
        fc.array(fc.array(segment, { maxLength: 6 }), { maxLength: 4 }),
        (code, lines) => {
          const sorted = lines.map((line) =>
            [...line]
              .sort((a, b) => a[0] - b[0])
              .map(([column, source]): SourceMapSegment =>
                source === undefined ? [column] : [column, source, 0, 0],
              ),
          );
          const ranges = originRanges(code, encode(sorted), SOURCE_ORIGINS);
          let at = 0;
          ranges.forEach(([origin, start, end], index) => {
            expect(start).toBe(at);
            expect(end).toBeGreaterThan(start);
            expect(origin).not.toBe(ranges[index - 1]?.[0]);
            at = end;
          });
          expect(at).toBe(code.length);
        },
      ),
    );
  });
});

describe('shareGzip', () => {
  it('shares a file’s gzipped size among its origins, in proportion to each one’s gzipped text', () => {
    const own = 'const ownCode = 1;'.repeat(40);
    const library = Array.from({ length: 300 }, (_, i) => `l${(i * 7919) % 1000}`).join(',');
    const text = library + own;
    const ranges: OriginRange[] = [
      ['library', 0, library.length],
      ['own', library.length, text.length],
    ];
    const shares = shareGzip(text, ranges, gzipLength(text), gzipLength);
    expect(shares.bundler).toBe(0);
    expect(shares.library + shares.own).toBe(gzipLength(text));
    // The repeated own line compresses to almost nothing; the numbers do not.
    expect(shares.own).toBeLessThan(shares.library / 4);
  });

  it('adds up to the file’s size, and gives nothing to an origin it does not contain', () => {
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 20 }), fc.nat(100_000), (pieces, total) => {
        const { code, mappings } = chunkOf(pieces);
        const ranges = originRanges(code, mappings, SOURCE_ORIGINS);
        const shares = shareGzip(code, ranges, total, gzipLength);
        expect(shares.library + shares.own + shares.bundler).toBe(total);
        for (const origin of ORIGINS) {
          expect(shares[origin]).toBeGreaterThanOrEqual(0);
          if (code !== '' && !ranges.some(([o]) => o === origin)) expect(shares[origin]).toBe(0);
        }
      }),
    );
  });

  it('counts an empty file (gzip’s header alone) as the bundler’s', () => {
    expect(shareGzip('', [], 20, gzipLength)).toEqual({ library: 0, own: 0, bundler: 20 });
  });
});
