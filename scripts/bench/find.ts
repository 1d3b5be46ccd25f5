import { SortedSearch, type SearchPage } from '../../src/lib/list-search/sorted-search';
import { median } from './pages';
import { waitForServer } from '../wait-for-server';
import { demoToken, startNode, stopChild } from './servers';

/**
 * Find's search against the standalone mock over HTTP, with latency added to every request (the
 * mock's scenario), at several numbers of users: how many requests and how long it takes to find
 * a unique name (bisection over sort=name) and an e-mail address (over sort=email), next to what
 * reading the list 100 rows at a time takes. It runs the console's own algorithm
 * (src/lib/list-search/sorted-search.ts) in Node with fetch, not through the browser: the
 * page adds only rendering. The scan is run at sizes where it takes under a minute; above that its
 * time is the requests it needs times the median request time measured.
 */

export interface FindFigures {
  users: number;
  latencyMs: number;
  /** `name-binary`: the mock ordering names by code units, case-sensitive (a C collation). */
  search: 'name' | 'email' | 'name-binary' | 'scan';
  requests: number;
  ms: number;
  /** The scan's figures are requests times the median request time. */
  estimated: boolean;
}

interface User {
  id: string;
  name: string;
  email: string;
}

const NAME = 'Grace Hopper';
const EMAIL = 'grace.hopper@example.org';
const PAGE_SIZE = 100;
/** A scan of more pages than this is estimated rather than run. */
const MAX_SCAN_PAGES = 200;

export async function runFindBench(options: {
  sizes: number[];
  latencyMs: number;
  portBase: number;
  log: (line: string) => void;
}): Promise<FindFigures[]> {
  const figures: FindFigures[] = [];
  for (const [index, users] of options.sizes.entries()) {
    const port = options.portBase + 20 + index;
    const apiUrl = `http://127.0.0.1:${port}`;
    options.log(`find: starting the mock API with ${users.toLocaleString('en')} users…`);
    const api = startNode(
      [
        'src/mocks/server.ts',
        '--port',
        String(port),
        '--users',
        String(users),
        '--rate-limit',
        '100000000',
      ],
      'The mock API',
    );
    try {
      await waitForServer(`${apiUrl}/__demo/token?variant=valid`, api, 'The mock API');
      const token = await demoToken(apiUrl);
      const headers = { Authorization: `Bearer ${token}`, Accept: 'application/json' };
      const times: number[] = [];
      const get = async (query: string): Promise<SearchPage<User>> => {
        const started = performance.now();
        const response = await fetch(`${apiUrl}/v1/users?${query}`, { headers });
        if (!response.ok) throw new Error(`GET /v1/users?${query} answered ${response.status}`);
        const body = (await response.json()) as SearchPage<User>;
        times.push(performance.now() - started);
        return body;
      };
      // Warm the mock's sort orders (built on first use) before adding the latency and timing.
      await get('sort=name&limit=1');
      await get('sort=email&limit=1');
      const scenario = (body: object) =>
        fetch(`${apiUrl}/__demo/scenario`, {
          method: 'POST',
          headers: { ...headers, 'Content-Type': 'application/json' },
          body: JSON.stringify(body),
        });
      await scenario({ latencyMs: options.latencyMs });
      times.length = 0;
      for (const [search, key, text] of [
        ['name', 'name', NAME],
        ['email', 'email', EMAIL],
        ['name-binary', 'name', NAME],
      ] as const) {
        if (search === 'name-binary') {
          await scenario({ nameOrder: 'code-unit', latencyMs: 0 });
          await get('sort=name&limit=1');
          await scenario({ latencyMs: options.latencyMs });
        }
        const finder = new SortedSearch<User>({
          keyOf: (user) => user[key],
          idOf: (user) => user.id,
          query: text,
          match: search === 'email' ? 'exact' : 'prefix',
          pageSize: PAGE_SIZE,
          maxMatches: 1_000,
        });
        const started = performance.now();
        const result = await finder.run((page, limit) =>
          get(`sort=${key}&page=${page}&limit=${limit}`),
        );
        const ms = performance.now() - started;
        const found = result.kind === 'done' ? result.matches.length : 0;
        if (found !== 1) {
          throw new Error(`find: ${search} search for ${text} found ${found} users at ${users}`);
        }
        figures.push({
          users,
          latencyMs: options.latencyMs,
          search,
          requests: finder.requests,
          ms,
          estimated: false,
        });
        options.log(
          `find: ${search} at ${users.toLocaleString('en')} users: ${finder.requests} requests, ${Math.round(ms)} ms`,
        );
      }
      // The scan reads the API's own order; the users searched for come last in the mock's.
      const pages = Math.ceil(users / PAGE_SIZE);
      if (pages <= MAX_SCAN_PAGES) {
        const started = performance.now();
        for (let page = 1; page <= pages; page += 1) await get(`page=${page}&limit=${PAGE_SIZE}`);
        figures.push({
          users,
          latencyMs: options.latencyMs,
          search: 'scan',
          requests: pages,
          ms: performance.now() - started,
          estimated: false,
        });
      } else {
        figures.push({
          users,
          latencyMs: options.latencyMs,
          search: 'scan',
          requests: pages,
          ms: pages * (median(times) ?? 0),
          estimated: true,
        });
      }
    } finally {
      await stopChild(api);
    }
  }
  return figures;
}
