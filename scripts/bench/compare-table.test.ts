// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { combineInteractions, combineLighthouse, turns } from './combine';
import { compareResults, difference, formatComparison } from './compare-table';
import type { LighthouseFigures } from './lighthouse';
import type { BenchResults } from './report';

function results(overrides: Partial<BenchResults>): BenchResults {
  return {
    date: '2026-12-01T10:00:00.000Z',
    machine: {
      cpu: 'Test CPU',
      cores: 2,
      memoryGiB: 8,
      os: 'Linux 6',
      node: '20.20.2',
      chromium: null,
      loadAverage: { start: 0, end: 0 },
    },
    settings: { interactionRuns: 5, lighthouseRuns: 3, mockRequests: 200, mobileCpuSlowdown: 4 },
    sizes: null,
    lighthouse: null,
    interactions: null,
    mockApi: null,
    ...overrides,
  };
}

const sizes = (login: number, users?: number): BenchResults['sizes'] => ({
  gzip: 'gzip 6',
  routes: [
    { page: '/login', jsGzip: login, cssGzip: 8_300, files: [] },
    ...(users === undefined ? [] : [{ page: '/users', jsGzip: users, cssGzip: 8_300, files: [] }]),
  ],
  largestChunks: [],
  demoExtra: { gzip: 197_600, files: [] },
});

function lighthouse(page: string, performance: number, tbtMs: number): LighthouseFigures {
  return {
    page,
    preset: 'mobile',
    performance,
    accessibility: 100,
    bestPractices: 100,
    lcpMs: 2_000,
    tbtMs,
    cls: 0,
    benchmarkIndex: 2_000,
    cpuSlowdown: 4,
    failedAudits: [],
    warnings: [],
  };
}

describe('compareResults', () => {
  it('pairs each figure of the two runs, and keeps one that only one side has', () => {
    const changes = compareResults(
      results({ sizes: sizes(105_100) }),
      results({ sizes: sizes(102_200, 119_600) }),
    );
    expect(changes).toContainEqual({
      measure: 'JS before first render /login',
      unit: 'bytes',
      before: 105_100,
      after: 102_200,
    });
    expect(changes).toContainEqual({
      measure: 'JS before first render /users',
      unit: 'bytes',
      before: null,
      after: 119_600,
    });
    expect(changes.find((change) => change.measure === 'demo mode extra')).toMatchObject({
      before: 197_600,
      after: 197_600,
    });
  });

  it('compares the console’s own part of a page’s JavaScript where both runs split it', () => {
    const split = (own: number) => {
      const figures = sizes(105_100) as NonNullable<BenchResults['sizes']>;
      const login = figures.routes[0] as (typeof figures.routes)[number];
      return {
        ...figures,
        routes: [{ ...login, jsOrigins: { library: 105_100 - own, own, bundler: 0 } }],
      };
    };
    expect(
      compareResults(results({ sizes: split(25_000) }), results({ sizes: split(22_000) })),
    ).toContainEqual({
      measure: 'own JS before first render /login',
      unit: 'bytes',
      before: 25_000,
      after: 22_000,
    });
    const unsplit = compareResults(results({ sizes: sizes(1) }), results({ sizes: sizes(1) }));
    expect(unsplit.some((change) => change.measure.startsWith('own JS'))).toBe(false);
  });

  it('compares Lighthouse scores and metrics, the Find requests and the scale rows', () => {
    const before = results({
      lighthouse: [lighthouse('/users', 83, 400)],
      find: [
        { users: 1_000, latencyMs: 50, search: 'name', requests: 5, ms: 300, estimated: false },
      ],
    });
    const after = results({
      lighthouse: [lighthouse('/users', 91, 150)],
      find: [
        { users: 1_000, latencyMs: 50, search: 'name', requests: 4, ms: 250, estimated: false },
      ],
    });
    const measures = compareResults(before, after);
    const byName = (name: string) => measures.find((change) => change.measure === name);
    expect(byName('Lighthouse mobile /users performance')).toMatchObject({ before: 83, after: 91 });
    expect(byName('Lighthouse mobile /users TBT')).toMatchObject({ before: 400, after: 150 });
    expect(byName('Find name, 1,000 users, requests')).toMatchObject({ before: 5, after: 4 });
  });
});

describe('difference', () => {
  it('gives the change with its sign, and its share where that means something', () => {
    expect(difference({ measure: 'a', unit: 'bytes', before: 105_100, after: 102_200 })).toBe(
      '−2.9 KB (−2.8 %)',
    );
    expect(difference({ measure: 'b', unit: 'score', before: 83, after: 91 })).toBe('+8 points');
    expect(difference({ measure: 'c', unit: 'ms', before: 400, after: 150 })).toBe(
      '−250 ms (−63 %)',
    );
    expect(difference({ measure: 'd', unit: 'count', before: 5, after: 5 })).toBe('same');
    expect(difference({ measure: 'e', unit: 'bytes', before: null, after: 1 })).toBe('–');
  });
});

describe('formatComparison', () => {
  it('is a Markdown table of before, after and change', () => {
    const table = formatComparison(
      compareResults(results({ sizes: sizes(105_100) }), results({ sizes: sizes(102_200) })),
      { before: 'Before', after: 'After' },
    );
    const lines = table.split('\n');
    expect(lines[0]).toMatch(/^\| Measure +\| Before +\| After +\| Change +\|$/);
    expect(lines[1]).toMatch(/^\| -+ \| -+ \| -+ \| -+ \|$/);
    expect(table).toMatch(
      /\| JS before first render \/login +\| 105\.1 KB \| 102\.2 KB \| −2\.9 KB/,
    );
  });
});

describe('combining alternate runs', () => {
  it('takes the median of each Lighthouse figure per page and preset', () => {
    const combined = combineLighthouse([
      [lighthouse('/users', 80, 500), lighthouse('/login', 99, 10)],
      [lighthouse('/users', 90, 100), lighthouse('/login', 97, 30)],
      [lighthouse('/users', 85, 300), lighthouse('/login', 98, 20)],
    ]);
    expect(combined).toHaveLength(2);
    expect(combined.find((entry) => entry.page === '/users')).toMatchObject({
      performance: 85,
      tbtMs: 300,
    });
    expect(combined.find((entry) => entry.page === '/login')).toMatchObject({
      performance: 98,
      tbtMs: 20,
    });
  });

  it('leaves a failed Lighthouse run out, and reports the error when every run failed', () => {
    const failed = { ...lighthouse('/users', 0, 0), performance: null, error: 'NO_FCP' };
    expect(combineLighthouse([[failed], [lighthouse('/users', 90, 100)]])[0]).toMatchObject({
      performance: 90,
    });
    expect(combineLighthouse([[failed], [failed]])[0]).toMatchObject({
      performance: null,
      error: 'NO_FCP',
    });
  });

  it('pools every interaction run before taking the median', () => {
    const run = (ms: number) => ({
      name: 'sort' as const,
      cpuThrottling: 1,
      medianMs: ms,
      runsMs: [ms],
    });
    const [combined] = combineInteractions([[run(70)], [run(90)], [run(75)]]);
    expect(combined).toMatchObject({ medianMs: 75, runsMs: [70, 90, 75] });
  });
});

describe('turns', () => {
  it('swaps which build goes first each round, so drift falls on both', () => {
    const order = [0, 1, 2, 3].map((round) => turns(['before', 'after'] as const, round));
    expect(order).toEqual([
      ['before', 'after'],
      ['after', 'before'],
      ['before', 'after'],
      ['after', 'before'],
    ]);
  });
});

describe('small timings', () => {
  it('keep their decimals, where a whole millisecond is most of the figure', () => {
    expect(difference({ measure: 'm', unit: 'ms', before: 9.01, after: 0.98 })).toBe(
      '−8.03 ms (−89 %)',
    );
  });
});
