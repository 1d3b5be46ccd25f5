import { resolve } from 'node:path';
import { defineConfig, type Plugin } from 'vitest/config';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { securityHeadersForOutDir } from './scripts/security-headers.ts';

/** Where the build writes which source modules went into which chunk (scripts/check-budgets.ts). */
export const CHUNK_MODULES_FILE = '.vite/chunk-modules.json';

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

/** Records each chunk's modules next to Vite's manifest, which lists files but not their contents. */
function chunkModules(): Plugin {
  let root = '';
  return {
    name: 'admin-console:chunk-modules',
    apply: 'build',
    configResolved(config) {
      root = `${config.root}/`;
    },
    generateBundle(_options, bundle) {
      const chunks: Record<string, string[]> = {};
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        chunks[output.fileName] = output.moduleIds.map((id) => {
          const path = id.replace(/^\0/, '');
          const packagePath = path.lastIndexOf('/node_modules/');
          if (packagePath >= 0) return path.slice(packagePath + 1);
          return path.startsWith(root) ? path.slice(root.length) : path;
        });
      }
      this.emitFile({
        type: 'asset',
        fileName: CHUNK_MODULES_FILE,
        source: JSON.stringify(chunks, null, 1),
      });
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), previewSecurityHeaders(), chunkModules()],
  server: { host: '127.0.0.1', port: 5173 },
  preview: { host: '127.0.0.1', port: 4173 },
  // The manifest (dist/.vite/manifest.json) feeds the size budgets; no source maps ship.
  build: { sourcemap: false, target: 'es2022', manifest: true },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    setupFiles: ['src/test/setup.ts'],
    restoreMocks: true,
  },
});
