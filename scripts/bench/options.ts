import { parseArgs } from 'node:util';

/** What `npm run bench -- …` was asked for. */

export const SECTIONS = [
  'sizes',
  'mock-api',
  'lighthouse',
  'interactions',
  'export',
  'find',
  'scale',
  'products',
] as const;
export type Section = (typeof SECTIONS)[number];

export interface BenchOptions {
  sections: Set<Section>;
  skipBuild: boolean;
  interactionRuns: number;
  lighthouseRuns: number;
  mockRequests: number;
  portBase: number;
  /** The catalogues the products section finds a product in. */
  productSizes: number[];
  mobileCpuSlowdown: number | undefined;
  lighthouseReports: string | undefined;
  /** A git revision to measure beside the working tree, instead of recording figures. */
  compare: string | undefined;
  /** Leave docs/performance.md as it is. */
  writeDocs: boolean;
}

/** What `npm run bench -- --help` prints; docs/performance.md ("The bench") says more. */
export const BENCH_USAGE = `Usage: npm run bench -- [options]

  --only <sections>            run these sections alone, comma-separated:
                               ${SECTIONS.join(', ')}
  --products <n[,n]>           the products section alone, at these catalogue sizes
  --compare <ref>              measure that git revision beside this tree, print the change
  --skip-build                 measure dist/ as it is
  --runs <n>                   interaction runs (default 5)
  --lighthouse-runs <n>        Lighthouse mobile runs (default 3)
  --mock-requests <n>          requests per mock API figure (default 200)
  --port-base <n>              first port used, up to n + 70 (default 5400)
  --mobile-cpu-slowdown <x>    Lighthouse's mobile CPU slowdown
  --lighthouse-reports <dir>   keep every Lighthouse report there
  --no-docs                    leave docs/performance.md as it is
  --help                       this text

See docs/performance.md, "The bench".`;

/** The products section's catalogues: the mock's default, and a million. */
export const DEFAULT_PRODUCT_SIZES = [5_000, 1_000_000] as const;

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

export function parseBenchOptions(args: string[]): BenchOptions {
  const { values } = parseArgs({
    args,
    options: {
      'skip-build': { type: 'boolean', default: false },
      only: { type: 'string' },
      runs: { type: 'string', default: '5' },
      'lighthouse-runs': { type: 'string', default: '3' },
      'mock-requests': { type: 'string', default: '200' },
      'port-base': { type: 'string', default: '5400' },
      'mobile-cpu-slowdown': { type: 'string' },
      'lighthouse-reports': { type: 'string' },
      compare: { type: 'string' },
      'no-docs': { type: 'boolean', default: false },
      products: { type: 'string' },
    },
  });
  // `--products <n>` alone measures a product id at that many products, and nothing else.
  const only = values.only ?? (values.products === undefined ? undefined : 'products');
  const sections = new Set<Section>(only ? (only.split(',') as Section[]) : [...SECTIONS]);
  for (const section of sections) {
    if (!SECTIONS.includes(section)) {
      throw new Error(`--only takes a comma-separated list of ${SECTIONS.join(', ')}.`);
    }
  }
  if (values.compare !== undefined && values.compare.trim() === '') {
    throw new Error('--compare takes a git revision: a commit, a branch or a tag.');
  }
  return {
    sections,
    skipBuild: values['skip-build'],
    interactionRuns: count('runs', values.runs),
    lighthouseRuns: count('lighthouse-runs', values['lighthouse-runs']),
    mockRequests: count('mock-requests', values['mock-requests']),
    portBase: count('port-base', values['port-base']),
    productSizes:
      values.products === undefined
        ? [...DEFAULT_PRODUCT_SIZES]
        : values.products.split(',').map((size) => count('products', size.trim())),
    mobileCpuSlowdown:
      values['mobile-cpu-slowdown'] === undefined
        ? undefined
        : positive('mobile-cpu-slowdown', values['mobile-cpu-slowdown']),
    lighthouseReports: values['lighthouse-reports'],
    compare: values.compare?.trim(),
    writeDocs: !values['no-docs'],
  };
}
