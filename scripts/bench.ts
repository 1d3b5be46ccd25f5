import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, release, totalmem, type } from 'node:os';
import { parseArgs } from 'node:util';
import { build } from 'vite';
import { analyseBuild } from './check-budgets';
import { ensureChromium } from './chromium';
import { runExportBench } from './bench/export';
import { runFindBench } from './bench/find';
import { runScaleBench, scaleTable } from './bench/scale';
import { runInteractions } from './bench/interactions';
import { runLighthouse } from './bench/lighthouse';
import { runMockApi } from './bench/mock-api';
import { formatTable, type BenchResults } from './bench/report';
import { storedSession } from './bench/pages';
import { demoToken, firstUser, startServers } from './bench/servers';

/**
 * `npm run bench`: sizes of the production build, Lighthouse, interaction timings, the mock
 * API's cost per request, a whole-table CSV export and Find's requests, printed as one table and written to bench-results/latest.json (and a
 * dated copy) for comparison between runs. A benchmark, not a test: it fails only when it cannot
 * measure. See README, "Performance and security".
 */

const SECTIONS = [
  'sizes',
  'mock-api',
  'lighthouse',
  'interactions',
  'export',
  'find',
  'scale',
] as const;
type Section = (typeof SECTIONS)[number];

const { values } = parseArgs({
  options: {
    'skip-build': { type: 'boolean', default: false },
    only: { type: 'string' },
    runs: { type: 'string', default: '5' },
    'lighthouse-runs': { type: 'string', default: '3' },
    'mock-requests': { type: 'string', default: '200' },
    'port-base': { type: 'string', default: '5400' },
    'mobile-cpu-slowdown': { type: 'string' },
    'lighthouse-reports': { type: 'string' },
  },
});

function count(name: string, text: string | undefined): number {
  const value = Number(text);
  if (!Number.isSafeInteger(value) || value < 1) {
    throw new Error(`--${name} must be a whole number of at least 1, got "${text}".`);
  }
  return value;
}

function positive(name: string, text: string): number {
  const value = Number(text);
  if (!(value > 0)) throw new Error(`--${name} must be a positive number, got "${text}".`);
  return value;
}

const sections = new Set<Section>(
  values.only ? (values.only.split(',') as Section[]) : [...SECTIONS],
);
for (const section of sections) {
  if (!SECTIONS.includes(section)) {
    throw new Error(`--only takes a comma-separated list of ${SECTIONS.join(', ')}.`);
  }
}
const interactionRuns = count('runs', values.runs);
const lighthouseRuns = count('lighthouse-runs', values['lighthouse-runs']);
const mockRequests = count('mock-requests', values['mock-requests']);
const portBase = count('port-base', values['port-base']);
const mobileCpuSlowdown =
  values['mobile-cpu-slowdown'] === undefined
    ? undefined
    : positive('mobile-cpu-slowdown', values['mobile-cpu-slowdown']);

const started = Date.now();
const log = (line: string) =>
  console.log(`[${((Date.now() - started) / 1000).toFixed(0).padStart(3)} s] ${line}`);

const results: BenchResults = {
  date: new Date().toISOString(),
  machine: {
    cpu: cpus()[0]?.model.trim() ?? 'unknown CPU',
    cores: cpus().length,
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    os: `${type()} ${release()}`,
    node: process.versions.node,
    chromium: null,
    loadAverage: { start: loadavg()[0] ?? 0, end: 0 },
  },
  settings: {
    interactionRuns,
    lighthouseRuns,
    mockRequests,
    mobileCpuSlowdown: mobileCpuSlowdown ?? 4,
  },
  sizes: null,
  lighthouse: null,
  interactions: null,
  mockApi: null,
  export: null,
  find: null,
  scale: null,
};
if (results.machine.loadAverage.start > results.machine.cores) {
  log(
    `warning: load average ${results.machine.loadAverage.start.toFixed(1)} on ${results.machine.cores} cores; something else is busy and the timings will be inflated.`,
  );
}

if (!values['skip-build']) {
  log('building (vite build)…');
  await build({ logLevel: 'warn' });
}

if (sections.has('sizes')) {
  const analysis = analyseBuild('dist');
  results.sizes = {
    gzip: 'node:zlib gzip, default level (6), 1 KB = 1,000 bytes',
    routes: analysis.routes.map((route) => ({
      page: route.page,
      jsGzip: route.jsGzip,
      cssGzip: route.cssGzip,
      files: [...route.js, ...route.css].map((file) => file.file),
    })),
    largestChunks: analysis.chunks
      .filter((chunk) => !analysis.demoFiles.has(chunk.file))
      .slice(0, 4)
      .map(({ name, file, gzip }) => ({ name, file, gzip })),
    demoExtra: {
      gzip: analysis.demo.gzip,
      files: analysis.demo.files.map((file) => file.file),
    },
  };
  log('sizes measured');
}

// In process and before any browser starts, so nothing else competes for the CPU.
if (sections.has('mock-api')) {
  results.mockApi = await runMockApi({ sizes: [1_000, 100_000], requests: mockRequests, log });
}

if (sections.has('lighthouse') || sections.has('interactions')) {
  const chromiumPath = ensureChromium();
  log('starting the mock API and the preview server…');
  const servers = await startServers(portBase);
  const stopOnSignal = () => {
    void servers.stop().then(() => process.exit(130));
  };
  process.once('SIGINT', stopOnSignal);
  try {
    const token = await demoToken(servers.apiUrl);
    const user = await firstUser(servers.apiUrl, token);
    // A signed-in tab's sessionStorage: the token and the API it belongs to.
    const session = storedSession(token, servers.apiUrl);
    const pages = [
      { page: '/login', path: '/login', signedIn: false },
      { page: '/users', path: '/users', signedIn: true },
      { page: '/products', path: '/products', signedIn: true },
      { page: '/users/{id}', path: `/users/${user.id}`, signedIn: true },
    ];
    if (sections.has('lighthouse')) {
      results.lighthouse = await runLighthouse({
        chromiumPath,
        targets: pages.map(({ page, path, signedIn }) => ({
          page,
          url: `${servers.appUrl}${path}`,
          signedIn,
        })),
        session,
        runs: lighthouseRuns,
        mobileCpuSlowdown,
        reportsDir: values['lighthouse-reports'],
        log,
      });
    }
    if (sections.has('interactions')) {
      results.interactions = await runInteractions({
        chromiumPath,
        baseURL: servers.appUrl,
        session,
        runs: interactionRuns,
        log,
      });
    }
    results.machine.chromium = chromiumVersion(chromiumPath);
  } finally {
    process.off('SIGINT', stopOnSignal);
    await servers.stop();
  }
}

// Last, with servers of its own (one mock API per size), once the others have stopped.
if (sections.has('export')) {
  const chromiumPath = ensureChromium();
  results.export = await runExportBench({
    chromiumPath,
    sizes: [5_000, 100_000],
    portBase,
    log,
  });
  results.machine.chromium ??= chromiumVersion(chromiumPath);
}

// Find over HTTP with 50 ms added to every request, one mock API per size (1,000,000 included).
if (sections.has('find')) {
  results.find = await runFindBench({
    sizes: [1_000, 100_000, 1_000_000],
    latencyMs: 50,
    portBase,
    log,
  });
}

// The overview, Find in parallel, a day's sign-ups and the anywhere search, with 50 ms added.
if (sections.has('scale')) {
  results.scale = await runScaleBench({
    setups: [
      { users: 1_000, products: 5_000, parts: ['overview'] },
      { users: 100_000, products: 5_000, parts: ['overview'] },
      { users: 200_000, products: 5_000, parts: ['anywhere'] },
      { users: 1_000_000, products: 1_000_000, parts: ['overview', 'find', 'date'] },
    ],
    latencyMs: 50,
    portBase,
    log,
  });
  console.log(`\n${scaleTable(results.scale)}\n`);
}

results.machine.loadAverage.end = loadavg()[0] ?? 0;
mkdirSync('bench-results', { recursive: true });
const json = `${JSON.stringify(results, null, 2)}\n`;
writeFileSync('bench-results/latest.json', json);
writeFileSync(`bench-results/${results.date.replace(/[:.]/g, '-')}.json`, json);
console.log(`\n${formatTable(results)}\n`);
log('figures written to bench-results/latest.json');

function chromiumVersion(path: string): string | null {
  try {
    const output = execFileSync(path, ['--version'], { encoding: 'utf8', stdio: 'pipe' });
    return /[\d.]+/.exec(output)?.[0] ?? null;
  } catch {
    return null;
  }
}
