import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query';
import type { ApiError } from '../../../lib/api-error';
import { clientMemory } from '../../../lib/client-memory';
import type { ListScan } from '../../../lib/list-search/list-scan';
import type { SortedSearch } from '../../../lib/list-search/sorted-search';
import type { User } from '../api/users-api';
import type { FindMode, FindOutcome } from './find-types';

/**
 * What a search keeps between runs, by its key, so Try again after a failure goes on where it
 * stopped and Cancel keeps what was found: its engine (bisection or scan) and the requests made.
 */

export interface SearchState {
  requests: number;
  /** A name search gone on to match anywhere in names. */
  widened?: boolean | undefined;
  bisection?: SortedSearch<User> | undefined;
  scan?: ListScan<User> | undefined;
  /** The person's Cancel; the query's own signal (leaving the page) is the other way to stop. */
  cancel: AbortController;
}

interface FindMemory {
  states: Map<string, SearchState>;
  /** Per API base URL: whether `sort=email` is taken. Asked once per session. */
  emailSort: Map<string, boolean>;
}

/** Per query client (one API profile's); sign-out forgets it, stopping what runs. */
export const memoryOf = clientMemory<FindMemory>(
  () => ({ states: new Map(), emailSort: new Map() }),
  ({ states }) => {
    for (const state of states.values()) state.cancel.abort();
  },
);
const MAX_KEPT_STATES = 20;

/** A day's search is its days in a zone: one zone's half-read search is not gone on with in another. */
export function stateKey(baseUrl: string, mode: FindMode, text: string, timeZone = 'UTC'): string {
  const zone = mode === 'date' || mode === 'date-scan' ? `\u0000${timeZone}` : '';
  return `${baseUrl}\u0000${mode}\u0000${text}${zone}`;
}

/** The state kept for a search, if any (to cancel it, or let it read on). */
export function keptState(
  queryClient: QueryClient,
  baseUrl: string,
  mode: FindMode,
  text: string,
  timeZone?: string,
): SearchState | undefined {
  return memoryOf(queryClient).states.get(stateKey(baseUrl, mode, text, timeZone));
}

/** The search's state; a cancelled one is not gone on with: running it again starts afresh. */
export function stateFor(states: Map<string, SearchState>, key: string): SearchState {
  let state = states.get(key);
  if (!state || state.cancel.signal.aborted) {
    state = { requests: 0, cancel: new AbortController() };
    states.set(key, state);
    while (states.size > MAX_KEPT_STATES) {
      const oldest = states.keys().next().value;
      if (oldest === undefined) break;
      states.delete(oldest);
    }
  }
  return state;
}

/** Counts the requests a search really makes (a page still cached costs none; a retry does). */
export function counted<TData, TKey extends QueryKey>(
  state: SearchState,
  options: FetchQueryOptions<TData, ApiError, TData, TKey>,
): FetchQueryOptions<TData, ApiError, TData, TKey> {
  const { queryFn } = options;
  if (typeof queryFn !== 'function') return options;
  return {
    ...options,
    queryFn: (context) => {
      state.requests += 1;
      return queryFn(context);
    },
  };
}

export function cancelled(state: SearchState): FindOutcome {
  return {
    kind: 'cancelled',
    matches: state.scan?.matches() ?? state.bisection?.matches() ?? [],
    requests: state.requests,
    rows: state.scan?.rows ?? 0,
  };
}
