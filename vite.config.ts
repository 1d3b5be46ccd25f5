import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { OutputChunk } from 'rolldown';
import { defineConfig, type Plugin } from 'vitest/config';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { bootScript, type BootRoute } from './scripts/boot-script.ts';
import {
  buildMetaDir,
  CHUNK_MODULES_FILE,
  CHUNK_ORIGINS_FILE,
  MANIFEST_FILE,
} from './scripts/build-meta.ts';
import { originOf, originRanges, type OriginRange } from './scripts/chunk-origins.ts';
import { ROUTE_PATHS } from './src/app/route-paths.ts';
import { SESSION_STORAGE_KEY } from './src/features/auth/session-storage-key.ts';
import { securityHeadersForOutDir } from './scripts/security-headers.ts';

/**
 * `vite preview` (`npm run preview`) sends the production security headers. They follow the served
 * directory's config.json (read per request, so the policy matches the API the page will call).
 * The end-to-end suite and the benchmark serve copies of dist/ with e2e/support/static-server.ts,
 * which sends the same headers.
 */
function previewSecurityHeaders(): Plugin {
  return {
    name: 'admin-console:preview-security-headers',
    configurePreviewServer(server) {
      const outDir = resolve(server.config.root, server.config.build.outDir);
      const buildTimeBaseUrl = server.config.env.VITE_API_BASE_URL as string | undefined;
      server.middlewares.use((req, res, next) => {
        const headers = securityHeadersForOutDir(outDir, { buildTimeBaseUrl, path: req.url });
        for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
        // Edited in place to repoint a deployment: always revalidate (the page preloads it).
        if (req.url?.split('?')[0] === '/config.json') res.setHeader('Cache-Control', 'no-cache');
        next();
      });
    },
  };
}

/**
 * Moves the build's metadata out of the output directory (scripts/build-meta.ts): Vite's manifest,
 * each chunk's modules, which the manifest lists by file but not by content, and whose code each
 * part of a chunk is (scripts/chunk-origins.ts), read from the source maps, which are then
 * deleted. All feed the byte budgets (scripts/check-budgets.ts); none is deployed.
 */
function buildMetadata(): Plugin {
  let root = '';
  let outDir = '';
  let chunks: Record<string, string[]> = {};
  return {
    name: 'admin-console:build-metadata',
    apply: 'build',
    configResolved(config) {
      root = `${config.root}/`;
      outDir = resolve(config.root, config.build.outDir);
    },
    generateBundle(_options, bundle) {
      chunks = {};
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        chunks[output.fileName] = output.moduleIds.map((id) => {
          const path = id.replace(/^\0/, '');
          const packagePath = path.lastIndexOf('/node_modules/');
          if (packagePath >= 0) return path.slice(packagePath + 1);
          return path.startsWith(root) ? path.slice(root.length) : path;
        });
      }
    },
    writeBundle(_options, bundle) {
      const origins: Record<string, OriginRange[]> = {};
      for (const output of Object.values(bundle)) {
        const path = join(outDir, output.fileName);
        if (output.type === 'asset') {
          if (output.fileName.endsWith('.map')) rmSync(path, { force: true });
          // The boot script (bootScriptPlugin), written from the console's own code.
          else if (output.fileName.endsWith('.js')) {
            origins[output.fileName] = [['own', 0, String(output.source).length]];
          }
          continue;
        }
        if (!output.map) {
          // Rolldown writes no map for a chunk that no source maps to (its runtime alone, a
          // module of re-exports): such a chunk is its modules' if they are all of one origin.
          const kinds = new Set(
            output.moduleIds.map((id) => (id.startsWith('\0') ? 'bundler' : originOf(id, root))),
          );
          const [only] = kinds;
          if (kinds.size !== 1 || only === undefined) {
            throw new Error(`${output.fileName} has no source map to read.`);
          }
          origins[output.fileName] = [[only, 0, output.code.length]];
          continue;
        }
        const sources = output.map.sources.map((source) =>
          originOf(resolve(dirname(path), source), root),
        );
        origins[output.fileName] = originRanges(output.code, output.map.mappings, sources);
      }
      const metaDir = buildMetaDir(outDir);
      rmSync(metaDir, { recursive: true, force: true });
      mkdirSync(metaDir, { recursive: true });
      const viteDir = join(outDir, '.vite');
      writeFileSync(join(metaDir, MANIFEST_FILE), readFileSync(join(viteDir, MANIFEST_FILE)));
      rmSync(viteDir, { recursive: true, force: true });
      writeFileSync(join(metaDir, CHUNK_MODULES_FILE), JSON.stringify(chunks, null, 1));
      writeFileSync(join(metaDir, CHUNK_ORIGINS_FILE), JSON.stringify(origins));
    },
  };
}

/**
 * Writes the boot script (scripts/boot-script.ts) with this build's route map, and loads it from
 * index.html ahead of the entry: each page's chunks, less what the entry already loads.
 */
function bootScriptPlugin(): Plugin {
  let fileName: string | undefined;
  return {
    name: 'admin-console:boot-script',
    apply: 'build',
    generateBundle: {
      order: 'pre',
      handler(_options, bundle) {
        const chunks = new Map<string, OutputChunk>();
        for (const output of Object.values(bundle)) {
          if (output.type === 'chunk') chunks.set(output.fileName, output);
        }
        const closure = (start: string[]) => {
          const seen = new Set<string>();
          const stack = [...start];
          while (stack.length > 0) {
            const file = stack.pop() as string;
            if (seen.has(file)) continue;
            seen.add(file);
            stack.push(...(chunks.get(file)?.imports ?? []));
          }
          return seen;
        };
        const entry = [...chunks.values()].find((chunk) => chunk.isEntry);
        const loadedByEntry = closure(entry ? [entry.fileName] : []);
        const routes: BootRoute[] = ROUTE_PATHS.map(([key, pattern]) => {
          const chunk = [...chunks.values()].find((candidate) =>
            candidate.facadeModuleId?.endsWith(`/src/app/routes/${key}-route.tsx`),
          );
          if (!chunk) throw new Error(`No chunk for the ${key} route: is it still lazy?`);
          const files = [...closure([chunk.fileName])].filter((file) => !loadedByEntry.has(file));
          return { key, pattern: pattern.source, files: files.map((file) => `/${file}`) };
        });
        const ref = this.emitFile({
          type: 'asset',
          name: 'boot.js',
          source: bootScript(
            routes,
            SESSION_STORAGE_KEY,
            [...loadedByEntry].filter((file) => file !== entry?.fileName).map((file) => `/${file}`),
          ),
        });
        fileName = this.getFileName(ref);
      },
    },
    transformIndexHtml: {
      order: 'post',
      handler() {
        if (fileName === undefined) return [];
        return [
          { tag: 'script', attrs: { async: true, src: `/${fileName}` }, injectTo: 'head-prepend' },
        ];
      },
    },
  };
}

/** The console's version, as a ticket quotes it: package.json's, stamped at build. */
const { version } = JSON.parse(
  readFileSync(resolve(import.meta.dirname, 'package.json'), 'utf8'),
) as {
  version: string;
};

export default defineConfig({
  define: { __APP_VERSION__: JSON.stringify(version) },
  plugins: [react(), tailwindcss(), previewSecurityHeaders(), bootScriptPlugin(), buildMetadata()],
  server: { host: '127.0.0.1', port: 5173 },
  preview: { host: '127.0.0.1', port: 4173 },
  // The manifest and the source maps feed the size budgets (buildMetadata moves the one out of
  // dist/ and deletes the others); no source map ships, nor a comment pointing at one.
  build: {
    sourcemap: 'hidden',
    target: 'es2022',
    manifest: true,
    // No preload helper in the bundle: the boot script (bootScriptPlugin) preloads what a page
    // needs; a panel's few chunks load when it opens.
    modulePreload: false,
    // One stylesheet for every page (Tailwind's output is small), loaded by index.html: no lazy
    // chunk has CSS of its own to load.
    cssCodeSplit: false,
    rolldownOptions: {
      // Short names: every chunk names the chunks it imports, and the boot script lists a page's.
      // Which module went where is in the build metadata (chunk-modules.json).
      output: { entryFileNames: 'assets/[hash].js', chunkFileNames: 'assets/[hash].js' },
    },
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts', 'e2e/support/**/*.test.ts'],
    setupFiles: ['src/test/setup.ts'],
    restoreMocks: true,
    unstubGlobals: true,
    // One worker runs every test file in one environment and module registry, not a fresh jsdom
    // and imports per file (`isolate: false`). Measured on the 2-core machine: isolated with two
    // workers, 117 s of CPU and 61 s; shared with one worker, 30 s of CPU and 26 s, which also
    // leaves the other core to the checks that npm test runs beside it (shared with two workers
    // was 72 s of CPU: each loads everything). src/test/setup.ts resets the page after each test.
    // The files' order is shuffled (the seed is printed; `--sequence.seed=N` repeats it), so a
    // test that leans on what another file left fails early rather than by chance.
    isolate: false,
    maxWorkers: 1,
    sequence: { shuffle: { files: true, tests: false } },
    // npm test runs the unit tests beside the other checks, on two cores: a rendering test can
    // take several times its usual second. Tests wait for what they show, so a longer limit
    // changes only how long a real failure takes to report.
    testTimeout: 30_000,
  },
});
