import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

/**
 * Finds an nginx binary for the end-to-end run that serves the build with deploy/'s config (the
 * `nginx` Playwright project). Order: NGINX_PATH, then the usual system paths; on a Debian machine
 * as root, Debian's package is installed, as scripts/chromium.ts does for the browser.
 */
const SYSTEM_PATHS = ['/usr/sbin/nginx', '/usr/bin/nginx', '/usr/local/sbin/nginx'];

export function findNginx(): string | undefined {
  const fromEnv = process.env.NGINX_PATH;
  if (fromEnv) {
    if (!existsSync(fromEnv)) throw new Error(`NGINX_PATH=${fromEnv} does not exist.`);
    return fromEnv;
  }
  return SYSTEM_PATHS.find((path) => existsSync(path));
}

function isDebianRoot(): boolean {
  return existsSync('/etc/debian_version') && process.getuid?.() === 0;
}

/** Finds nginx, installing Debian's package when this is a Debian machine and we are root. */
export function ensureNginx(): string {
  const found = findNginx();
  if (found) return found;
  if (isDebianRoot()) {
    console.log('No nginx found: installing Debian’s nginx package (apt-get)…');
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'nginx'], {
      stdio: 'inherit',
      env,
    });
    const installed = findNginx();
    if (installed) return installed;
  }
  const osRelease = existsSync('/etc/os-release') ? readFileSync('/etc/os-release', 'utf8') : '';
  const hint = /debian|ubuntu/i.test(osRelease)
    ? 'run `sudo apt-get install -y nginx`'
    : 'install nginx';
  throw new Error(`No nginx found: ${hint}, or set NGINX_PATH to an nginx binary.`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    console.log(`nginx: ${ensureNginx()}`);
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}
