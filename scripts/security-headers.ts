import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError, resolveApiTarget } from '../src/lib/config.ts';

/**
 * HTTP response headers for the production build: a Content-Security-Policy without inline or
 * eval'd script, plus the usual hardening headers. The policy depends on where the API is, which
 * config.json decides at run time, so it is computed from the served directory rather than fixed
 * at build time. `vite preview` serves these (vite.config.ts); a static host should send the same
 * (README, "Performance and security").
 */

export const MOCK_SERVICE_WORKER_PATH = '/mockServiceWorker.js';

/**
 * Avatars are arbitrary URLs from the API, and the UI contract shows an image for `http:` as well
 * as `https:` URLs, so both schemes are allowed for images. An image cannot run code; on an https
 * deployment Chromium upgrades `http:` images to `https:` anyway (mixed-content autoupgrade), and
 * Referrer-Policy keeps the page's URL from leaking to the image host.
 */
const IMAGE_SOURCES = ["'self'", 'data:', 'https:', 'http:'];

/** Features the console never uses are switched off for it and for anything it might embed. */
const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'browsing-topics=()',
  'camera=()',
  'clipboard-read=()',
  // The Copy request ID buttons write to the clipboard.
  'clipboard-write=(self)',
  'display-capture=()',
  'encrypted-media=()',
  'fullscreen=()',
  'geolocation=()',
  'gyroscope=()',
  'hid=()',
  'idle-detection=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'picture-in-picture=()',
  'publickey-credentials-get=()',
  'screen-wake-lock=()',
  'serial=()',
  'usb=()',
  'xr-spatial-tracking=()',
].join(', ');

/**
 * The origin the console will call, exactly as the app decides it (src/lib/config.ts): config.json
 * first, then the build-time value. Demo mode and an unusable setting (the app refuses to start)
 * both need no origin but its own.
 */
export function apiOriginFor(runtimeConfig: unknown, buildTimeBaseUrl?: string): string | null {
  try {
    const target = resolveApiTarget(runtimeConfig, buildTimeBaseUrl);
    return target.mode === 'api' ? target.origin : null;
  } catch (error) {
    if (error instanceof ConfigError) return null;
    throw error;
  }
}

/** Reads `config.json` in a served directory as the browser would get it; undefined when absent or not JSON. */
export function readRuntimeConfig(outDir: string): unknown {
  let text: string;
  try {
    text = readFileSync(join(outDir, 'config.json'), 'utf8');
  } catch {
    return undefined;
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    // The app refuses to start with a broken config.json; the policy need not allow anything.
    return { apiBaseUrl: null };
  }
}

export function contentSecurityPolicy(apiOrigin: string | null): string {
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    // React sets style properties through the CSSOM and Tailwind ships one stylesheet, so no
    // inline style is needed (the end-to-end suite fails on any violation).
    'style-src': ["'self'"],
    'img-src': IMAGE_SOURCES,
    'font-src': ["'self'"],
    'connect-src': apiOrigin ? ["'self'", apiOrigin] : ["'self'"],
    // Demo mode registers the mock API's service worker, served from this origin.
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');
}

/**
 * The policy of the demo's service worker script. A service worker's own requests are governed by
 * the policy its script was served with, and MSW's worker re-fetches every request of the page it
 * does not answer itself (avatars included), so it may connect wherever the page may load images
 * from. The page's own policy still decides what the page may request in the first place.
 */
export function serviceWorkerPolicy(): string {
  const connect = [...new Set(["'self'", ...IMAGE_SOURCES.filter((source) => source !== 'data:')])];
  return [
    "default-src 'self'",
    "script-src 'self'",
    `connect-src ${connect.join(' ')}`,
    "object-src 'none'",
    "base-uri 'none'",
  ].join('; ');
}

export function securityHeaders(apiOrigin: string | null, path = '/'): Record<string, string> {
  const pathname = path.split(/[?#]/)[0];
  return {
    'Content-Security-Policy':
      pathname === MOCK_SERVICE_WORKER_PATH
        ? serviceWorkerPolicy()
        : contentSecurityPolicy(apiOrigin),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'Permissions-Policy': PERMISSIONS_POLICY,
    'Cross-Origin-Opener-Policy': 'same-origin',
  };
}

/** The headers for a response from a served build directory, following its config.json. */
export function securityHeadersForOutDir(
  outDir: string,
  options: { buildTimeBaseUrl?: string; path?: string } = {},
): Record<string, string> {
  const origin = apiOriginFor(readRuntimeConfig(outDir), options.buildTimeBaseUrl);
  return securityHeaders(origin, options.path);
}
