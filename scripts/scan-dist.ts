import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { DEMO_SIGNING_SECRET } from '../src/mocks/jwt';

/**
 * A loopback URL with a port or a path (an API default such as http://localhost:4010/v1), or any
 * 127.0.0.1 / [::1] URL. A bare `http://localhost` is React Router's base for parsing paths.
 */
const LOOPBACK_URL = /\bhttps?:\/\/(?:localhost(?::\d|\/\w)|127\.0\.0\.1(?![\d])|\[::1\])/i;
const SOURCE_MAP_COMMENT = /[#@]\s*sourceMappingURL=/;
function listFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)));
}

/**
 * Things that must never ship: source maps anywhere, and outside the demo's files the demo signing
 * secret or a loopback API address (a build-time default left pointing at a developer's machine).
 */
export function scanDist(
  outDir: string,
  demoFiles: ReadonlySet<string>,
  secret: string = DEMO_SIGNING_SECRET,
): string[] {
  const problems: string[] = [];
  for (const file of listFiles(outDir)) {
    if (file.split(/[\\/]/).includes('.vite')) {
      problems.push(`${file} is build metadata; it belongs outside the deployed directory.`);
      continue;
    }
    if (file.endsWith('.map')) {
      problems.push(`${file} is a source map; the build must not emit them.`);
      continue;
    }
    const text = readFileSync(join(outDir, file), 'utf8');
    if (SOURCE_MAP_COMMENT.test(text)) {
      problems.push(`${file} references a source map (sourceMappingURL).`);
    }
    if (demoFiles.has(file)) continue;
    if (text.includes(secret)) {
      problems.push(`${file} contains the demo signing secret outside the demo's chunks.`);
    }
    const loopback = LOOPBACK_URL.exec(text);
    if (loopback) {
      problems.push(`${file} contains a loopback address "${loopback[0]}" (an API default?).`);
    }
  }
  return problems;
}
