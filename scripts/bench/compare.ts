import { execFileSync, spawn } from 'node:child_process';
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { ensureChromium } from '../chromium';
import { combineInteractions, combineLighthouse, turns } from './combine';
import { compareResults, formatComparison } from './compare-table';
import { runExportBench } from './export';
import { runInteractions, type InteractionFigures } from './interactions';
import { runLighthouse, type LighthouseFigures } from './lighthouse';
import { NODE_SECTIONS, type NodeSection } from './node-section';
import type { BenchOptions, Section } from './options';
import type { BenchResults } from './report';
import {
  benchPages,
  chromiumVersion,
  emptyResults,
  EXPORT_SIZES,
  measureSizes,
  signedInSession,
  warnIfBusy,
  type Log,
} from './run';
import { startServers } from './servers';

/**
 * `npm run bench -- --compare <ref>`: builds the revision in a temporary git worktree and this
 * working tree, and measures both in one sitting, by turns where a section allows it (a
 * Lighthouse or interaction run of one, then of the other, the order swapped each round), so that
 * the machine's mood falls on both. It prints each figure before and after and the difference,
 * and writes both runs to bench-results/compare-….json; the current table is left alone.
 */

const BROWSER_SECTIONS: readonly Section[] = ['lighthouse', 'interactions', 'export'];
const BUILT_SECTIONS: readonly Section[] = ['sizes', ...BROWSER_SECTIONS];

interface Tree {
  label: string;
  dir: string;
}

function git(args: string[]): string {
  return execFileSync('git', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
}

function run(command: string, args: string[], cwd: string): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'inherit', 'inherit'] });
    child.on('error', fail);
    child.on('exit', (code) =>
      code === 0 ? done() : fail(new Error(`${command} ${args.join(' ')} exited with ${code}`)),
    );
  });
}

/**
 * The revision checked out beside this tree. Its packages are this tree's when the lock files
 * agree (a link, no install), and installed otherwise.
 */
async function checkOut(sha: string, log: Log): Promise<{ dir: string; remove(): void }> {
  const parent = mkdtempSync(join(tmpdir(), 'admin-console-bench-'));
  const dir = join(parent, 'tree');
  git(['worktree', 'add', '--detach', dir, sha]);
  const remove = () => {
    try {
      git(['worktree', 'remove', '--force', dir]);
    } finally {
      rmSync(parent, { recursive: true, force: true });
    }
  };
  try {
    const lock = readFileSync('package-lock.json', 'utf8');
    if (readFileSync(join(dir, 'package-lock.json'), 'utf8') === lock) {
      symlinkSync(resolve('node_modules'), join(dir, 'node_modules'), 'dir');
    } else {
      log(`compare: ${sha.slice(0, 9)} has other packages; installing them (npm install)…`);
      await run('npm', ['install', '--no-audit', '--no-fund'], dir);
    }
  } catch (error) {
    remove();
    throw error;
  }
  return { dir, remove };
}

function buildTree(tree: Tree, log: Log): Promise<void> {
  log(`compare: building ${tree.label} (vite build)…`);
  const vite = join(tree.dir, 'node_modules', 'vite', 'bin', 'vite.js');
  return run(process.execPath, [vite, 'build', '--logLevel', 'warn'], tree.dir);
}

/**
 * A Node section run as a program inside the tree, so that it measures that tree's code; the
 * revision gets this tree's harness (scripts/bench/) first. Null with a note when it cannot run
 * there (an older tree without what the harness imports).
 */
async function nodeSection(
  section: NodeSection,
  tree: Tree,
  options: BenchOptions,
  log: Log,
): Promise<Partial<BenchResults> | null> {
  const here = resolve('scripts', 'bench');
  const there = join(tree.dir, 'scripts', 'bench');
  if (resolve(there) !== here) cpSync(here, there, { recursive: true });
  const out = join(tree.dir, `bench-${section}.json`);
  log(`compare: ${section} on ${tree.label}…`);
  try {
    await run(
      process.execPath,
      [
        '--import',
        'tsx',
        join('scripts', 'bench', 'node-section.ts'),
        '--section',
        section,
        '--port-base',
        String(options.portBase),
        '--mock-requests',
        String(options.mockRequests),
        '--out',
        out,
      ],
      tree.dir,
    );
    return JSON.parse(readFileSync(out, 'utf8')) as Partial<BenchResults>;
  } catch (error) {
    log(`compare: ${section} not measured on ${tree.label}: ${(error as Error).message}`);
    return null;
  } finally {
    rmSync(out, { force: true });
  }
}

async function browserSections(
  trees: readonly [Tree, Tree],
  results: readonly [BenchResults, BenchResults],
  options: BenchOptions,
  log: Log,
) {
  const { sections } = options;
  if (!BROWSER_SECTIONS.some((section) => sections.has(section))) return;
  const chromiumPath = ensureChromium();
  if (sections.has('lighthouse') || sections.has('interactions')) {
    log('compare: starting the mock API and both builds’ servers…');
    const servers = await startServers(options.portBase, { appDirs: trees.map((t) => t.dir) });
    try {
      const { session, userId } = await signedInSession(servers.apiUrl);
      const sides = [0, 1] as const;
      if (sections.has('lighthouse')) {
        const runs: LighthouseFigures[][][] = [[], []];
        for (let round = 0; round < options.lighthouseRuns; round += 1) {
          for (const side of turns(sides, round)) {
            log(`compare: Lighthouse round ${round + 1}, ${trees[side].label}`);
            runs[side]!.push(
              await runLighthouse({
                chromiumPath,
                targets: benchPages(servers.appUrls[side] as string, userId),
                session,
                runs: 1,
                mobileCpuSlowdown: options.mobileCpuSlowdown,
                log,
              }),
            );
          }
        }
        for (const side of sides) results[side].lighthouse = combineLighthouse(runs[side]!);
      }
      if (sections.has('interactions')) {
        const runs: InteractionFigures[][][] = [[], []];
        for (let round = 0; round < options.interactionRuns; round += 1) {
          for (const side of turns(sides, round)) {
            log(`compare: interactions round ${round + 1}, ${trees[side].label}`);
            runs[side]!.push(
              await runInteractions({
                chromiumPath,
                baseURL: servers.appUrls[side] as string,
                session,
                runs: 1,
                log,
              }),
            );
          }
        }
        for (const side of sides) results[side].interactions = combineInteractions(runs[side]!);
      }
    } finally {
      await servers.stop();
    }
  }
  if (sections.has('export')) {
    for (const [round, products] of EXPORT_SIZES.entries()) {
      for (const side of turns([0, 1] as const, round)) {
        const figures = await runExportBench({
          chromiumPath,
          sizes: [products],
          portBase: options.portBase,
          appDir: trees[side].dir,
          log,
        });
        results[side].export = [...(results[side].export ?? []), ...figures];
      }
    }
  }
  for (const result of results) result.machine.chromium = chromiumVersion(chromiumPath);
}

export async function runComparison(options: BenchOptions, log: Log): Promise<void> {
  const ref = options.compare as string;
  const sha = git(['rev-parse', '--verify', '--end-of-options', `${ref}^{commit}`]);
  const checkout = await checkOut(sha, log);
  const stopOnSignal = () => {
    checkout.remove();
    process.exit(130);
  };
  process.once('SIGINT', stopOnSignal);
  try {
    const trees = [
      { label: `${ref} (${sha.slice(0, 9)})`, dir: checkout.dir },
      { label: 'working tree', dir: process.cwd() },
    ] as const;
    // The Node sections measure source code; only the others need the builds.
    if (BUILT_SECTIONS.some((section) => options.sections.has(section))) {
      await buildTree(trees[0], log);
      if (!options.skipBuild) await buildTree(trees[1], log);
    }
    const results = [emptyResults(options), emptyResults(options)] as const;
    warnIfBusy(results[0], log);
    if (options.sections.has('sizes')) {
      for (const [side, tree] of trees.entries()) {
        try {
          results[side]!.sizes = measureSizes(join(tree.dir, 'dist'));
        } catch (error) {
          log(`compare: sizes not measured on ${tree.label}: ${(error as Error).message}`);
        }
      }
    }
    // The mock API's cost before any browser starts, as a plain run measures it; the rest after.
    const wanted = NODE_SECTIONS.filter((section) => options.sections.has(section));
    let round = 0;
    const measureBoth = async (section: NodeSection) => {
      for (const side of turns([0, 1] as const, round)) {
        Object.assign(results[side], await nodeSection(section, trees[side], options, log));
      }
      round += 1;
    };
    if (wanted.includes('mock-api')) await measureBoth('mock-api');
    await browserSections(trees, results, options, log);
    for (const section of wanted.filter((name) => name !== 'mock-api')) await measureBoth(section);
    for (const result of results) result.machine.loadAverage.end = loadavg()[0] ?? 0;

    const { machine } = results[1];
    const header = [
      `Compared ${trees[0].label} (before) with the ${trees[1].label} (after) in one sitting, ${results[0].date} to ${new Date().toISOString()}.`,
      `${machine.cpu} × ${machine.cores}, Node ${machine.node}, Chromium ${machine.chromium ?? '–'}; load average ${machine.loadAverage.start.toFixed(2)} at start, ${machine.loadAverage.end.toFixed(2)} at end.`,
      'Read the change, not the figures: absolutes from another sitting are not comparable.',
    ];
    const table = formatComparison(compareResults(results[0], results[1]), {
      before: 'Before',
      after: 'After',
    });
    console.log(`\n${header.join('\n')}\n\n${table}\n`);
    mkdirSync('bench-results', { recursive: true });
    const file = join('bench-results', `compare-${results[0].date.replace(/[:.]/g, '-')}.json`);
    writeFileSync(
      file,
      `${JSON.stringify({ ref, sha, before: results[0], after: results[1] }, null, 2)}\n`,
    );
    log(`both runs written to ${file}; the current table is left as it was`);
  } finally {
    process.off('SIGINT', stopOnSignal);
    checkout.remove();
  }
}
