import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

/**
 * Finds a Chromium for Playwright, Lighthouse and the benchmark. Playwright cannot download its
 * own browser on every machine we run on, so the order is: CHROMIUM_PATH, Playwright's own build
 * if one is installed, then the system package.
 */
const SYSTEM_PATHS = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export function findChromium(): string | undefined {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) {
    if (!existsSync(fromEnv)) throw new Error(`CHROMIUM_PATH=${fromEnv} does not exist.`);
    return fromEnv;
  }
  const playwrightOwn = playwrightChromium();
  if (playwrightOwn) return playwrightOwn;
  return SYSTEM_PATHS.find((path) => existsSync(path));
}

function playwrightChromium(): string | undefined {
  try {
    const require = createRequire(import.meta.url);
    const { chromium } = require('playwright-core') as { chromium: { executablePath(): string } };
    const path = chromium.executablePath();
    return path && existsSync(path) ? path : undefined;
  } catch {
    return undefined;
  }
}

function isDebianRoot(): boolean {
  return existsSync('/etc/debian_version') && process.getuid?.() === 0;
}

/** Finds a Chromium, installing Debian's package when this is a Debian machine and we are root. */
export function ensureChromium(): string {
  const found = findChromium();
  if (found) return found;
  if (isDebianRoot()) {
    console.log('No Chromium found: installing Debian’s chromium package (apt-get)…');
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env });
    const installed = findChromium();
    if (installed) return installed;
  }
  const osRelease = existsSync('/etc/os-release') ? readFileSync('/etc/os-release', 'utf8') : '';
  const hint = /debian|ubuntu/i.test(osRelease)
    ? 'run `sudo apt-get install -y chromium`'
    : 'install Chromium or Chrome';
  throw new Error(`No Chromium found: ${hint}, or set CHROMIUM_PATH to a Chromium/Chrome binary.`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    console.log(`Chromium: ${ensureChromium()}`);
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}
