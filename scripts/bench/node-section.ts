import { writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { runFindBench } from './find';
import { runMockApi } from './mock-api';
import { DEFAULT_PRODUCT_SIZES } from './options';
import { runProductsBench } from './products';
import type { BenchResults } from './report';
import { runScaleBench } from './scale';

/**
 * The sections that run in Node against a tree's own code (the mock API, Find's search, the
 * counting engines, a product by its id), with no browser. A comparison runs this file as a program inside each tree,
 * so that its imports of the console's code are that tree's:
 *
 *   node --import tsx scripts/bench/node-section.ts --section find --port-base 5400 --out FILE
 *
 * It imports only what these sections need, so that an older tree can still run it.
 */

export const NODE_SECTIONS = ['mock-api', 'find', 'scale', 'products'] as const;
export type NodeSection = (typeof NODE_SECTIONS)[number];

const FIND_SIZES = [1_000, 100_000, 1_000_000];
const SCALE_SETUPS = [
  { users: 1_000, products: 5_000, parts: ['overview'] },
  { users: 100_000, products: 5_000, parts: ['overview'] },
  { users: 200_000, products: 5_000, parts: ['anywhere'] },
  { users: 1_000_000, products: 1_000_000, parts: ['overview', 'find', 'date'] },
] as const;
/** Added to every request of the find and scale sections: a network's round trip. */
const LATENCY_MS = 50;

export async function runNodeSection(
  section: NodeSection,
  options: { mockRequests: number; portBase: number; productSizes?: readonly number[] },
  log: (line: string) => void,
): Promise<Partial<BenchResults>> {
  const { portBase } = options;
  if (section === 'mock-api') {
    return {
      mockApi: await runMockApi({ sizes: [1_000, 100_000], requests: options.mockRequests, log }),
    };
  }
  if (section === 'find') {
    return {
      find: await runFindBench({ sizes: FIND_SIZES, latencyMs: LATENCY_MS, portBase, log }),
    };
  }
  if (section === 'products') {
    const sizes = options.productSizes ?? DEFAULT_PRODUCT_SIZES;
    return {
      products: await runProductsBench({ sizes, latencyMs: LATENCY_MS, portBase, log }),
    };
  }
  return {
    scale: await runScaleBench({ setups: SCALE_SETUPS, latencyMs: LATENCY_MS, portBase, log }),
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values } = parseArgs({
    options: {
      section: { type: 'string' },
      'port-base': { type: 'string', default: '5400' },
      'mock-requests': { type: 'string', default: '200' },
      products: { type: 'string' },
      out: { type: 'string' },
    },
  });
  const section = values.section as NodeSection;
  if (!NODE_SECTIONS.includes(section) || !values.out) {
    throw new Error(`usage: node-section.ts --section ${NODE_SECTIONS.join('|')} --out FILE`);
  }
  const figures = await runNodeSection(
    section,
    {
      portBase: Number(values['port-base']),
      mockRequests: Number(values['mock-requests']),
      productSizes: values.products?.split(',').map(Number),
    },
    (line) => console.log(line),
  );
  writeFileSync(values.out, JSON.stringify(figures));
}
