import { kb } from '../check-budgets';
import { INTERACTIONS } from './interactions';
import { MOCK_REQUESTS } from './mock-api';
import type { BenchResults } from './report';
import { seconds } from './units';

/**
 * `npm run bench -- --compare <ref>`: two builds measured in one sitting, reported as the change
 * between them rather than as absolutes. A figure from one day is only comparable with one from
 * the same sitting: Lighthouse's mobile score of one build moves by 15 points between days.
 */

export type Unit = 'bytes' | 'ms' | 'score' | 'count' | 'shift';

export interface Change {
  measure: string;
  unit: Unit;
  /** null where only one side measured it (a page added or removed, a section that failed). */
  before: number | null;
  after: number | null;
}

type Figures = Map<string, { unit: Unit; value: number }>;

function collect(results: BenchResults): Figures {
  const figures: Figures = new Map();
  const add = (measure: string, unit: Unit, value: number | null | undefined) => {
    if (value !== null && value !== undefined && Number.isFinite(value)) {
      figures.set(measure, { unit, value });
    }
  };
  for (const route of results.sizes?.routes ?? []) {
    add(`JS before first render ${route.page}`, 'bytes', route.jsGzip);
    add(`own JS before first render ${route.page}`, 'bytes', route.jsOrigins?.own);
    add(`CSS before first render ${route.page}`, 'bytes', route.cssGzip);
  }
  add('demo mode extra', 'bytes', results.sizes?.demoExtra.gzip);
  for (const entry of results.lighthouse ?? []) {
    const name = `Lighthouse ${entry.preset} ${entry.page}`;
    add(`${name} performance`, 'score', entry.performance);
    add(`${name} accessibility`, 'score', entry.accessibility);
    add(`${name} best practices`, 'score', entry.bestPractices);
    add(`${name} LCP`, 'ms', entry.lcpMs);
    add(`${name} TBT`, 'ms', entry.tbtMs);
    add(`${name} CLS`, 'shift', entry.cls);
  }
  for (const entry of results.interactions ?? []) {
    add(`${INTERACTIONS[entry.name]}, ${entry.cpuThrottling}x CPU`, 'ms', entry.medianMs);
  }
  for (const entry of results.mockApi ?? []) {
    const name = `mock API ${MOCK_REQUESTS[entry.request]}, ${entry.records.toLocaleString('en')} records`;
    add(`${name}, median`, 'ms', entry.medianMs);
    add(`${name}, p95`, 'ms', entry.p95Ms);
  }
  for (const entry of results.export ?? []) {
    const name = `Export CSV, ${entry.products.toLocaleString('en')} products`;
    add(`${name}, time`, 'ms', entry.ms);
    add(`${name}, peak JS heap`, 'bytes', entry.peakHeap);
    add(`${name}, longest task`, 'ms', entry.longestTaskMs);
  }
  for (const entry of results.find ?? []) {
    const name = `Find ${entry.search}, ${entry.users.toLocaleString('en')} users`;
    add(`${name}, requests`, 'count', entry.requests);
    add(`${name}, time`, 'ms', entry.ms);
  }
  for (const entry of results.products ?? []) {
    const name = `${entry.what}, ${entry.products.toLocaleString('en')} products`;
    add(`${name}, requests`, 'count', entry.requests);
    add(`${name}, round trips`, 'count', entry.roundTrips);
    add(`${name}, time`, 'ms', entry.ms);
  }
  for (const entry of results.scale ?? []) {
    const name = `${entry.what}, ${entry.users.toLocaleString('en')} users`;
    add(`${name}, requests`, 'count', entry.requests);
    add(`${name}, round trips`, 'count', entry.roundTrips);
    add(`${name}, time`, 'ms', entry.ms);
  }
  return figures;
}

/** Every figure either side measured, in the order the runs give them. */
export function compareResults(before: BenchResults, after: BenchResults): Change[] {
  const old = collect(before);
  const now = collect(after);
  const measures = [...new Set([...old.keys(), ...now.keys()])];
  return measures.map((measure) => ({
    measure,
    unit: (now.get(measure) ?? old.get(measure))!.unit,
    before: old.get(measure)?.value ?? null,
    after: now.get(measure)?.value ?? null,
  }));
}

function value(unit: Unit, amount: number): string {
  switch (unit) {
    case 'bytes':
      return amount >= 1_000_000 ? `${(amount / 1_000_000).toFixed(1)} MB` : kb(amount);
    case 'ms':
      if (amount >= 1_000) return seconds(amount);
      return amount < 10 ? `${amount.toFixed(2)} ms` : `${Math.round(amount)} ms`;
    case 'score':
    case 'count':
      return Math.round(amount).toLocaleString('en');
    case 'shift':
      return amount.toFixed(3);
  }
}

/** The difference with its sign, and for measured amounts its share of the before figure. */
export function difference(change: Change): string {
  if (change.before === null || change.after === null) return '–';
  const delta = change.after - change.before;
  if (delta === 0) return 'same';
  const sign = delta > 0 ? '+' : '−';
  const size = value(change.unit, Math.abs(delta));
  if (change.unit === 'score') return `${sign}${size} points`;
  if (change.unit === 'shift' || change.before === 0) return `${sign}${size}`;
  const percent = Math.abs((delta / change.before) * 100);
  return `${sign}${size} (${sign}${percent < 10 ? percent.toFixed(1) : Math.round(percent)} %)`;
}

/** A Markdown table: measure, before, after, change. */
export function formatComparison(
  changes: readonly Change[],
  labels: { before: string; after: string },
): string {
  const cell = (unit: Unit, amount: number | null) => (amount === null ? '–' : value(unit, amount));
  const rows = [
    ['Measure', labels.before, labels.after, 'Change'],
    ...changes.map((change) => [
      change.measure,
      cell(change.unit, change.before),
      cell(change.unit, change.after),
      difference(change),
    ]),
  ];
  const widths = [0, 1, 2, 3].map((column) =>
    Math.max(...rows.map((row) => (row[column] ?? '').length)),
  );
  const line = (row: string[]) =>
    `| ${row.map((text, column) => text.padEnd(widths[column] ?? 0)).join(' | ')} |`;
  const rule = `| ${widths.map((width) => '-'.repeat(width)).join(' | ')} |`;
  return [line(rows[0]!), rule, ...rows.slice(1).map(line)].join('\n');
}
