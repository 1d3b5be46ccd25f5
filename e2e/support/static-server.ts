import { createHash } from 'node:crypto';
import { readFileSync, statSync, type Stats } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { gzipSync } from 'node:zlib';
import {
  policyInputsFor,
  readRuntimeConfig,
  securityHeaders,
  type PolicyInputs,
} from '../../scripts/security-headers';

/**
 * The production build as a static host serves it, for the end-to-end suite and the benchmark:
 * the security headers (computed from the served directory's config.json, as `vite preview` did
 * through vite.config.ts), gzip, ETag revalidation, and index.html for any page path.
 *
 * Why not `vite preview`: it gzips every response again, every time. The suite loads each page's
 * ~400 KB of JavaScript hundreds of times, and that compression was about a tenth of the run's
 * CPU on two cores. Here each file is compressed once and kept until it changes on disk, so the
 * bytes on the wire (and Lighthouse's transfer sizes) are the same as before.
 */

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.webmanifest': 'application/manifest+json',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.json', '.svg', '.webmanifest', '.txt']);
/** Below this, gzip costs more than it saves (compression's own default threshold). */
const GZIP_THRESHOLD = 1024;

interface Entry {
  key: string;
  body: Buffer;
  gzip?: Buffer;
  etag: string;
  lastModified: string;
}

export interface StaticServerOptions {
  root: string;
  port: number;
}

/** Reads and compresses each file once per version on disk (size and mtime). */
function fileCache(): (path: string, stats: Stats) => Entry {
  const entries = new Map<string, Entry>();
  return (path, stats) => {
    const key = `${stats.size}-${stats.mtimeMs}`;
    const cached = entries.get(path);
    if (cached?.key === key) return cached;
    const body = readFileSync(path);
    const extension = extname(path);
    const entry: Entry = {
      key,
      body,
      etag: `"${createHash('sha1').update(body).digest('base64url')}"`,
      lastModified: stats.mtime.toUTCString(),
      ...(COMPRESSIBLE.has(extension) && body.length >= GZIP_THRESHOLD
        ? { gzip: gzipSync(body) }
        : {}),
    };
    entries.set(path, entry);
    return entry;
  };
}

function fileAt(root: string, pathname: string): { path: string; stats: Stats } | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return undefined;
  }
  const path = normalize(join(root, decoded));
  if (path !== root && !path.startsWith(root + sep)) return undefined;
  try {
    const stats = statSync(path);
    return stats.isFile() ? { path, stats } : undefined;
  } catch {
    return undefined;
  }
}

/** The policy follows config.json, read again only when the file changes. */
function policyCache(root: string): () => PolicyInputs {
  let key: string | undefined;
  let inputs: PolicyInputs | undefined;
  return () => {
    let stats: Stats | undefined;
    try {
      stats = statSync(join(root, 'config.json'));
    } catch {
      stats = undefined;
    }
    const now = stats ? `${stats.size}-${stats.mtimeMs}` : 'none';
    if (!inputs || key !== now) {
      inputs = policyInputsFor(readRuntimeConfig(root));
      key = now;
    }
    return inputs;
  };
}

export function staticHandler(
  root: string,
): (request: IncomingMessage, response: ServerResponse) => void {
  const absoluteRoot = normalize(root).replace(/[/\\]$/, '');
  const read = fileCache();
  const policy = policyCache(absoluteRoot);
  return (request, response) => {
    const method = request.method ?? 'GET';
    const pathname = new URL(request.url ?? '/', 'http://localhost').pathname;
    for (const [name, value] of Object.entries(securityHeaders(policy(), pathname))) {
      response.setHeader(name, value);
    }
    if (method !== 'GET' && method !== 'HEAD') {
      response.writeHead(405, { Allow: 'GET, HEAD' }).end();
      return;
    }
    // A page path (no such file, no file extension, and HTML acceptable) gets the app's index.html;
    // a missing chunk stays a 404 rather than HTML that the browser would refuse as a script.
    const accept = request.headers.accept ?? '*/*';
    const wantsPage =
      extname(pathname) === '' && (accept.includes('text/html') || accept.includes('*/*'));
    const found =
      fileAt(absoluteRoot, pathname) ??
      (wantsPage ? fileAt(absoluteRoot, '/index.html') : undefined);
    if (!found) {
      response.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found');
      return;
    }
    const entry = read(found.path, found.stats);
    response.setHeader('Content-Type', TYPES[extname(found.path)] ?? 'application/octet-stream');
    response.setHeader('ETag', entry.etag);
    response.setHeader('Last-Modified', entry.lastModified);
    response.setHeader('Vary', 'Accept-Encoding');
    // Edited in place to repoint a deployment: always revalidate (the page preloads it).
    if (pathname === '/config.json') response.setHeader('Cache-Control', 'no-cache');
    if (request.headers['if-none-match'] === entry.etag) {
      response.writeHead(304).end();
      return;
    }
    const gzip = /\bgzip\b/.test(request.headers['accept-encoding'] ?? '') ? entry.gzip : undefined;
    const body = gzip ?? entry.body;
    if (gzip) response.setHeader('Content-Encoding', 'gzip');
    response.setHeader('Content-Length', body.length);
    response.writeHead(200).end(method === 'HEAD' ? undefined : body);
  };
}

/** Listens on 127.0.0.1 only; resolves once listening, rejects if the port is taken. */
export function serveStatic({ root, port }: StaticServerOptions): Promise<void> {
  const server = createServer(staticHandler(root));
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
}
