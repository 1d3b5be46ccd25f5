import { relative, sep } from 'node:path';

/**
 * The layers import-cycles.ts keeps free of loops, as rules: `src/lib/` and `src/components/`
 * import nothing from `src/features/` or `src/app/`, and a feature imports nothing from another
 * feature or from `src/app/`. What two features share moves down to `src/lib/` (the request pool,
 * the list search) or `src/components/`, so a feature can change, or load lazily, on its own.
 * Every kind of reference counts, as for loops: a type-only import still couples two features.
 */

export interface LayerViolation {
  from: string;
  to: string;
  rule: string;
}

/** `features/users`, `app`, `lib`, `components`, or undefined outside these layers. */
function layerOf(path: string): string | undefined {
  const [top, layer, feature] = path.split('/');
  if (top !== 'src') return undefined;
  if (layer === 'features') return feature === undefined ? undefined : `features/${feature}`;
  return layer === 'app' || layer === 'lib' || layer === 'components' ? layer : undefined;
}

function broken(from: string, to: string): string | undefined {
  if (from === to) return undefined;
  const upward = to === 'app' || to.startsWith('features/');
  if ((from === 'lib' || from === 'components') && upward) {
    return `src/${from} imports nothing from src/features or src/app`;
  }
  if (from.startsWith('features/') && upward) {
    return 'a feature imports nothing from another feature or from src/app';
  }
  return undefined;
}

/** The imports that break the layering, paths relative to `root`, sorted. */
export function layerViolations(
  graph: ReadonlyMap<string, readonly string[]>,
  root: string,
): LayerViolation[] {
  const path = (file: string) => relative(root, file).split(sep).join('/');
  const violations: LayerViolation[] = [];
  for (const [file, targets] of graph) {
    const from = layerOf(path(file));
    if (from === undefined) continue;
    for (const target of targets) {
      const to = layerOf(path(target));
      const rule = to === undefined ? undefined : broken(from, to);
      if (rule) violations.push({ from: path(file), to: path(target), rule });
    }
  }
  return violations.sort((a, b) => a.from.localeCompare(b.from) || a.to.localeCompare(b.to));
}

export function describeViolations(violations: readonly LayerViolation[]): string {
  return violations.map(({ from, to, rule }) => `  ${from} → ${to} (${rule})`).join('\n');
}
