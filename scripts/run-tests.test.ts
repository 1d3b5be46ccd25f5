// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { CHECKS, runSteps, type Step } from './run-tests';

/** A step that prints `lines`, one every 20 ms, and exits with `code`. */
function node(name: string, lines: string[], code = 0, after?: string): Step {
  const script = `const lines = ${JSON.stringify(lines)};
    let i = 0;
    const next = () => {
      if (i === lines.length) process.exit(${code});
      (i % 2 ? process.stderr : process.stdout).write(lines[i++] + '\\n');
      setTimeout(next, 20);
    };
    next();`;
  return { name, command: [process.execPath, '-e', script], ...(after ? { after } : {}) };
}

describe('runSteps', () => {
  it('runs the steps side by side and prints each one whole, stdout and stderr in order', async () => {
    const printed: string[] = [];
    const results = await runSteps(
      [node('a', ['a1', 'a2', 'a3']), node('b', ['b1', 'b2', 'b3'])],
      (text) => printed.push(text),
    );
    expect(results.map((result) => result.status)).toEqual(['passed', 'passed']);
    const output = printed.join('');
    expect(output).toMatch(/── a: passed in [\d.]+ s\na1\na2\na3\n/);
    expect(output).toMatch(/── b: passed in [\d.]+ s\nb1\nb2\nb3\n/);
  });

  it('reports a failing step, still finishes the others, and skips what waits for it', async () => {
    const printed: string[] = [];
    const results = await runSteps(
      [
        node('build', ['oops'], 2),
        node('lint', ['fine']),
        node('budgets', ['never'], 0, 'build'),
        { name: 'missing', command: ['/no/such/program'] },
      ],
      (text) => printed.push(text),
    );
    expect(results.map(({ name, status }) => [name, status])).toEqual([
      ['build', 'failed'],
      ['lint', 'passed'],
      ['budgets', 'skipped'],
      ['missing', 'failed'],
    ]);
    expect(printed.join('')).not.toContain('never');
  });

  it('refuses a step that waits for one not listed before it', async () => {
    await expect(runSteps([node('budgets', [], 0, 'build')], () => undefined)).rejects.toThrow(
      'budgets waits for build',
    );
  });
});

it('npm test checks everything but the end-to-end suite, budgets after the build', () => {
  expect(CHECKS.map((step) => step.name).sort()).toEqual(
    ['build', 'check:budgets', 'format:check', 'lint', 'lint:api', 'test:unit', 'typecheck'].sort(),
  );
  expect(CHECKS.find((step) => step.name === 'check:budgets')?.after).toBe('build');
});
