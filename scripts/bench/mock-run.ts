import { QueryClient } from '@tanstack/react-query';
import { bindApiClient, createApiClient } from '../../src/lib/api-client';
import { createRequestLog } from '../../src/lib/request-log';
import { waitForServer } from '../wait-for-server';
import { demoToken, startNode, stopChild } from './servers';

/**
 * What the sections that run the console's own code in Node (scale, products) share: the
 * standalone mock API started with so many users and products, a signed-in token and its
 * scenario, and a tab of the console (a query client bound to an API client) whose every request
 * is recorded, for the requests and round trips it cost.
 */

export interface Call {
  start: number;
  end: number;
}

/** The longest chain of calls each started after the previous one ended. */
export function roundTrips(calls: readonly Call[]): number {
  const sorted = [...calls].sort((a, b) => a.start - b.start);
  const depth: number[] = [];
  let longest = 0;
  sorted.forEach((call, index) => {
    let chain = 1;
    for (let before = 0; before < index; before += 1) {
      const earlier = sorted[before] as Call;
      if (earlier.end <= call.start) chain = Math.max(chain, (depth[before] as number) + 1);
    }
    depth[index] = chain;
    longest = Math.max(longest, chain);
  });
  return longest;
}

export interface MockApi {
  url: string;
  token: string;
  /** A signed-in request's headers. */
  headers: Record<string, string>;
  /** Sets the mock's scenario (latency, name order) for the requests after. */
  scenario: (body: object) => Promise<Response>;
}

/** Runs `work` against the mock API on `port` with these many users and products, then stops it. */
export async function withMockApi<T>(
  options: { port: number; users: number; products: number },
  work: (api: MockApi) => Promise<T>,
): Promise<T> {
  const url = `http://127.0.0.1:${options.port}`;
  const child = startNode(
    [
      'src/mocks/server.ts',
      '--port',
      String(options.port),
      '--users',
      String(options.users),
      '--products',
      String(options.products),
      '--rate-limit',
      '100000000',
    ],
    'The mock API',
  );
  try {
    await waitForServer(`${url}/__demo/token?variant=valid`, child, 'The mock API', 180_000);
    const token = await demoToken(url);
    const headers = { Authorization: `Bearer ${token}`, Accept: 'application/json' };
    const scenario = (body: object) =>
      fetch(`${url}/__demo/scenario`, {
        method: 'POST',
        headers: { ...headers, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
    return await work({ url, token, headers, scenario });
  } finally {
    await stopChild(child);
  }
}

/** fetch, each call pushed to `calls` when sent and given its end (and told) when answered. */
export function recordingFetch(calls: Call[], onEnd?: (call: Call) => void): typeof fetch {
  return async (input, init) => {
    const call = { start: performance.now(), end: Number.POSITIVE_INFINITY };
    calls.push(call);
    try {
      return await fetch(input, init);
    } finally {
      call.end = performance.now();
      onEnd?.(call);
    }
  };
}

/** A new tab of the console on the mock: an empty cache, and whatever it keeps per client. */
export function consoleTab(api: MockApi, fetchImpl: typeof fetch): QueryClient {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  bindApiClient(
    queryClient,
    createApiClient({
      baseUrl: api.url,
      getToken: () => api.token,
      fetchImpl,
      log: createRequestLog(),
    }),
  );
  return queryClient;
}
