import { cpSync, existsSync, rmSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { serveStatic } from './static-server';

/**
 * Serves a snapshot of the production build (static-server.ts: the production security headers,
 * gzip, the SPA fallback), so a rebuild during the run cannot pull chunks out from under the pages. With --api, the snapshot gets a config.json
 * pointing at that API, which is how a real deployment chooses its API without rebuilding; with
 * --apis, one listing several; with --config, the config.json given.
 */
const { values } = parseArgs({
  options: {
    port: { type: 'string' },
    api: { type: 'string' },
    apis: { type: 'string' },
    config: { type: 'string' },
  },
});
const port = Number(values.port);
if (!existsSync('dist/index.html')) {
  console.error('dist/ has no build: run `npm run build` first.');
  process.exit(1);
}

const outDir = `.e2e/build-${port}`;
rmSync(outDir, { recursive: true, force: true });
cpSync('dist', outDir, { recursive: true });
if (values.config) {
  // config.json as given (JSON text): the identity provider's builds.
  writeFileSync(`${outDir}/config.json`, values.config);
} else if (values.apis) {
  // Several APIs, given as the Docker image's APIS (name|baseUrl[|production]; …).
  const apis = values.apis.split(';').map((entry) => {
    const [name, baseUrl, flag] = entry.split('|').map((field) => field.trim());
    return { name, baseUrl, production: flag === 'production' };
  });
  writeFileSync(`${outDir}/config.json`, JSON.stringify({ apis }));
} else if (values.api) {
  // With a byte-order mark, as editors on Windows save it: the browser and the server that sends
  // the security headers must both read past it (the whole real-API project runs this way).
  writeFileSync(`${outDir}/config.json`, `\uFEFF${JSON.stringify({ apiBaseUrl: values.api })}`);
}

await serveStatic({ root: outDir, port });
console.log(`Serving ${outDir} on http://127.0.0.1:${port}/`);
