import { runComparison } from './bench/compare';
import { BENCH_USAGE, parseBenchOptions, type BenchOptions } from './bench/options';
import { runBench } from './bench/run';

/**
 * `npm run bench`: sizes of the production build, Lighthouse, interaction timings, the mock
 * API's cost per request, a whole-table CSV export, Find's requests and the counting engines at
 * scale. It prints one table, writes the figures to bench-results/latest.json (and a dated copy),
 * and replaces the current table in docs/performance.md. With `--compare <ref>` it measures that
 * revision and this tree in one sitting and prints the change instead. A benchmark, not a test:
 * it fails only when it cannot measure. See docs/performance.md, "The bench".
 */

const args = process.argv.slice(2);
if (args.includes('--help') || args.includes('-h')) {
  console.log(BENCH_USAGE);
  process.exit(0);
}
let options: BenchOptions;
try {
  options = parseBenchOptions(args);
} catch (error) {
  // A mistyped option is the person's to fix: its message and the usage, not a stack trace.
  console.error(`${error instanceof Error ? error.message : String(error)}\n\n${BENCH_USAGE}`);
  process.exit(2);
}
const started = Date.now();
const log = (line: string) =>
  console.log(`[${((Date.now() - started) / 1000).toFixed(0).padStart(3)} s] ${line}`);

if (options.compare === undefined) {
  await runBench(options, log);
} else {
  await runComparison(options, log);
}
