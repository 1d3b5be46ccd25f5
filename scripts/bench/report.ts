import { JS_BUDGET_BYTES, kb, OWN_JS_BUDGET_BYTES } from '../check-budgets';
import type { OriginBytes } from '../chunk-origins';
import { mb, type ExportFigures } from './export';
import type { FindFigures } from './find';
import type { ProductFigures } from './products';
import type { ScaleFigures } from './scale';
import { seconds } from './units';
import { INTERACTIONS, type InteractionFigures } from './interactions';
import type { LighthouseFigures } from './lighthouse';
import { MOCK_REQUESTS, type MockApiFigures } from './mock-api';

/** The benchmark's figures as written to bench-results/latest.json. */
export interface BenchResults {
  date: string;
  machine: {
    cpu: string;
    cores: number;
    memoryGiB: number;
    os: string;
    node: string;
    chromium: string | null;
    /** 1-minute load average before and after; above the core count, figures are inflated. */
    loadAverage: { start: number; end: number };
  };
  settings: {
    interactionRuns: number;
    lighthouseRuns: number;
    mockRequests: number;
    mobileCpuSlowdown: number;
  };
  sizes: {
    gzip: string;
    routes: {
      page: string;
      jsGzip: number;
      /** Absent in results written before the JavaScript was split by whose code it is. */
      jsOrigins?: OriginBytes;
      cssGzip: number;
      files: string[];
    }[];
    largestChunks: { name: string; file: string; gzip: number }[];
    demoExtra: { gzip: number; files: string[] };
  } | null;
  lighthouse: LighthouseFigures[] | null;
  interactions: InteractionFigures[] | null;
  mockApi: MockApiFigures[] | null;
  /** Absent in results written before the export was measured. */
  export?: ExportFigures[] | null;
  /** Absent in results written before Find was measured. */
  find?: FindFigures[] | null;
  scale?: ScaleFigures[] | null;
  /** Absent in results written before a product by its id was measured. */
  products?: ProductFigures[] | null;
}

interface Row {
  measure: string;
  value: string;
  target: string;
  /** true met, false missed, undefined no target. */
  met?: boolean;
}

const ms = (value: number | null) =>
  value === null ? '–' : value < 10 ? `${value.toFixed(2)} ms` : `${Math.round(value)} ms`;

const originsText = (origins: OriginBytes | undefined) =>
  origins
    ? `: libraries ${kb(origins.library)}, own ${kb(origins.own)}, bundler ${kb(origins.bundler)}`
    : '';

function sizeRows(sizes: NonNullable<BenchResults['sizes']>): Row[] {
  const rows: Row[] = sizes.routes.map((route) => ({
    measure: `JS before first render ${route.page}`,
    value: `${kb(route.jsGzip)}${originsText(route.jsOrigins)} (+ CSS ${kb(route.cssGzip)})`,
    target: `own ≤ ${kb(OWN_JS_BUDGET_BYTES)}, all ≤ ${kb(JS_BUDGET_BYTES)}`,
    met:
      route.jsGzip <= JS_BUDGET_BYTES &&
      (route.jsOrigins === undefined || route.jsOrigins.own <= OWN_JS_BUDGET_BYTES),
  }));
  rows.push({
    measure: 'largest chunks',
    value: sizes.largestChunks.map((chunk) => `${chunk.name} ${kb(chunk.gzip)}`).join(', '),
    target: '',
  });
  rows.push({
    measure: 'demo mode extra',
    value: `${kb(sizes.demoExtra.gzip)} (${sizes.demoExtra.files.length} files)`,
    target: '',
  });
  return rows;
}

function lighthouseRows(figures: LighthouseFigures[]): Row[] {
  return figures.map((entry) => {
    const scores = `${entry.performance ?? '–'} / ${entry.accessibility ?? '–'} / ${entry.bestPractices ?? '–'}`;
    const metrics = `LCP ${ms(entry.lcpMs)}, TBT ${ms(entry.tbtMs)}, CLS ${entry.cls?.toFixed(3) ?? '–'}`;
    const mobile = entry.preset === 'mobile';
    const cpu = mobile && entry.cpuSlowdown !== 4 ? ` (CPU ${entry.cpuSlowdown ?? '?'}x)` : '';
    return {
      measure: `Lighthouse ${entry.preset}${cpu} ${entry.page} (perf/a11y/bp)`,
      value: entry.error ? `error: ${entry.error}` : `${scores}; ${metrics}`,
      target: mobile && !cpu ? '≥ 95 / 100 / 100' : '',
      met:
        mobile && !cpu
          ? (entry.performance ?? 0) >= 95 &&
            entry.accessibility === 100 &&
            entry.bestPractices === 100
          : undefined,
    };
  });
}

function interactionRows(figures: InteractionFigures[]): Row[] {
  return figures.map((entry) => {
    const targeted = entry.name === 'next-page' && entry.cpuThrottling === 1;
    return {
      measure: `${INTERACTIONS[entry.name]}, ${entry.cpuThrottling}x CPU`,
      value: entry.note ?? `${ms(entry.medianMs)} median of ${entry.runsMs.length}`,
      target: targeted ? '< 50 ms' : '',
      met: targeted ? entry.medianMs !== null && entry.medianMs < 50 : undefined,
    };
  });
}

function mockApiRows(figures: MockApiFigures[]): Row[] {
  return figures.map((entry) => {
    const targeted = entry.records >= 100_000;
    return {
      measure: `mock API ${MOCK_REQUESTS[entry.request]}, ${entry.records.toLocaleString('en')} records`,
      value: `${ms(entry.medianMs)} median, p95 ${ms(entry.p95Ms)} (${entry.requests} requests)`,
      target: targeted ? '< 5 ms' : '',
      met: targeted ? entry.medianMs !== null && entry.medianMs < 5 : undefined,
    };
  });
}

function exportRows(figures: ExportFigures[]): Row[] {
  return figures.map((entry) => ({
    measure: `Export CSV, ${entry.products.toLocaleString('en')} products (${Math.ceil(entry.products / 100).toLocaleString('en')} requests)`,
    value:
      entry.ms === null
        ? (entry.note ?? '–')
        : `${(entry.ms / 1000).toFixed(1)} s; peak JS heap ${mb(entry.peakHeap)} (idle ${mb(entry.baselineHeap)}); ${entry.longestTaskMs === 0 ? 'no task over 50 ms' : `longest task ${ms(entry.longestTaskMs)}`}${entry.note ? ` (${entry.note})` : ''}`,
    // A task over 200 ms is a visible freeze; the page must stay responsive throughout.
    target: 'longest task < 200 ms',
    met: entry.longestTaskMs === null ? undefined : entry.longestTaskMs < 200,
  }));
}

function scaleRows(figures: ScaleFigures[]): Row[] {
  return figures.map((figure) => ({
    measure: `${figure.what}, ${figure.users.toLocaleString('en')} users, ${figure.products.toLocaleString('en')} products`,
    value: `${figure.requests.toLocaleString('en')} requests, ${figure.roundTrips.toLocaleString('en')} round trips, ${figure.estimated ? '≈ ' : ''}${seconds(figure.ms)}`,
    target: '',
  }));
}

function productRows(figures: ProductFigures[]): Row[] {
  return figures.map((figure) => ({
    measure: `${figure.what}, ${figure.products.toLocaleString('en')} products, +${figure.latencyMs} ms a request`,
    value: `${figure.requests.toLocaleString('en')} requests, ${figure.roundTrips.toLocaleString('en')} round trips, ${seconds(figure.ms)}`,
    target: '',
  }));
}

/** Which sections a run measured, in the order the table gives them. */
export function measuredSections(results: BenchResults): string[] {
  const sections: [string, unknown][] = [
    ['sizes', results.sizes],
    ['lighthouse', results.lighthouse],
    ['interactions', results.interactions],
    ['mock-api', results.mockApi],
    ['export', results.export],
    ['find', results.find],
    ['scale', results.scale],
    ['products', results.products],
  ];
  return sections.filter(([, figures]) => figures != null).map(([name]) => name);
}

/** The run's figures as Markdown: what and where it measured, then one table. */
export function formatTable(results: BenchResults): string {
  const rows = [
    ...(results.sizes ? sizeRows(results.sizes) : []),
    ...(results.lighthouse ? lighthouseRows(results.lighthouse) : []),
    ...(results.interactions ? interactionRows(results.interactions) : []),
    ...(results.mockApi ? mockApiRows(results.mockApi) : []),
    ...(results.export ? exportRows(results.export) : []),
    ...(results.find ? findRows(results.find) : []),
    ...(results.scale ? scaleRows(results.scale) : []),
    ...(results.products ? productRows(results.products) : []),
  ];
  const header: Row = { measure: 'Measure', value: 'Value', target: 'Target' };
  const cells = (row: Row) => [
    row.measure,
    row.value,
    row.target,
    row.met === undefined ? '' : row.met ? 'ok' : 'MISSED',
  ];
  const table = [cells(header).slice(0, 3).concat('Met'), ...rows.map(cells)];
  const widths = [0, 1, 2, 3].map((column) =>
    Math.max(...table.map((line) => (line[column] ?? '').length)),
  );
  const line = (values: string[]) =>
    `| ${values.map((value, column) => value.padEnd(widths[column] ?? 0)).join(' | ')} |`;
  const rule = `|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`;
  const { machine } = results;
  const indexes = (results.lighthouse ?? [])
    .map((entry) => entry.benchmarkIndex)
    .filter((value): value is number => value !== null);
  const speed =
    indexes.length > 0
      ? ` Lighthouse benchmarkIndex ${Math.round(Math.min(...indexes))}–${Math.round(Math.max(...indexes))} (it expects 1,000 or more).`
      : '';
  const about = [
    `Benchmark ${results.date} on ${machine.cpu} × ${machine.cores}, ${machine.memoryGiB} GiB, ${machine.os}, Node ${machine.node}, Chromium ${machine.chromium ?? '–'}.`,
    `Sections: ${measuredSections(results).join(', ') || 'none'}.`,
    `Load average ${machine.loadAverage.start.toFixed(2)} at start, ${machine.loadAverage.end.toFixed(2)} at end; real-API mode (standalone mock API on 127.0.0.1), sizes gzip level 6.${speed}`,
  ];
  return [...about, '', line(table[0] as string[]), rule, ...table.slice(1).map(line)].join('\n');
}

function findRows(figures: FindFigures[]): Row[] {
  const words = {
    'name-binary': 'unique name, case-sensitive name order',
    name: 'unique name (bisection)',
    email: 'e-mail (bisection)',
    scan: 'reading the list',
  };
  return figures.map((figure) => ({
    measure: `Find ${words[figure.search]}, ${figure.users.toLocaleString('en')} users, +${figure.latencyMs} ms a request`,
    value: `${figure.requests.toLocaleString('en')} requests, ${figure.estimated ? '≈ ' : ''}${(figure.ms / 1000).toFixed(1)} s`,
    target: figure.search === 'name' && figure.users >= 1_000_000 ? '≤ 20 requests' : '',
    met: figure.search === 'name' && figure.users >= 1_000_000 ? figure.requests <= 20 : undefined,
  }));
}
