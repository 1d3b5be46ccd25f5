import { getResponse } from 'msw';
import { mintDemoToken } from '../../src/mocks/jwt';
import { createMockApi } from '../../src/mocks/mock-api';
import { median, percentile } from './pages';

/**
 * What one request costs the mock API, in process: the time from handing a Request to MSW's
 * getResponse until the JSON body has been read, i.e. the handler with its token check, rate
 * limit, query and serialisation, without any network. Indexes are built before timing
 * (db.prepare(), as the standalone server does), so this is the steady state a user sees.
 */

export type MockRequestName = 'users-sorted' | 'products-filtered';

export const MOCK_REQUESTS: Record<MockRequestName, string> = {
  'users-sorted': 'users page sorted by name',
  'products-filtered': 'products page, new price filter',
};

export interface MockApiFigures {
  request: MockRequestName;
  records: number;
  medianMs: number | null;
  p95Ms: number | null;
  requests: number;
}

const ORIGIN = 'http://127.0.0.1';
const WARM_UP = 50;

function requestUrl(name: MockRequestName, index: number, records: number): string {
  if (name === 'users-sorted') {
    // Pages spread over the whole list, both directions.
    const pages = Math.max(1, Math.floor(records / 50));
    const page = 1 + ((index * 7919) % pages);
    return `${ORIGIN}/v1/users?page=${page}&limit=50&sort=${index % 2 ? '-name' : 'name'}`;
  }
  // A price filter the cache has not seen (as when someone types one), first page.
  const minPrice = 10 + ((index * 37) % 1500) + (index % 100) / 100;
  return `${ORIGIN}/v1/products?min_price=${minPrice.toFixed(2)}&max_price=${(minPrice + 400).toFixed(2)}&page=1&limit=50`;
}

export async function runMockApi(options: {
  sizes: number[];
  requests: number;
  log: (line: string) => void;
}): Promise<MockApiFigures[]> {
  const token = await mintDemoToken('valid');
  const headers = { Authorization: `Bearer ${token}`, Accept: 'application/json' };
  const figures: MockApiFigures[] = [];
  for (const records of options.sizes) {
    const api = createMockApi({
      users: records,
      products: records,
      rateLimit: { limit: Number.MAX_SAFE_INTEGER, windowMs: 1_000 },
    });
    api.db.prepare();
    for (const name of Object.keys(MOCK_REQUESTS) as MockRequestName[]) {
      const times: number[] = [];
      for (let index = 0; index < WARM_UP + options.requests; index += 1) {
        // Offset so the timed requests are not the warm-up's (filters would be cached).
        const request = new Request(requestUrl(name, index + 100_000, records), { headers });
        const start = performance.now();
        const response = await getResponse(api.handlers, request);
        await response?.arrayBuffer();
        const elapsed = performance.now() - start;
        if (response?.status !== 200) {
          throw new Error(`The mock API answered ${response?.status} to ${request.url}.`);
        }
        if (index >= WARM_UP) times.push(elapsed);
      }
      const entry = {
        request: name,
        records,
        medianMs: median(times),
        p95Ms: percentile(times, 0.95),
        requests: times.length,
      };
      options.log(
        `mock API, ${MOCK_REQUESTS[name]}, ${records.toLocaleString('en')} records: ${entry.medianMs?.toFixed(2)} ms median`,
      );
      figures.push(entry);
    }
  }
  return figures;
}
