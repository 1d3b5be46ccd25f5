import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, release, totalmem, type } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';
import { analyseBuild } from '../check-budgets';
import { ensureChromium } from '../chromium';
import { CURRENT_TABLE_FILE, writeCurrentTable } from './current-table';
import { runExportBench } from './export';
import { runInteractions } from './interactions';
import { runLighthouse, type LighthouseTarget } from './lighthouse';
import { runNodeSection } from './node-section';
import type { BenchOptions } from './options';
import { storedSession } from './pages';
import { formatTable, type BenchResults } from './report';
import { demoToken, firstUser, startServers } from './servers';

/**
 * One benchmark run of this tree: its sections in turn, the figures written to
 * bench-results/latest.json (and a dated copy), and the current table in docs/performance.md
 * replaced. The pieces a comparison shares are exported.
 */

export type Log = (line: string) => void;

export function emptyResults(options: BenchOptions): BenchResults {
  return {
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
      interactionRuns: options.interactionRuns,
      lighthouseRuns: options.lighthouseRuns,
      mockRequests: options.mockRequests,
      mobileCpuSlowdown: options.mobileCpuSlowdown ?? 4,
    },
    sizes: null,
    lighthouse: null,
    interactions: null,
    mockApi: null,
    export: null,
    find: null,
    scale: null,
    products: null,
  };
}

export function warnIfBusy(results: BenchResults, log: Log) {
  const { loadAverage, cores } = results.machine;
  if (loadAverage.start > cores) {
    log(
      `warning: load average ${loadAverage.start.toFixed(1)} on ${cores} cores; something else is busy and the timings will be inflated.`,
    );
  }
}

/** The bytes a build's pages download before their first render, from its dist/. */
export function measureSizes(outDir: string): BenchResults['sizes'] {
  const analysis = analyseBuild(outDir);
  return {
    gzip: 'node:zlib gzip, default level (6), 1 KB = 1,000 bytes',
    routes: analysis.routes.map((route) => ({
      page: route.page,
      jsGzip: route.jsGzip,
      jsOrigins: route.jsOrigins,
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
}

/** The pages Lighthouse loads: the sign-in page signed out, three signed in. */
export function benchPages(appUrl: string, userId: string): LighthouseTarget[] {
  return [
    { page: '/login', url: `${appUrl}/login`, signedIn: false },
    { page: '/users', url: `${appUrl}/users`, signedIn: true },
    { page: '/products', url: `${appUrl}/products`, signedIn: true },
    { page: '/users/{id}', url: `${appUrl}/users/${userId}`, signedIn: true },
  ];
}

/** A signed-in tab's session for the mock API, and a user to open. */
export async function signedInSession(apiUrl: string) {
  const token = await demoToken(apiUrl);
  const user = await firstUser(apiUrl, token);
  return { session: storedSession(token, apiUrl), userId: user.id };
}

export function chromiumVersion(path: string): string | null {
  try {
    const output = execFileSync(path, ['--version'], { encoding: 'utf8', stdio: 'pipe' });
    return /[\d.]+/.exec(output)?.[0] ?? null;
  } catch {
    return null;
  }
}

export const EXPORT_SIZES = [5_000, 100_000];

export async function runBench(options: BenchOptions, log: Log): Promise<void> {
  const { sections } = options;
  const results = emptyResults(options);
  warnIfBusy(results, log);
  if (!options.skipBuild) {
    log('building (vite build)…');
    await build({ logLevel: 'warn' });
  }
  if (sections.has('sizes')) {
    results.sizes = measureSizes('dist');
    log('sizes measured');
  }
  // In process and before any browser starts, so nothing else competes for the CPU.
  if (sections.has('mock-api'))
    Object.assign(results, await runNodeSection('mock-api', options, log));

  if (sections.has('lighthouse') || sections.has('interactions')) {
    const chromiumPath = ensureChromium();
    log('starting the mock API and the build server…');
    const servers = await startServers(options.portBase);
    const stopOnSignal = () => {
      void servers.stop().then(() => process.exit(130));
    };
    process.once('SIGINT', stopOnSignal);
    try {
      const { session, userId } = await signedInSession(servers.apiUrl);
      if (sections.has('lighthouse')) {
        results.lighthouse = await runLighthouse({
          chromiumPath,
          targets: benchPages(servers.appUrl, userId),
          session,
          runs: options.lighthouseRuns,
          mobileCpuSlowdown: options.mobileCpuSlowdown,
          reportsDir: options.lighthouseReports,
          log,
        });
      }
      if (sections.has('interactions')) {
        results.interactions = await runInteractions({
          chromiumPath,
          baseURL: servers.appUrl,
          session,
          runs: options.interactionRuns,
          log,
        });
      }
      results.machine.chromium = chromiumVersion(chromiumPath);
    } finally {
      process.off('SIGINT', stopOnSignal);
      await servers.stop();
    }
  }
  // With servers of their own (one mock API per size), once the others have stopped.
  if (sections.has('export')) {
    const chromiumPath = ensureChromium();
    results.export = await runExportBench({
      chromiumPath,
      sizes: EXPORT_SIZES,
      portBase: options.portBase,
      log,
    });
    results.machine.chromium ??= chromiumVersion(chromiumPath);
  }
  if (sections.has('find')) Object.assign(results, await runNodeSection('find', options, log));
  if (sections.has('scale')) Object.assign(results, await runNodeSection('scale', options, log));
  if (sections.has('products')) {
    Object.assign(results, await runNodeSection('products', options, log));
  }

  results.machine.loadAverage.end = loadavg()[0] ?? 0;
  mkdirSync('bench-results', { recursive: true });
  const json = `${JSON.stringify(results, null, 2)}\n`;
  writeFileSync(join('bench-results', 'latest.json'), json);
  writeFileSync(join('bench-results', `${results.date.replace(/[:.]/g, '-')}.json`), json);
  const table = formatTable(results);
  console.log(`\n${table}\n`);
  log('figures written to bench-results/latest.json');
  if (options.writeDocs) {
    await writeCurrentTable(table);
    log(`current table written to ${CURRENT_TABLE_FILE}`);
  }
}
