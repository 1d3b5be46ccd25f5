import { relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';
import { describeViolations, layerViolations } from './import-layers';

/**
 * Import loops among the project's own files. Layering only works if imports go one way (the app
 * on top, features in the middle, shared code at the bottom), and a loop is where that quietly
 * stops: a module can then run before one it needs, and a lazy chunk can drag its importer along.
 *
 * Every kind of reference is an edge, type-only ones included: a loop through `import type` still
 * means two files each know the other, which is the layering problem even when no code runs. So
 * are `import()` and `typeof import()`: a lazy module importing back from the file that loads it is
 * a loop too (the chunk boundary is the bundler's business, not the layering's).
 *
 * Our own script rather than a dependency, measured on this repository (2 cores, while other work
 * ran): eslint-plugin-import-x's no-cycle turned `npm run lint` from about 20 s into 210-250 s and,
 * ignoring type-only imports, found one of the three loops; madge (51 MB installed) and dpdm
 * (33 MB) each took 6-8 s. Files are scanned, not type-checked, and resolved by TypeScript's own
 * module resolution with the project's tsconfig, so path rules match the compiler's exactly.
 */

/**
 * The project's own files that `file` refers to. TypeScript's import scanner (the language
 * service's `preProcessFile`) finds every kind of reference without a full parse, which took three
 * times as long; packages are not followed.
 */
export function importsOf(
  file: string,
  text: string,
  options: ts.CompilerOptions,
  cache?: ts.ModuleResolutionCache,
): string[] {
  const { importedFiles } = ts.preProcessFile(text, true, true);
  const targets = new Set<string>();
  for (const { fileName: specifier } of importedFiles) {
    // A bare name is a package unless the tsconfig maps names to paths; not resolving packages
    // at all keeps the run short (each importing folder would otherwise walk node_modules).
    if (!options.paths && !/^\.{0,2}\//.test(specifier)) continue;
    const { resolvedModule } = ts.resolveModuleName(specifier, file, options, ts.sys, cache);
    if (resolvedModule && !resolvedModule.isExternalLibraryImport) {
      targets.add(resolvedModule.resolvedFileName);
    }
  }
  return [...targets];
}

/**
 * Each loop as a list of files, the first file repeated at the end (`a → b → a`), found as the
 * strongly connected components of the graph (Tarjan), one shortest loop shown per component.
 */
export function findCycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];

  // Recursive: the graph is a few hundred files deep at most.
  const connect = (node: string) => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        connect(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      components.push(component);
    }
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) connect(node);

  return components
    .filter(
      (component) => component.length > 1 || graph.get(component[0]!)?.includes(component[0]!),
    )
    .map((component) => shortestLoop(graph, new Set(component)))
    .sort((a, b) => a[0]!.localeCompare(b[0]!));
}

/** A shortest loop through the component's first file (by name), by breadth-first search. */
function shortestLoop(graph: ReadonlyMap<string, readonly string[]>, members: Set<string>) {
  const start = [...members].sort()[0]!;
  const cameFrom = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift()!;
    for (const next of graph.get(node) ?? []) {
      if (!members.has(next)) continue;
      if (next === start) {
        const path = [node];
        while (path[0] !== start) path.unshift(cameFrom.get(path[0]!)!);
        return [...path, start];
      }
      if (!cameFrom.has(next)) {
        cameFrom.set(next, node);
        queue.push(next);
      }
    }
  }
  return [start, start];
}

/** The import graph of the files a tsconfig includes. */
export function importGraph(tsconfigPath: string): Map<string, string[]> {
  const parsed = ts.getParsedCommandLineOfConfigFile(
    tsconfigPath,
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
      },
    },
  );
  if (!parsed) throw new Error(`Could not read ${tsconfigPath}.`);
  const files = parsed.fileNames.filter((file) => /\.[cm]?tsx?$/.test(file));
  // Shared across files: the same package is looked up once, not once per importer.
  const cache = ts.createModuleResolutionCache(process.cwd(), (name) => name, parsed.options);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    graph.set(file, importsOf(file, ts.sys.readFile(file) ?? '', parsed.options, cache));
  }
  return graph;
}

export function describeCycles(cycles: string[][], root: string): string {
  return cycles
    .map((cycle) => `  ${cycle.map((file) => relative(root, file)).join(' → ')}`)
    .join('\n');
}

// `npm run lint:imports`: loops, and the layers (import-layers.ts), over one graph.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const started = performance.now();
  const graph = importGraph('tsconfig.json');
  const cycles = findCycles(graph);
  const violations = layerViolations(graph, process.cwd());
  const took = `${graph.size} files in ${Math.round(performance.now() - started)} ms`;
  if (cycles.length > 0) {
    console.error(`Import loops (${took}):\n${describeCycles(cycles, process.cwd())}`);
  }
  if (violations.length > 0) {
    console.error(`Imports across layers (${took}):\n${describeViolations(violations)}`);
  }
  if (cycles.length > 0 || violations.length > 0) process.exit(1);
  console.log(`No import loops, no imports across layers (${took}).`);
}
