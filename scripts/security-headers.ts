import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  connectOriginsOf,
  ConfigError,
  parseRuntimeConfig,
  resolveSettings,
} from '../src/lib/config.ts';
import { readApis } from '../src/lib/config-apis.ts';
import { readConfigOidc } from '../src/lib/config-oidc.ts';
import { isEmbedPath } from '../src/lib/embed-path.ts';
import { unknownKeysProblem } from '../src/lib/unknown-keys.ts';

/**
 * HTTP response headers for the production build: a Content-Security-Policy without inline or
 * eval'd script, plus the usual hardening headers. The policy depends on where the API is, which
 * config.json decides at run time, so it is computed from the served directory rather than fixed
 * at build time. `vite preview` serves these (vite.config.ts); a static host should send the same
 * (docs/security.md, "Security headers").
 */

export const MOCK_SERVICE_WORKER_PATH = '/mockServiceWorker.js';
export { EMBED_PATH_PREFIX } from '../src/lib/embed-path.ts';
/** Where the identity provider sends the browser back, in a tab or in the card's sign-in popup. */
export const CALLBACK_PATH = '/auth/callback';

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

/** What the policy needs to know about the deployment, decided as the app decides it. */
export interface PolicyInputs {
  /**
   * The origin of every configured API (`apiBaseUrl`, or each entry of `apis`); none in demo mode
   * (the mock answers on the console's own origin).
   */
  apiOrigins: string[];
  /**
   * Image sources besides 'self' and data: (config.json's imageOrigins, by default the API origin
   * and https:). Avatars are URLs the API hands out; the console shows no image outside these.
   */
  imageSources: string[];
  /**
   * The sites that may frame the person card (config.json's embedOrigins): its frame-ancestors.
   * Empty: nobody may, as for every other page.
   */
  embedOrigins: string[];
}

/** Nothing beyond the console's own origin: demo mode, or a setting the app refuses to start with. */
const SELF_ONLY: PolicyInputs = { apiOrigins: [], imageSources: [], embedOrigins: [] };

/**
 * The sources the console will use, exactly as the app decides them (src/lib/config.ts):
 * config.json first, then the build-time value.
 */
export function policyInputsFor(runtimeConfig: unknown, buildTimeBaseUrl?: string): PolicyInputs {
  try {
    const settings = resolveSettings(
      runtimeConfig,
      buildTimeBaseUrl,
      readApis,
      readConfigOidc,
      unknownKeysProblem,
    );
    return {
      apiOrigins: connectOriginsOf(settings.profiles),
      imageSources: settings.imageSources,
      embedOrigins: settings.embedOrigins,
    };
  } catch (error) {
    if (error instanceof ConfigError) return SELF_ONLY;
    throw error;
  }
}

/** Reads `config.json` in a served directory as the browser would get it; undefined when absent. */
export function readRuntimeConfig(outDir: string): unknown {
  let text: string;
  try {
    text = readFileSync(join(outDir, 'config.json'), 'utf8');
  } catch {
    return undefined;
  }
  try {
    return parseRuntimeConfig(text);
  } catch {
    // The app refuses to start with a broken config.json; the policy need not allow anything.
    return { apiBaseUrl: null, imageOrigins: [] };
  }
}

export function contentSecurityPolicy(
  { apiOrigins, imageSources, embedOrigins }: PolicyInputs,
  path = '/',
): string {
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    // React sets style properties through the CSSOM and Tailwind ships one stylesheet, so no
    // inline style is needed (the end-to-end suite fails on any violation).
    'style-src': ["'self'"],
    'img-src': ["'self'", 'data:', ...imageSources],
    'font-src': ["'self'"],
    'connect-src': ["'self'", ...apiOrigins],
    // Demo mode registers the mock API's service worker, served from this origin.
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'form-action': ["'self'"],
    // Only the person card may be framed, and only by the sites config.json names; the sign-in
    // page and the provider's callback never (a framed sign-in invites clickjacking).
    'frame-ancestors': isEmbedPath(path) && embedOrigins.length > 0 ? embedOrigins : ["'none'"],
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
export function serviceWorkerPolicy({ imageSources }: PolicyInputs): string {
  const connect = [...new Set(["'self'", ...imageSources])];
  return [
    "default-src 'self'",
    "script-src 'self'",
    `connect-src ${connect.join(' ')}`,
    "object-src 'none'",
    "base-uri 'none'",
  ].join('; ');
}

/**
 * The card signs in through a popup that must hand the provider's answer back to the frame that
 * opened it (docs/security.md, "The side panel"). `same-origin` would cut that link twice: the
 * card's popups would open in a group of their own, and the callback page, arriving from the
 * provider's origin, would start one too. So the card allows its popups, and the callback keeps
 * its opener; every other page stays apart from any window that opens it.
 */
function openerPolicy(pathname: string): string {
  if (pathname === CALLBACK_PATH) return 'unsafe-none';
  return isEmbedPath(pathname) ? 'same-origin-allow-popups' : 'same-origin';
}

export function securityHeaders(inputs: PolicyInputs, path = '/'): Record<string, string> {
  const pathname = path.split(/[?#]/)[0] ?? '/';
  return {
    'Content-Security-Policy':
      pathname === MOCK_SERVICE_WORKER_PATH
        ? serviceWorkerPolicy(inputs)
        : contentSecurityPolicy(inputs, pathname),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'Permissions-Policy': PERMISSIONS_POLICY,
    'Cross-Origin-Opener-Policy': openerPolicy(pathname),
  };
}

/** The headers for a response from a served build directory, following its config.json. */
export function securityHeadersForOutDir(
  outDir: string,
  options: { buildTimeBaseUrl?: string; path?: string } = {},
): Record<string, string> {
  const inputs = policyInputsFor(readRuntimeConfig(outDir), options.buildTimeBaseUrl);
  return securityHeaders(inputs, options.path);
}
