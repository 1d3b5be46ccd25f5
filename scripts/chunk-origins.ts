import { decode } from '@jridgewell/sourcemap-codec';
import { isAbsolute, relative, sep } from 'node:path';

/**
 * Whose code each part of a built chunk is: a library's (node_modules), the console's own (src/),
 * or the bundler's (its runtime, and the glue between chunks that no source maps to). The byte
 * budgets (scripts/check-budgets.ts) hold the own part to a budget and report the libraries'.
 *
 * The parts come from the chunk's source map: each mapping segment starts a run of generated code
 * that belongs to its segment's source, up to the next segment. Minified output keeps a segment
 * for nearly every token, so a run is rarely longer than a few characters of another origin.
 */

export type Origin = 'library' | 'own' | 'bundler';
export const ORIGINS: readonly Origin[] = ['library', 'own', 'bundler'];

/** [origin, start, end): offsets into the chunk's text, in UTF-16 code units. */
export type OriginRange = readonly [origin: Origin, start: number, end: number];

/** Where a source path (absolute) comes from, in a project whose root is `root`. */
export function originOf(path: string, root: string): Origin {
  // A package may live outside the project (a linked node_modules, a workspace's hoisted one).
  if (path.split(sep).includes('node_modules')) return 'library';
  const inside = relative(root, path);
  if (inside === '' || inside.startsWith('..') || isAbsolute(inside)) return 'bundler';
  return inside.split(sep)[0] === 'src' ? 'own' : 'bundler';
}

/**
 * The chunk's text as consecutive ranges, one per run of a single origin, covering it from 0 to
 * its length. `mappings` is the source map's encoded field; `sourceOrigins[i]` is the origin of
 * its source i. Text before the first segment, and segments without a source, are the bundler's.
 */
export function originRanges(
  code: string,
  mappings: string,
  sourceOrigins: readonly Origin[],
): OriginRange[] {
  const lineStarts = [0];
  for (let i = code.indexOf('\n'); i >= 0; i = code.indexOf('\n', i + 1)) lineStarts.push(i + 1);
  const ranges: [Origin, number, number][] = [];
  let origin: Origin = 'bundler';
  let start = 0;
  const cut = (at: number, next: Origin) => {
    const end = Math.min(Math.max(at, start), code.length);
    if (next === origin) return;
    if (end > start) ranges.push([origin, start, end]);
    origin = next;
    start = end;
  };
  decode(mappings).forEach((segments, line) => {
    const lineStart = lineStarts[line];
    if (lineStart === undefined) return;
    for (const segment of segments) {
      const source = segment.length >= 4 ? sourceOrigins[segment[1] as number] : undefined;
      cut(lineStart + segment[0], source ?? 'bundler');
    }
  });
  if (code.length > start) ranges.push([origin, start, code.length]);
  return mergeRuns(ranges);
}

/** Neighbours of one origin become one range (a cut at the same offset leaves two). */
function mergeRuns(ranges: [Origin, number, number][]): OriginRange[] {
  const merged: [Origin, number, number][] = [];
  for (const range of ranges) {
    const last = merged.at(-1);
    if (last && last[0] === range[0] && last[2] === range[1]) last[2] = range[2];
    else merged.push([...range]);
  }
  return merged;
}

export type OriginBytes = Record<Origin, number>;

/**
 * A file's gzipped size shared out among the origins of its ranges. Gzip sizes do not add up part
 * by part (each part alone compresses worse than inside the file), so each origin's text is
 * gzipped alone and the file's real size is shared in those proportions: the shares add up to
 * `totalGzip` exactly.
 */
export function shareGzip(
  text: string,
  ranges: readonly OriginRange[],
  totalGzip: number,
  gzipLength: (text: string) => number,
): OriginBytes {
  const parts: Record<Origin, string[]> = { library: [], own: [], bundler: [] };
  for (const [origin, start, end] of ranges) parts[origin].push(text.slice(start, end));
  const weights = ORIGINS.map((origin) => {
    const joined = parts[origin].join('');
    return joined === '' ? 0 : gzipLength(joined);
  });
  return apportion(weights, totalGzip);
}

/** `total` split in proportion to `weights`, in whole bytes that add up to it (largest remainder). */
function apportion(weights: readonly number[], total: number): OriginBytes {
  const sum = weights.reduce((a, b) => a + b, 0);
  // An empty file still has gzip's header: nobody's code.
  if (sum === 0) return { library: 0, own: 0, bundler: total };
  const exact = weights.map((weight) => (weight * total) / sum);
  const shares = exact.map(Math.floor);
  let left = total - shares.reduce((a, b) => a + b, 0);
  const byRemainder = exact
    .map((value, index) => ({ index, remainder: value - Math.floor(value) }))
    .sort((a, b) => b.remainder - a.remainder);
  for (const { index } of byRemainder) {
    if (left <= 0) break;
    shares[index] = (shares[index] as number) + 1;
    left -= 1;
  }
  return { library: shares[0] ?? 0, own: shares[1] ?? 0, bundler: shares[2] ?? 0 };
}
