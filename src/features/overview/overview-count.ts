import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query';
import { isApiError, type ApiError } from '../../lib/api-error';
import { cancellableFetchQuery } from '../../lib/cancellable-fetch-query';
import { createPooled, type Pooled } from '../../lib/pool/pool-lane';
import { RankError } from '../../lib/rank/rank-counter';
import { signUpPageQueryOptions, userCountQueryOptions } from './api/overview-api';
import { countProducts } from './overview-products';
import {
  failure,
  initialState,
  sessionFor,
  settled,
  update,
  type Fetch,
  type Session,
} from './overview-session';
import { countSignUps as countSignUpPeriods, signUpCounter } from './sign-up-count';

/**
 * The overview's counts, outside React: users and products in total, sign-ups per period, products
 * per category and per price range. Kept per API for the session (the status says when), and
 * resumable: a chart that failed or was left half-counted goes on from the pages and counts it
 * already has; Refresh starts afresh. Each chart fails on its own, so a 403 on products leaves
 * the users' charts working.
 */

export { overviewStore, stopOverview } from './overview-session';
export type { Bar, OverviewState, Part } from './overview-session';

export interface RunOptions {
  queryClient: QueryClient;
  baseUrl: string;
  categories: readonly string[];
  /** Start afresh rather than go on with what the last run counted. */
  fresh?: boolean;
  /** The zone whose months are counted; UTC unless given. */
  timeZone?: string;
}

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
