import type { QueryClient } from '@tanstack/react-query';
import { overviewStore, runOverview } from '../../src/features/overview/overview-count';
import { findUsers, type FindMode } from '../../src/features/users/find/find-users';
import { DEFAULT_CONCURRENCY } from '../../src/lib/pool/request-pool';
import { SortedSearch, type SearchPage } from '../../src/lib/list-search/sorted-search';
import { median } from './pages';
import { consoleTab, recordingFetch, roundTrips, withMockApi, type Call } from './mock-run';

/**
 * The console's counting and searching at scale, over HTTP against the standalone mock with
 * latency added to every request: the overview, Find by name (one page at a time as before, and
 * through the pool with guesses as now) under a locale and a code-unit order, a day's sign-ups,
 * and the anywhere search. It runs the console's own code in Node (the query client, the API
 * client, the pool), not the browser: the page adds only rendering. Round trips are the longest
 * chain of requests each sent after the one before it answered: the wall-clock cost. Reading the
 * whole list is estimated as its requests, one after another, times the median request time.
 */

export interface ScaleFigures {
  what: string;
  users: number;
  products: number;
  requests: number;
  roundTrips: number;
  ms: number;
  /** Figures worked out from the median request time rather than run. */
  estimated: boolean;
}

const PAGE_SIZE = 100;

interface Setup {
  users: number;
  products: number;
  parts: readonly ('overview' | 'find' | 'date' | 'anywhere')[];
}

export async function runScaleBench(options: {
  setups: readonly Setup[];
  latencyMs: number;
  portBase: number;
  log: (line: string) => void;
}): Promise<ScaleFigures[]> {
  const figures: ScaleFigures[] = [];
  for (const [index, setup] of options.setups.entries()) {
    const { users, products } = setup;
    options.log(
      `scale: starting the mock API with ${users.toLocaleString('en')} users and ${products.toLocaleString('en')} products…`,
    );
    const port = options.portBase + 40 + index;
    await withMockApi({ port, users, products }, async (api) => {
      const { url: apiUrl, headers, scenario } = api;
      const times: number[] = [];
      // Warm the mock's sort orders (built on first use) before adding the latency.
      const warm = async () => {
        for (const sort of ['name', 'created_at', 'email']) {
          await fetch(`${apiUrl}/v1/users?sort=${sort}&limit=1`, { headers });
        }
      };
      await warm();
      await scenario({ latencyMs: options.latencyMs });

      const measure = async (
        what: string,
        work: (queryClient: QueryClient, fetchImpl: typeof fetch) => Promise<void>,
      ) => {
        const calls: Call[] = [];
        const fetchImpl = recordingFetch(calls, (call) => times.push(call.end - call.start));
        const queryClient = consoleTab(api, fetchImpl);
        const started = performance.now();
        await work(queryClient, fetchImpl);
        const ms = performance.now() - started;
        const row = {
          what,
          users,
          products,
          requests: calls.length,
          roundTrips: roundTrips(calls),
          ms,
          estimated: false,
        };
        figures.push(row);
        options.log(
          `scale: ${what} at ${users.toLocaleString('en')} users / ${products.toLocaleString('en')} products: ${row.requests} requests, ${row.roundTrips} round trips, ${Math.round(ms)} ms`,
        );
      };
      const find = (mode: FindMode, text: string) => async (queryClient: QueryClient) => {
        const outcome = await findUsers({
          queryClient,
          baseUrl: `${apiUrl}#${Math.random()}`,
          mode,
          text,
          signal: new AbortController().signal,
          onProgress: () => undefined,
          // As the Find page reads.
          width: DEFAULT_CONCURRENCY,
        });
        if (outcome.kind !== 'found' || outcome.matches.length === 0) {
          throw new Error(`scale: ${mode} search for ${text} found nothing (${outcome.kind}).`);
        }
      };
      // Main's engine: one page after another, halving.
      const sequentialName = async (_: QueryClient, fetchImpl: typeof fetch) => {
        const search = new SortedSearch<{ id: string; name: string }>({
          keyOf: (user) => user.name,
          idOf: (user) => user.id,
          query: 'Grace Hopper',
          match: 'prefix',
          pageSize: PAGE_SIZE,
          maxMatches: 1_000,
        });
        const result = await search.run(async (page, limit) => {
          const response = await fetchImpl(
            `${apiUrl}/v1/users?sort=name&page=${page}&limit=${limit}`,
            { headers },
          );
          return (await response.json()) as SearchPage<{ id: string; name: string }>;
        });
        if (result.kind !== 'done' || result.matches.length !== 1) {
          throw new Error('scale: the sequential name search did not find Grace Hopper.');
        }
      };

      if (setup.parts.includes('overview')) {
        await measure('Overview (all three charts and both totals)', async (queryClient) => {
          await runOverview({ queryClient, baseUrl: apiUrl, categories: [], fresh: true });
          const state = overviewStore(queryClient, apiUrl).getSnapshot();
          for (const part of [state.signUps, state.categories, state.prices]) {
            if (part.state !== 'done')
              throw new Error(`scale: an overview chart ended ${part.state}.`);
          }
        });
      }
      if (setup.parts.includes('find')) {
        for (const order of ['locale', 'code-unit'] as const) {
          await scenario({ nameOrder: order, latencyMs: 0 });
          await warm();
          await scenario({ latencyMs: options.latencyMs });
          await measure(
            `Find a unique name, ${order} order: one page at a time (before)`,
            sequentialName,
          );
          await measure(
            `Find a unique name, ${order} order: 4 at a time, guessing (now)`,
            find('name', 'Grace Hopper'),
          );
        }
        await scenario({ nameOrder: 'locale' });
      }
      if (setup.parts.includes('date')) {
        // A day in the middle of the sign-ups.
        const middle = Math.ceil(users / 2);
        const response = await fetch(`${apiUrl}/v1/users?sort=created_at&page=${middle}&limit=1`, {
          headers,
        });
        const { data } = (await response.json()) as { data: { created_at: string }[] };
        const day = data[0]?.created_at.slice(0, 10) ?? '2025-03-14';
        await measure(`Find a day's sign-ups (${day})`, find('date', day));
      }
      if (setup.parts.includes('anywhere')) {
        await measure(
          'Anywhere in names ("Hopper"), 4 at a time (now)',
          find('anywhere', 'Hopper'),
        );
        const requests = Math.ceil(users / PAGE_SIZE);
        figures.push({
          what: 'Anywhere in names ("Hopper"), one at a time (before)',
          users,
          products,
          requests,
          roundTrips: requests,
          ms: requests * (median(times) ?? 0),
          estimated: true,
        });
      }
      // Reading the lists whole, one page after another.
      const pages = Math.ceil(users / PAGE_SIZE) + Math.ceil(products / PAGE_SIZE);
      figures.push({
        what: 'Reading every user and product (estimated)',
        users,
        products,
        requests: pages,
        roundTrips: pages,
        ms: pages * (median(times) ?? 0),
        estimated: true,
      });
    });
  }
  return figures;
}
