import { basename, dirname, join, resolve } from 'node:path';

/**
 * Where the build writes what it knows about itself (Vite's manifest, and which modules went into
 * which chunk): beside the output directory, never in it. Served from dist/, the manifest would
 * tell anyone which chunk holds what (the demo's signing code included).
 *
 * dist/ → .build-meta/dist/, .e2e/build-4180/ → .e2e/.build-meta/build-4180/.
 */
export function buildMetaDir(outDir: string): string {
  const absolute = resolve(outDir);
  return join(dirname(absolute), '.build-meta', basename(absolute));
}

export const MANIFEST_FILE = 'manifest.json';
export const CHUNK_MODULES_FILE = 'chunk-modules.json';
export const CHUNK_ORIGINS_FILE = 'chunk-origins.json';
