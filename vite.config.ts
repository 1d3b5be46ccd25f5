import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { defineConfig, type Plugin } from 'vitest/config';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { buildMetaDir, CHUNK_MODULES_FILE, MANIFEST_FILE } from './scripts/build-meta.ts';
import { securityHeadersForOutDir } from './scripts/security-headers.ts';

/**
 * `vite preview` sends the production security headers. They follow the served directory's
 * config.json (read per request, so the policy matches the API the page will call), and the
 * directory is whatever outDir the preview was started with (e2e/support/serve-build.ts serves
 * copies of dist/).
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
 * and each chunk's modules, which the manifest lists by file but not by content. Both feed the
 * byte budgets (scripts/check-budgets.ts); neither is deployed.
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
    writeBundle() {
      const metaDir = buildMetaDir(outDir);
      rmSync(metaDir, { recursive: true, force: true });
      mkdirSync(metaDir, { recursive: true });
      const viteDir = join(outDir, '.vite');
      writeFileSync(join(metaDir, MANIFEST_FILE), readFileSync(join(viteDir, MANIFEST_FILE)));
      rmSync(viteDir, { recursive: true, force: true });
      writeFileSync(join(metaDir, CHUNK_MODULES_FILE), JSON.stringify(chunks, null, 1));
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), previewSecurityHeaders(), buildMetadata()],
  server: { host: '127.0.0.1', port: 5173 },
  preview: { host: '127.0.0.1', port: 4173 },
  // The manifest feeds the size budgets (moved out of dist/ by buildMetadata); no source maps ship.
  build: { sourcemap: false, target: 'es2022', manifest: true },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    setupFiles: ['src/test/setup.ts'],
    restoreMocks: true,
  },
});
