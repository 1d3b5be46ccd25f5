import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { buildMetaDir, CHUNK_MODULES_FILE, CHUNK_ORIGINS_FILE, MANIFEST_FILE } from './build-meta';
import { ORIGINS, shareGzip, type OriginBytes, type OriginRange } from './chunk-origins';
import { scanDist } from './scan-dist';

export { scanDist } from './scan-dist';

/**
 * Size and content budgets of the production build, checked after `npm run build` in `npm test`.
 * They are deterministic (they read dist/, not a browser), so they hold by construction:
 *
 * - the console's own JavaScript that a page runs before its first render, gzipped, stays within
 *   its budget, and so does the whole of it, libraries included (a ceiling);
 * - the sign-in page does not download the tables;
 * - no chunk outside the demo's contains the mock API (MSW), and nothing outside it ships the demo
 *   signing secret or a loopback API address; no source maps ship at all.
 *
 * Sizes are gzip at zlib's default level (6), which is what `vite preview` and Vite's own build
 * report use; 1 KB is 1,000 bytes, as in Vite's report.
 */

// The budget to work to (docs/decisions/015-budget-on-own-code.md): the libraries are used as
// they ship, so what a page can lose is its own code. /products, the largest, measured 37.0 KB
// (34.6 KB before its filters and Find's search grew; the budget was 36 KB then).
export const OWN_JS_BUDGET_BYTES = 40_000;
// A ceiling on the whole, libraries included, that a heavy new dependency would break: the
// libraries as they ship are about 99 KB of /products, with the own budget and the bundler's glue
// about 142 KB.
export const JS_BUDGET_BYTES = 145_000;

/** The pages whose first render is budgeted, and the lazy route module each one needs. */
export const BUDGETED_ROUTES = [
  { page: '/login', module: 'src/app/routes/login-route.tsx' },
  { page: '/users', module: 'src/app/routes/users-route.tsx' },
  { page: '/products', module: 'src/app/routes/products-route.tsx' },
  { page: '/users/{id}', module: 'src/app/routes/user-route.tsx' },
  // The person card for a help desk's side panel, which no other page loads.
  { page: '/embed/person', module: 'src/app/embed-start.tsx' },
] as const;

const MOCK_CODE = [/^node_modules\/msw\//, /^node_modules\/@mswjs\//, /^src\/mocks\//];
const TABLE_CODE = [
  /^node_modules\/@tanstack\/(react-table|table-core)\//,
  /^src\/components\/data-table\//,
  /^src\/features\/(users|products)\/[^/]*(table|list|columns)[^/]*$/,
  /^src\/app\/routes\/(users|user|products)-route\.tsx$/,
];
/** Copied from public/ by the build and registered only in demo mode. */
const DEMO_STATIC_FILES = ['mockServiceWorker.js'];

interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface FileSize {
  file: string;
  name: string;
  bytes: number;
  gzip: number;
  /** For a page's JavaScript: its gzip shared out by whose code it is. */
  origins?: OriginBytes;
}

export interface RouteSize {
  page: string;
  module: string;
  js: FileSize[];
  css: FileSize[];
  jsGzip: number;
  /** jsGzip shared out by whose code it is: libraries', the console's own, the bundler's. */
  jsOrigins: OriginBytes;
  cssGzip: number;
  /** Source modules in the page's JavaScript, for the content checks. */
  modules: string[];
}

export interface BuildAnalysis {
  outDir: string;
  routes: RouteSize[];
  /** Every JavaScript chunk, largest (gzipped) first. */
  chunks: FileSize[];
  /** What demo mode downloads on top of a page: the mock API chunks and its service worker. */
  demo: { files: FileSize[]; gzip: number };
  /** Files (relative to outDir) that only demo mode loads. */
  demoFiles: Set<string>;
  /** Files that a build pointed at a real API may load. */
  appFiles: Set<string>;
  modulesByFile: Record<string, string[]>;
}

export function readJson<T>(path: string): T {
  return JSON.parse(readFileSync(path, 'utf8')) as T;
}

function sizeOf(outDir: string, file: string, name: string): FileSize {
  const content = readFileSync(join(outDir, file));
  return { file, name, bytes: content.length, gzip: gzipSync(content).length };
}

/** The manifest keys a key loads before it can run: itself and its static imports, transitively. */
function staticClosure(manifest: Manifest, roots: string[]): Set<string> {
  const seen = new Set<string>();
  const stack = [...roots];
  while (stack.length > 0) {
    const key = stack.pop() as string;
    if (seen.has(key)) continue;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`The manifest has no entry "${key}".`);
    seen.add(key);
    stack.push(...(chunk.imports ?? []));
  }
  return seen;
}

export function analyseBuild(outDir = 'dist'): BuildAnalysis {
  const metaDir = buildMetaDir(outDir);
  const manifestPath = join(metaDir, MANIFEST_FILE);
  const modulesPath = join(metaDir, CHUNK_MODULES_FILE);
  const originsPath = join(metaDir, CHUNK_ORIGINS_FILE);
  for (const path of [manifestPath, modulesPath, originsPath]) {
    if (!existsSync(path)) {
      throw new Error(
        `${path} is missing: run \`npm run build\` first (vite.config.ts writes it).`,
      );
    }
  }
  const manifest = readJson<Manifest>(manifestPath);
  const modulesByFile = readJson<Record<string, string[]>>(modulesPath);
  const rangesByFile = readJson<Record<string, OriginRange[]>>(originsPath);
  const origins = new Map<string, OriginBytes>();
  const originsOf = (file: FileSize): OriginBytes => {
    let known = origins.get(file.file);
    if (!known) {
      const ranges = rangesByFile[file.file];
      if (!ranges) throw new Error(`${originsPath} does not say whose code ${file.file} is.`);
      const text = readFileSync(join(outDir, file.file), 'utf8');
      known = shareGzip(text, ranges, file.gzip, (part) => gzipSync(part).length);
      origins.set(file.file, known);
    }
    return known;
  };
  const sizes = new Map<string, FileSize>();
  const size = (file: string, name: string) => {
    let known = sizes.get(file);
    if (!known) {
      known = sizeOf(outDir, file, name);
      sizes.set(file, known);
    }
    return known;
  };
  /** A file that is not a chunk (CSS, the boot script), named by its file name. */
  const sizeOfAsset = (file: string) => size(file, file.replace(/^.*\//, ''));

  const entryKeys = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
  if (entryKeys.length !== 1) {
    throw new Error(`Expected one entry chunk in the manifest, found ${entryKeys.length}.`);
  }
  const entry = staticClosure(manifest, entryKeys);
  // What a build pointed at a real API can load: the entry and every lazy chunk but the mock's
  // (route modules, and panels or dialogs behind the controls that open them), with their imports.
  const lazyKeys = Object.keys(manifest).filter(
    (key) => manifest[key]?.isDynamicEntry && !MOCK_CODE.some((re) => re.test(key)),
  );
  // Scripts index.html loads besides the entry (the boot script), and its stylesheet: every page
  // pays for them. Vite lists an emitted asset in its manifest too, so they are found by file.
  const html = htmlAssets(outDir);
  const htmlFiles = new Set([...html.scripts, ...html.styles]);
  const htmlKeys = Object.keys(manifest).filter((key) => htmlFiles.has(manifest[key]?.file ?? ''));
  const appKeys = staticClosure(manifest, [...entryKeys, ...lazyKeys, ...htmlKeys]);

  const filesOf = (keys: Set<string>) => {
    const js = [...keys].map((key) => {
      const chunk = manifest[key] as ManifestChunk;
      return size(chunk.file, chunk.name ?? key);
    });
    const cssFiles = new Set([...keys].flatMap((key) => manifest[key]?.css ?? []));
    const css = [...cssFiles].map(sizeOfAsset);
    return { js, css };
  };
  const modulesOf = (files: FileSize[]) => files.flatMap(({ file }) => modulesByFile[file] ?? []);

  const entryFiles = new Set([...entry].map((key) => manifest[key]?.file));
  const bootJs = html.scripts.filter((file) => !entryFiles.has(file)).map(sizeOfAsset);
  const htmlCss = html.styles.map(sizeOfAsset);
  const routes = BUDGETED_ROUTES.map(({ page, module }) => {
    if (!manifest[module]) {
      throw new Error(`The manifest has no route module ${module}: is it still lazily imported?`);
    }
    const files = filesOf(new Set([...entry, ...staticClosure(manifest, [module])]));
    const js = [...bootJs, ...files.js].map((file) => ({ ...file, origins: originsOf(file) }));
    const css = [...new Set([...htmlCss, ...files.css])];
    return {
      page,
      module,
      js,
      css,
      jsGzip: sum(js),
      jsOrigins: addOrigins(js.map((file) => file.origins)),
      cssGzip: sum(css),
      modules: modulesOf(js),
    };
  });

  const app = filesOf(appKeys);
  const appFiles = new Set([...app.js, ...app.css].map(({ file }) => file));
  const others = Object.keys(manifest).filter((key) => !appKeys.has(key));
  const demoChunks = filesOf(new Set(others));
  const demoFiles = [...demoChunks.js, ...demoChunks.css].filter(({ file }) => !appFiles.has(file));
  for (const file of DEMO_STATIC_FILES) {
    if (existsSync(join(outDir, file))) demoFiles.push(size(file, file));
  }

  const chunks = Object.values(manifest)
    .filter((chunk) => chunk.file.endsWith('.js'))
    .map((chunk) => size(chunk.file, chunk.name ?? chunk.file))
    .sort((a, b) => b.gzip - a.gzip);

  return {
    outDir,
    routes,
    chunks,
    demo: { files: demoFiles, gzip: sum(demoFiles) },
    demoFiles: new Set(demoFiles.map(({ file }) => file)),
    appFiles,
    modulesByFile,
  };
}

/** The same-origin scripts and stylesheets index.html loads, relative to outDir. */
function htmlAssets(outDir: string): { scripts: string[]; styles: string[] } {
  const htmlPath = join(outDir, 'index.html');
  if (!existsSync(htmlPath)) return { scripts: [], styles: [] };
  const html = readFileSync(htmlPath, 'utf8');
  const files = (re: RegExp) => [...html.matchAll(re)].map((match) => match[1] as string);
  return {
    scripts: files(/<script\b[^>]*\bsrc="\/([^"]+)"/g),
    styles: files(/<link\b[^>]*\brel="stylesheet"[^>]*\bhref="\/([^"]+)"/g),
  };
}

function sum(files: FileSize[]): number {
  return files.reduce((total, file) => total + file.gzip, 0);
}

function addOrigins(parts: OriginBytes[]): OriginBytes {
  const total: OriginBytes = { library: 0, own: 0, bundler: 0 };
  for (const part of parts) for (const origin of ORIGINS) total[origin] += part[origin];
  return total;
}

/** Problems with the budgets and the split; empty when all hold. */
export function checkBudgets(analysis: BuildAnalysis): string[] {
  const problems: string[] = [];
  const largest = (files: FileSize[], bytes: (file: FileSize) => number) =>
    [...files]
      .sort((a, b) => bytes(b) - bytes(a))
      .slice(0, 3)
      .map((file) => `${file.name} ${kb(bytes(file))}`)
      .join(', ');
  for (const route of analysis.routes) {
    if (route.jsOrigins.own > OWN_JS_BUDGET_BYTES) {
      const own = largest(route.js, (file) => file.origins?.own ?? 0);
      problems.push(
        `${route.page} runs ${kb(route.jsOrigins.own)} of the console's own gzipped JavaScript before its first render, over the ${kb(OWN_JS_BUDGET_BYTES)} budget for own code (most in: ${own}). Load what the first render does not show when it is needed.`,
      );
    }
    if (route.jsGzip > JS_BUDGET_BYTES) {
      problems.push(
        `${route.page} loads ${kb(route.jsGzip)} of gzipped JavaScript before its first render, over the ${kb(JS_BUDGET_BYTES)} budget (libraries ${kb(route.jsOrigins.library)}, own ${kb(route.jsOrigins.own)}; largest: ${largest(route.js, (file) => file.gzip)}).`,
      );
    }
  }
  const login = analysis.routes.find((route) => route.page === '/login');
  const tableModules = login?.modules.filter((id) => TABLE_CODE.some((re) => re.test(id))) ?? [];
  if (tableModules.length > 0) {
    problems.push(
      `The sign-in page downloads table code: ${tableModules.join(', ')}. Keep it behind the lazy table routes.`,
    );
  }
  for (const file of analysis.appFiles) {
    const mock = (analysis.modulesByFile[file] ?? []).filter((id) =>
      MOCK_CODE.some((re) => re.test(id)),
    );
    if (mock.length > 0) {
      problems.push(
        `${file} is loaded outside demo mode but contains mock API code: ${mock.slice(0, 5).join(', ')}${mock.length > 5 ? ', …' : ''}. Import the mock only from the demo start-up.`,
      );
    }
  }
  return problems;
}

export function kb(bytes: number): string {
  return `${(bytes / 1000).toFixed(1)} KB`;
}

export function formatSizes(analysis: BuildAnalysis): string {
  const lines = [
    `JavaScript before first render (gzip; budgets: own code ${kb(OWN_JS_BUDGET_BYTES)}, all of it ${kb(JS_BUDGET_BYTES)}):`,
  ];
  for (const route of analysis.routes) {
    const { library, own, bundler } = route.jsOrigins;
    const over = [
      ...(own > OWN_JS_BUDGET_BYTES ? ['OWN CODE OVER BUDGET'] : []),
      ...(route.jsGzip > JS_BUDGET_BYTES ? ['OVER BUDGET'] : []),
    ];
    lines.push(
      `  ${route.page.padEnd(13)} JS ${kb(route.jsGzip).padStart(9)} (libraries ${kb(library).padStart(8)}, own ${kb(own).padStart(7)}, bundler ${kb(bundler).padStart(6)})  CSS ${kb(route.cssGzip).padStart(8)}  ${route.js.length} files  ${over.join(', ') || 'ok'}`,
    );
  }
  lines.push(`  demo mode adds ${kb(analysis.demo.gzip)} (${analysis.demo.files.length} files)`);
  return lines.join('\n');
}

/** The person card for a help desk's side panel (/embed/person), which no other page loads. */
export const CARD_MODULE = BUDGETED_ROUTES[4].module;

/**
 * The card's JavaScript before its first render, gzipped: every page's (the entry and the boot
 * script), and its own, the chunks it needs beyond those (some of them pages share).
 */
export function cardSize(outDir: string): { jsGzip: number; ownGzip: number; ownFiles: number } {
  const manifest = readJson<Manifest>(join(buildMetaDir(outDir), MANIFEST_FILE));
  const entryKeys = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
  const entry = staticClosure(manifest, entryKeys);
  const own = [...staticClosure(manifest, [CARD_MODULE])].filter((key) => !entry.has(key));
  const gzip = (keys: Iterable<string>) =>
    [...keys].reduce(
      (total, key) => total + sizeOf(outDir, manifest[key]?.file ?? '', key).gzip,
      0,
    );
  const boot = htmlAssets(outDir).scripts.filter(
    (file) => ![...entry].some((key) => manifest[key]?.file === file),
  );
  const bootGzip = boot.reduce((total, file) => total + sizeOf(outDir, file, file).gzip, 0);
  const ownGzip = gzip(own);
  return { jsGzip: bootGzip + gzip(entry) + ownGzip, ownGzip, ownFiles: own.length };
}

function main(): void {
  const outDir = process.argv[2] ?? 'dist';
  const analysis = analyseBuild(outDir);
  console.log(formatSizes(analysis));
  const card = cardSize(outDir);
  console.log(
    `  /embed/person loads ${kb(card.ownGzip)} in ${card.ownFiles} files beyond every page's`,
  );
  const problems = [...checkBudgets(analysis), ...scanDist(outDir, analysis.demoFiles)];
  if (problems.length > 0) {
    console.error(`\nBudget check failed:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    process.exit(1);
  }
  console.log('Budgets hold: sizes, route split, no mock code outside demo, dist scan clean.');
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  try {
    main();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}
