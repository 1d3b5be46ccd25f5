// @vitest-environment node
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';
import { describeCycles, findCycles, importGraph, importsOf } from './import-cycles';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

describe('the project', () => {
  // The check itself, in `npm test`: imports only go down.
  it('has no import loops', () => {
    const graph = importGraph(join(ROOT, 'tsconfig.json'));
    // Not passing by reading nothing: the graph holds the project and its known edges.
    expect(graph.size).toBeGreaterThan(150);
    expect(graph.get(join(ROOT, 'src/components/data-table/columns-menu.tsx'))).toContain(
      join(ROOT, 'src/components/data-table/columns-menu-popup.tsx'),
    );
    const cycles = findCycles(graph);
    expect(describeCycles(cycles, ROOT), 'import loops').toBe('');
    // About 2 s of CPU, most of it loading TypeScript; more on a machine busy with other work.
  }, 30_000);
});

describe('findCycles', () => {
  const graphOf = (edges: Record<string, string[]>) => new Map(Object.entries(edges));

  it('finds none where imports only go down', () => {
    expect(findCycles(graphOf({ app: ['feature', 'lib'], feature: ['lib'], lib: [] }))).toEqual([]);
  });

  it('finds a loop of two, of three, and a file importing itself', () => {
    expect(findCycles(graphOf({ a: ['b'], b: ['a'] }))).toEqual([['a', 'b', 'a']]);
    expect(findCycles(graphOf({ engine: ['panel'], panel: ['hook'], hook: ['engine'] }))).toEqual([
      ['engine', 'panel', 'hook', 'engine'],
    ]);
    expect(findCycles(graphOf({ self: ['self'] }))).toEqual([['self', 'self']]);
  });

  it('shows one shortest loop per tangle, and each separate loop', () => {
    const graph = graphOf({
      a: ['b', 'x'],
      b: ['c'],
      c: ['a', 'b'],
      x: [],
      p: ['q'],
      q: ['p'],
    });
    expect(findCycles(graph)).toEqual([
      ['a', 'b', 'c', 'a'],
      ['p', 'q', 'p'],
    ]);
  });
});

describe('importsOf', () => {
  const dir = mkdtempSync(join(tmpdir(), 'import-cycles-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const options: ts.CompilerOptions = {
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    jsx: ts.JsxEmit.ReactJSX,
  };
  const write = (name: string, text: string) => {
    writeFileSync(join(dir, name), text);
    return resolve(dir, name);
  };
  const target = write('target.ts', 'export const value = 1; export type T = number;\n');
  const edgeFrom = (name: string, text: string) =>
    importsOf(write(name, text), text, options).map((file) => resolve(file));

  it.each([
    ['a value import', `import { value } from './target';`],
    ['a type-only import', `import type { T } from './target';`],
    ['an inline type import', `import { type T } from './target';`],
    ['a re-export', `export { value } from './target';`],
    ['a type re-export', `export type { T } from './target';`],
    ['a lazy import()', `export const load = () => import('./target');`],
    ['a typeof import() type', `export type M = typeof import('./target');`],
    ['a side-effect import', `import './target';`],
    ['an import-equals require', `import target = require('./target');`],
  ])('counts %s as an edge', (_, text) => {
    expect(edgeFrom('importer.tsx', text)).toEqual([target]);
  });

  it('does not count an import written in a string or a comment', () => {
    const text =
      "const a = `import('./target')`;\nconst b = \"import './target'\";\n// import('./target')";
    expect(edgeFrom('mention.ts', text)).toEqual([]);
  });

  it('does not follow packages or what does not resolve', () => {
    expect(edgeFrom('outside.ts', `import ts from 'typescript';\nimport './missing';`)).toEqual([]);
  });

  it('makes a loop of a lazy module importing back from its loader', () => {
    const files = {
      'menu.tsx': `export const LABEL = 'x';\nexport const load = () => import('./popup');`,
      'popup.tsx': `import { LABEL } from './menu';\nexport const label = LABEL;`,
    };
    const written = Object.entries(files).map(([name, text]) => [write(name, text), text] as const);
    const graph = new Map(written.map(([file, text]) => [file, importsOf(file, text, options)]));
    expect(findCycles(graph).map((cycle) => cycle.length)).toEqual([3]);
  });
});
