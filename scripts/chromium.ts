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
/**
 * Chromium's headless shell (Debian's `chromium-headless-shell`, the browser Playwright itself
 * runs headless): the same Blink and V8 without the browser around them. The end-to-end suite
 * measured about a third less CPU with it than with the full browser in headless mode.
 */
const HEADLESS_SHELL_PATHS = ['/usr/bin/chromium-headless-shell'];

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

function aptInstall(pkg: string): void {
  console.log(`Installing Debian’s ${pkg} package (apt-get)…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', pkg], { stdio: 'inherit', env });
}

/** Finds a Chromium, installing Debian's package when this is a Debian machine and we are root. */
export function ensureChromium(): string {
  const found = findChromium();
  if (found) return found;
  if (isDebianRoot()) {
    aptInstall('chromium');
    const installed = findChromium();
    if (installed) return installed;
  }
  const osRelease = existsSync('/etc/os-release') ? readFileSync('/etc/os-release', 'utf8') : '';
  const hint = /debian|ubuntu/i.test(osRelease)
    ? 'run `sudo apt-get install -y chromium`'
    : 'install Chromium or Chrome';
  throw new Error(`No Chromium found: ${hint}, or set CHROMIUM_PATH to a Chromium/Chrome binary.`);
}

/**
 * The browser for the end-to-end suite: CHROMIUM_PATH if set, else the headless shell (installed
 * from Debian's package when root on Debian), else any Chromium `ensureChromium` finds. Lighthouse
 * and the benchmark keep the full browser, as the people they measure for use it.
 */
export function ensureTestBrowser(): string {
  if (process.env.CHROMIUM_PATH) return ensureChromium();
  const shell = () => HEADLESS_SHELL_PATHS.find((path) => existsSync(path));
  const found = shell();
  if (found) return found;
  if (isDebianRoot()) {
    try {
      aptInstall('chromium-headless-shell');
    } catch {
      console.log('Could not install chromium-headless-shell: the tests use the full Chromium.');
    }
    const installed = shell();
    if (installed) return installed;
  }
  return ensureChromium();
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    console.log(`Chromium: ${ensureChromium()}\nFor the end-to-end tests: ${ensureTestBrowser()}`);
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}
