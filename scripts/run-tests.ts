import { spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';

/**
 * `npm test`. The checks that need no browser run side by side: each is mostly one process on
 * one core, so together they keep a small machine's cores busy instead of taking turns. Each
 * one's output is held and printed whole when it ends, so outputs never interleave. Then, if they
 * all passed, the end-to-end suite runs alone (it needs the build, and would only compete with
 * them for the CPU). Any failing step fails the run.
 */

export interface Step {
  name: string;
  /** The program and its arguments. */
  command: readonly string[];
  /** The step that must pass before this one starts (listed earlier); skipped if it fails. */
  after?: string;
}

export interface StepResult {
  name: string;
  status: 'passed' | 'failed' | 'skipped';
  seconds: number;
}

const npmScript = (name: string, after?: string): Step => ({
  name,
  command: ['npm', 'run', '--silent', name],
  ...(after === undefined ? {} : { after }),
});

/** The longest first, so it is not left to run alone at the end. */
export const CHECKS: readonly Step[] = [
  npmScript('test:unit'),
  npmScript('lint'),
  npmScript('typecheck'),
  npmScript('format:check'),
  npmScript('lint:api'),
  npmScript('build'),
  npmScript('check:budgets', 'build'),
];

const END_TO_END = npmScript('test:e2e');

/** Runs a step with its stdout and stderr captured together, in the order they were written. */
function capture(step: Step): Promise<{ ok: boolean; output: string }> {
  return new Promise((resolve) => {
    const [program = '', ...args] = step.command;
    const chunks: Buffer[] = [];
    const child = spawn(program, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.on('error', (error) => chunks.push(Buffer.from(`${error.message}\n`)));
    // 'close' follows 'error' too, when the program could not be started.
    child.on('close', (code) =>
      resolve({ ok: code === 0, output: Buffer.concat(chunks).toString() }),
    );
  });
}

function seconds(since: number): number {
  return Math.round((performance.now() - since) / 100) / 10;
}

/** Runs the steps at once (each after the one it waits for), printing each as it ends. */
export async function runSteps(
  steps: readonly Step[],
  print: (text: string) => void = (text) => process.stdout.write(text),
): Promise<StepResult[]> {
  const running = new Map<string, Promise<StepResult>>();
  for (const step of steps) {
    const before = step.after === undefined ? undefined : running.get(step.after);
    if (step.after !== undefined && !before) {
      throw new Error(`${step.name} waits for ${step.after}, which is not listed before it.`);
    }
    running.set(
      step.name,
      (async (): Promise<StepResult> => {
        if (before && (await before).status !== 'passed') {
          print(`\n── ${step.name}: skipped, ${step.after} did not pass\n`);
          return { name: step.name, status: 'skipped', seconds: 0 };
        }
        const start = performance.now();
        const { ok, output } = await capture(step);
        const result: StepResult = {
          name: step.name,
          status: ok ? 'passed' : 'failed',
          seconds: seconds(start),
        };
        print(`\n── ${step.name}: ${result.status} in ${result.seconds} s\n${output}`);
        return result;
      })(),
    );
  }
  return Promise.all(running.values());
}

export function summary(results: readonly StepResult[]): string {
  const width = Math.max(...results.map((result) => result.name.length));
  const lines = results.map(
    (result) =>
      `  ${result.name.padEnd(width)}  ${result.status.padEnd(7)}  ${result.status === 'skipped' ? '' : `${result.seconds} s`}`,
  );
  return `${lines.join('\n')}\n`;
}

async function main(): Promise<number> {
  const start = performance.now();
  const checks = await runSteps(CHECKS);
  process.stdout.write(`\nChecks, side by side, in ${seconds(start)} s:\n${summary(checks)}`);
  if (checks.some((result) => result.status !== 'passed')) {
    process.stdout.write('\nA check failed: the end-to-end suite was not run.\n');
    return 1;
  }
  const [program = '', ...args] = END_TO_END.command;
  const code = await new Promise<number>((resolve) => {
    const child = spawn(program, args, { stdio: 'inherit' });
    child.on('error', () => resolve(1));
    child.on('close', (exitCode) => resolve(exitCode ?? 1));
  });
  process.stdout.write(`\nnpm test ${code === 0 ? 'passed' : 'failed'} in ${seconds(start)} s.\n`);
  return code;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exitCode = await main();
}
