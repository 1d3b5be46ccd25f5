import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query';
import { isApiError, type ApiError } from '../../lib/api-error';
import { cancellableFetchQuery } from '../../lib/cancellable-fetch-query';
import { clientMemory } from '../../lib/client-memory';
import { RankCounter, RankError } from '../../lib/rank/rank-counter';
import {
  categorySampleQueryOptions,
  priceSampleQueryOptions,
  productCountQueryOptions,
  signUpPageQueryOptions,
  userCountQueryOptions,
  type ProductCountFilter,
  type SignUp,
} from './api/overview-api';
import { createPooled, type Pooled } from '../../lib/pool/pool-lane';
import { PriceCountsChanged, PriceFilterIgnored, type PriceRanges } from './price-bins';
import { CategoryFilterIgnored, countCategoryBars, countPriceRanges } from './product-counts';
import { countSignUps as countSignUpPeriods, signUpCounter, type SignUps } from './sign-up-count';

/**
 * The overview's counts, outside React: users and products in total, sign-ups per period, products
 * per category and per price range. Kept per API for the session (the status says when), and
 * resumable: a chart that failed or was left half-counted goes on from the pages and counts it
 * already has; Refresh starts afresh. Each chart fails on its own, so a 403 on products leaves
 * the users' charts working.
 */

export type Part<T> =
  | { state: 'waiting' }
  | { state: 'done'; value: T }
  /** A failed request: the standard alert, with Try again where it can help. */
  | { state: 'failed'; error: ApiError }
  /** What this API cannot answer (no permission, no sort by date, pages out of order). */
  | { state: 'unavailable'; reason: string; retry: boolean };

export interface Bar {
  label: string;
  count: number;
  /** Where the bar leads: the users or products it counts. */
  to: string;
  /** The full text where the label is cut. */
  title?: string;
}

export interface OverviewState {
  requests: number;
  /** When the last count finished; 0 before. */
  updatedAt: number;
  running: boolean;
  users: Part<number>;
  signUps: Part<SignUps>;
  products: Part<number>;
  categories: Part<Bar[]>;
  prices: Part<PriceRanges>;
}

interface Session {
  state: OverviewState;
  counter: RankCounter<SignUp> | undefined;
  io: { fetch: Fetch; parallel: (tasks: readonly (() => Promise<void>)[]) => Promise<void> };
  counts: Map<string, number>;
  listeners: Set<() => void>;
  controller: AbortController | undefined;
}

/** Per query client (one API profile's), by API; sign-out forgets them, stopping the counts. */
const sessionsOf = clientMemory(
  () => new Map<string, Session>(),
  (sessions) => {
    for (const session of sessions.values()) session.controller?.abort();
  },
);

function initialState(): OverviewState {
  const waiting = { state: 'waiting' } as const;
  return {
    requests: 0,
    updatedAt: 0,
    running: false,
    users: waiting,
    signUps: waiting,
    products: waiting,
    categories: waiting,
    prices: waiting,
  };
}

function sessionFor(queryClient: QueryClient, baseUrl: string): Session {
  const sessions = sessionsOf(queryClient);
  let session = sessions.get(baseUrl);
  if (!session) {
    session = {
      state: initialState(),
      counter: undefined,
      io: {
        fetch: () => Promise.reject(new Error('Not counting.')),
        parallel: () => Promise.reject(new Error('Not counting.')),
      },
      counts: new Map(),
      listeners: new Set(),
      controller: undefined,
    };
    sessions.set(baseUrl, session);
  }
  return session;
}

export function overviewStore(queryClient: QueryClient, baseUrl: string) {
  const session = sessionFor(queryClient, baseUrl);
  return {
    subscribe(listener: () => void) {
      session.listeners.add(listener);
      return () => session.listeners.delete(listener);
    },
    getSnapshot: () => session.state,
  };
}

function update(session: Session, change: Partial<OverviewState>) {
  session.state = { ...session.state, ...change };
  for (const listener of session.listeners) listener();
}

/** Stops the count (leaving the page); what was counted stays, and the next run goes on. */
export function stopOverview(queryClient: QueryClient, baseUrl: string): void {
  sessionsOf(queryClient).get(baseUrl)?.controller?.abort();
}

export interface RunOptions {
  queryClient: QueryClient;
  baseUrl: string;
  categories: readonly string[];
  /** Start afresh rather than go on with what the last run counted. */
  fresh?: boolean;
  /** The zone whose months are counted; UTC unless given. */
  timeZone?: string;
}

const settled = (part: Part<unknown>) => part.state === 'done' || part.state === 'unavailable';

/** Counts what is not counted yet (everything, when `fresh`). */
export async function runOverview(options: RunOptions): Promise<void> {
  const session = sessionFor(options.queryClient, options.baseUrl);
  session.controller?.abort();
  const controller = new AbortController();
  session.controller = controller;
  const { signal } = controller;
  if (options.fresh) {
    session.counter = undefined;
    session.counts.clear();
    update(session, { ...initialState(), requests: session.state.requests });
  }
  const pooled = createPooled(signal);
  const fetch = <T, K extends QueryKey>(query: FetchQueryOptions<T, ApiError, T, K>) => {
    const { queryFn } = query;
    return cancellableFetchQuery(
      options.queryClient,
      {
        ...query,
        queryFn: (context) => {
          update(session, { requests: session.state.requests + 1 });
          return (queryFn as (c: typeof context) => Promise<T>)(context);
        },
      },
      signal,
    );
  };
  update(session, { running: true });
  const zone = options.timeZone ?? 'UTC';
  // Months counted in another zone are other instants: counted again (from the pages read).
  if (session.state.signUps.state === 'done' && session.state.signUps.value.zone !== zone) {
    update(session, { signUps: { state: 'waiting' } });
  }
  const { state } = session;
  const work: Promise<void>[] = [];
  if (!settled(state.signUps) || !settled(state.users)) {
    work.push(countSignUps(session, fetch, pooled, zone));
  }
  if (!settled(state.products) || !settled(state.categories) || !settled(state.prices)) {
    work.push(countProducts(session, fetch, pooled, options.categories));
  }
  await Promise.all(work);
  if (signal.aborted) {
    if (session.controller === controller) update(session, { running: false });
    return;
  }
  update(session, { running: false, updatedAt: Date.now() });
}

type Fetch = <T, K extends QueryKey>(query: FetchQueryOptions<T, ApiError, T, K>) => Promise<T>;

/** What a failure means for a chart; undefined when it was the page being left. */
function failure(error: unknown, what: string): Part<never> | undefined {
  if (error instanceof DOMException && error.name === 'AbortError') return undefined;
  if (!isApiError(error)) {
    if (error instanceof Error && error.name === 'CancelledError') return undefined;
    return { state: 'unavailable', reason: String(error), retry: true };
  }
  if (error.status === 403) {
    return {
      state: 'unavailable',
      reason: `Your token lacks permission to read ${what} (403): ${error.message}`,
      retry: false,
    };
  }
  return { state: 'failed', error };
}

async function countSignUps(session: Session, fetch: Fetch, pooled: Pooled, zone: string) {
  // The counter outlives this run (Try again goes on with it): it reads through whichever run is
  // current, never through one that was stopped.
  session.io = { fetch, parallel: (tasks) => pooled(tasks).then(() => undefined) };
  const counterFor = () =>
    signUpCounter(
      (page) => session.io.fetch(signUpPageQueryOptions(page, 'created_at')),
      (tasks) => session.io.parallel(tasks),
    );
  try {
    const value = await countSignUpPeriods(session, counterFor, zone, (total) =>
      update(session, { users: { state: 'done', value: total } }),
    );
    update(session, { signUps: { state: 'done', value } });
  } catch (error) {
    signUpFailure(session, error, fetch);
  }
}

function signUpFailure(session: Session, error: unknown, fetch: Fetch) {
  if (error instanceof RankError) {
    const reason =
      error.kind === 'changed'
        ? 'Users kept signing up while they were counted. Try again in a moment.'
        : error.kind === 'unsorted'
          ? 'The API accepts sort=created_at but its pages are not in order of sign-up date, so sign-ups cannot be counted on this API.'
          : `${error.message} Sign-ups cannot be counted.`;
    session.counter = undefined;
    update(session, { signUps: { state: 'unavailable', reason, retry: error.kind === 'changed' } });
    return;
  }
  if (isApiError(error) && error.status === 400) {
    session.counter = undefined;
    update(session, {
      signUps: {
        state: 'unavailable',
        reason: `This API does not sort users by sign-up date (it refused sort=created_at: ${error.message}), so sign-ups cannot be counted on it.`,
        retry: false,
      },
    });
    // The total needs no sort.
    if (session.state.users.state !== 'done') {
      fetch(userCountQueryOptions()).then(
        (total) => update(session, { users: { state: 'done', value: total } }),
        (countError: unknown) => {
          const part = failure(countError, 'users');
          if (part) update(session, { users: part });
        },
      );
    }
    return;
  }
  const part = failure(error, 'users');
  if (!part) return;
  update(session, {
    signUps: part,
    ...(session.state.users.state === 'done' ? {} : { users: part }),
  });
}

async function countProducts(
  session: Session,
  fetch: Fetch,
  pooled: Pooled,
  categories: readonly string[],
) {
  // Counts are kept per filter, so Try again asks only for those it lacks. Callers put them
  // through the pool.
  const count = async (filter: ProductCountFilter) => {
    const key = JSON.stringify(filter);
    const known = session.counts.get(key);
    if (known !== undefined) return known;
    const total = await fetch(productCountQueryOptions(filter));
    session.counts.set(key, total);
    return total;
  };
  let total: number;
  try {
    [total] = (await pooled([() => count({})])) as [number];
    update(session, { products: { state: 'done', value: total } });
  } catch (error) {
    const part = failure(error, 'products');
    if (part) update(session, { products: part, categories: part, prices: part });
    return;
  }
  await Promise.all([
    countCategories(session, fetch, count, pooled, categories, total),
    countPrices(session, fetch, count, pooled, total),
  ]);
}

async function countCategories(
  session: Session,
  fetch: Fetch,
  count: (filter: ProductCountFilter) => Promise<number>,
  pooled: Pooled,
  categories: readonly string[],
  total: number,
) {
  if (settled(session.state.categories)) return;
  try {
    const sample = () => fetch(categorySampleQueryOptions());
    const bars = await countCategoryBars({ categories, total, count, pooled, sample });
    update(session, { categories: { state: 'done', value: bars } });
  } catch (error) {
    if (error instanceof CategoryFilterIgnored) {
      update(session, {
        categories: { state: 'unavailable', reason: error.message, retry: false },
      });
      return;
    }
    const part = failure(error, 'products');
    if (part) update(session, { categories: part });
  }
}

async function countPrices(
  session: Session,
  fetch: Fetch,
  count: (filter: ProductCountFilter) => Promise<number>,
  pooled: Pooled,
  total: number,
) {
  if (settled(session.state.prices)) return;
  try {
    const sample = () => fetch(priceSampleQueryOptions());
    const ranges = await countPriceRanges({ total, count, pooled, sample });
    update(session, { prices: { state: 'done', value: ranges } });
  } catch (error) {
    if (error instanceof PriceFilterIgnored || error instanceof PriceCountsChanged) {
      const changed = error instanceof PriceCountsChanged;
      update(session, {
        prices: {
          state: 'unavailable',
          reason: `${error.message} ${changed ? 'Try again in a moment.' : 'Prices cannot be counted on this API.'}`,
          retry: changed,
        },
      });
      return;
    }
    const part = failure(error, 'products');
    if (part) update(session, { prices: part });
  }
}
