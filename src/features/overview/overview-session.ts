import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query';
import { isApiError, type ApiError } from '../../lib/api-error';
import { clientMemory } from '../../lib/client-memory';
import type { RankCounter } from '../../lib/rank/rank-counter';
import type { SignUp } from './api/overview-api';
import type { PriceRanges } from './price-bins';
import type { SignUps } from './sign-up-count';

/**
 * The overview's state per API (a session of counting): what each chart shows, what was counted
 * so far (for Try again to go on from), and who listens. The counting itself is overview-count.ts's.
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

export interface Session {
  state: OverviewState;
  counter: RankCounter<SignUp> | undefined;
  io: { fetch: Fetch; parallel: (tasks: readonly (() => Promise<void>)[]) => Promise<void> };
  counts: Map<string, number>;
  listeners: Set<() => void>;
  controller: AbortController | undefined;
}

export type Fetch = <T, K extends QueryKey>(
  query: FetchQueryOptions<T, ApiError, T, K>,
) => Promise<T>;

/** Per query client (one API profile's), by API; sign-out forgets them, stopping the counts. */
const sessionsOf = clientMemory(
  () => new Map<string, Session>(),
  (sessions) => {
    for (const session of sessions.values()) session.controller?.abort();
  },
);

export function initialState(): OverviewState {
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

export function sessionFor(queryClient: QueryClient, baseUrl: string): Session {
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

export function update(session: Session, change: Partial<OverviewState>) {
  session.state = { ...session.state, ...change };
  for (const listener of session.listeners) listener();
}

/** Stops the count (leaving the page); what was counted stays, and the next run goes on. */
export function stopOverview(queryClient: QueryClient, baseUrl: string): void {
  sessionsOf(queryClient).get(baseUrl)?.controller?.abort();
}

export const settled = (part: Part<unknown>) =>
  part.state === 'done' || part.state === 'unavailable';

/** What a failure means for a chart; undefined when it was the page being left. */
export function failure(error: unknown, what: string): Part<never> | undefined {
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
