import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { HOOK_SH_ARGS, renderAll } from '../../scripts/nginx-config';
import { ensureNginx } from '../../scripts/nginx';

/**
 * Serves a snapshot of the production build with nginx and the Docker image's configuration, as
 * the image would start: deploy/18-admin-console.envsh writes config.json from API_BASE_URL (here
 * --api; APIS from --apis, EMBED_ORIGINS from --embed-origins) and decides the policy inputs, then the deploy/templates/ files are filled in and nginx
 * runs in the foreground. Only the main nginx.conf (temp paths, pid, logs under .e2e/) is this
 * script's own, so nothing needs root paths.
 */
const { values } = parseArgs({
  options: {
    port: { type: 'string' },
    api: { type: 'string' },
    apis: { type: 'string' },
    'embed-origins': { type: 'string' },
  },
});
const port = Number(values.port);
if (!existsSync('dist/index.html')) {
  console.error('dist/ has no build: run `npm run build` first.');
  process.exit(1);
}

const nginx = ensureNginx();
const MIME_TYPES = ['/etc/nginx/mime.types', '/usr/local/nginx/conf/mime.types'].find((path) =>
  existsSync(path),
);
if (!MIME_TYPES) {
  console.error('nginx’s mime.types was not found in /etc/nginx or /usr/local/nginx/conf.');
  process.exit(1);
}

const work = resolve(`.e2e/nginx-${port}`);
const html = join(work, 'html');
const confDir = join(work, 'conf.d');
rmSync(work, { recursive: true, force: true });
cpSync('dist', html, { recursive: true, filter: (source) => !source.includes('/.vite') });
for (const dir of [confDir, join(work, 'tmp'), join(work, 'logs')]) {
  mkdirSync(dir, { recursive: true });
}

// Sourced the way the nginx image's entrypoint sources it.
const hook = spawnSync('sh', HOOK_SH_ARGS, {
  env: {
    PATH: process.env.PATH,
    CONSOLE_HTML_DIR: html,
    API_BASE_URL: values.api ?? '',
    APIS: values.apis ?? '',
    EMBED_ORIGINS: values['embed-origins'] ?? '',
  },
  encoding: 'utf8',
});
process.stderr.write(hook.stderr);
if (hook.status !== 0) process.exit(1);
const [apiOrigin = '', imageSources = '', frameAncestors = ''] = hook.stdout.split('\n');

const files = renderAll({
  CONSOLE_LISTEN: `127.0.0.1:${port}`,
  CONSOLE_ROOT: html,
  CONSOLE_CONF_DIR: confDir,
  CONSOLE_API_ORIGIN: apiOrigin,
  CONSOLE_IMAGE_SOURCES: imageSources,
  CONSOLE_FRAME_ANCESTORS: frameAncestors,
});
for (const [name, text] of Object.entries(files)) writeFileSync(join(confDir, name), text);

const temp = join(work, 'tmp');
writeFileSync(
  join(work, 'nginx.conf'),
  [
    'daemon off;',
    'worker_processes 1;',
    // As root, nginx's workers would otherwise switch to a user that may not read the checkout.
    ...(process.getuid?.() === 0 ? ['user root;'] : []),
    `pid ${join(work, 'nginx.pid')};`,
    'error_log stderr warn;',
    'events { worker_connections 256; }',
    'http {',
    `  include ${MIME_TYPES};`,
    '  default_type application/octet-stream;',
    '  access_log off;',
    '  sendfile on;',
    ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
      (kind) => `  ${kind}_temp_path ${join(temp, kind)};`,
    ),
    `  include ${join(confDir, 'admin-console.conf')};`,
    '}',
    '',
  ].join('\n'),
);

const server = spawn(nginx, ['-p', `${work}/`, '-c', join(work, 'nginx.conf'), '-e', 'stderr'], {
  stdio: 'inherit',
});
console.log(`nginx serving ${html} at http://127.0.0.1:${port}/`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  // nginx's own graceful stop is SIGQUIT; SIGTERM is a fast stop, which is all a test run needs.
  process.once(signal, () => server.kill('SIGTERM'));
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
