import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query';
import { isApiError, type ApiError } from '../../../lib/api-error';
import { cancellableFetchQuery } from '../../../lib/cancellable-fetch-query';
import { usersSearchPageQueryOptions, type User, type UsersSearchSort } from '../api/users-api';
import { clientMemory } from '../../../lib/client-memory';
import { instantsOf, parseDateQuery } from './date-query';
import { findByDate } from './find-by-date';
import { DEFAULT_CONCURRENCY } from '../../../lib/pool/request-pool';
import { ListScan } from '../../../lib/list-search/list-scan';
import { createPooled } from '../../../lib/pool/pool-lane';
import { retryExceptRateLimit } from '../../../lib/pool/pool-retry';
import { SortedSearch } from '../../../lib/list-search/sorted-search';
import { foldText } from '../../../lib/list-search/text-fold';

/**
 * Find's searches, outside React: a name by bisection over `sort=name`; an e-mail by bisection
 * over `sort=email` where the API takes it, else by reading the list; a name anywhere in the name
 * by reading the list, also at once when no name starts with it (the engines are in
 * src/lib/list-search/). Each search's state is kept by its key, so Try again after a failure
 * goes on where it stopped, and Cancel keeps what was found.
 */

/** The API's largest page, as the export reads it. */
const PAGE_SIZE = 100;

/**
 * A bound on the matches read, far above any person's search (a common name at 200,000 users has
 * about a thousand); past it the Matches table says the list was cut and how far it was read.
 */
export const MAX_MATCHES = 10_000;

/**
 * A guard against a list that keeps shifting under a bisection: far above what a search takes (a
 * unique name under a case-sensitive order: about 40 at 1,000,000 users).
 */
export const MAX_BISECTION_REQUESTS = 200;

/**
 * A bound on one go of reading the list: an API whose total never ends (or is a billion) must not
 * be read for ever. The first total plus a margin (for users added meanwhile and retries), or this,
 * whichever is smaller; Go on reading allows as many again.
 */
export const MAX_SCAN_REQUESTS = 10_000;

/** `date`: who signed up on a day or in a range (find-by-date.ts); `date-scan` reads the list. */
export type FindMode = 'name' | 'email' | 'anywhere' | 'date' | 'date-scan';

export interface FindProgress {
  requests: number;
  matches: readonly User[];
  /** The name started no name: it is now looked for anywhere in names. */
  widened?: boolean | undefined;
  /** While the list is read page by page. */
  scan?: { rows: number; total: number | undefined; retryAt?: number | undefined };
  /** While a 429 holds a search by halving: when it goes on. */
  retryAt?: number | undefined;
}

export type FindOutcome =
  | {
      kind: 'found';
      how: 'bisection' | 'scan';
      matches: User[];
      requests: number;
      /** How the API turned out to order the list (bisection only). */
      order?: string | undefined;
      /** More may match than were read (a bound on matches or on requests). */
      truncated: boolean;
      /** Which bound stopped the search, when truncated. */
      stoppedBy?: 'matches' | 'requests' | undefined;
      /** How much of the list a scan read. */
      read?: { rows: number; total: number } | undefined;
      /** The list changed while it was searched. */
      changed: boolean;
      /** Why the list was read instead of halved (e-mail only). */
      note?: string | undefined;
      /** A name that starts no name, searched anywhere in names at once. */
      widened?: boolean | undefined;
    }
  /** A name search over pages that contradict every order: offer reading the list. */
  | { kind: 'unsorted'; requests: number; note?: string | undefined }
  | { kind: 'cancelled'; matches: User[]; requests: number; rows: number };

interface SearchState {
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
const memoryOf = clientMemory<FindMemory>(
  () => ({ states: new Map(), emailSort: new Map() }),
  ({ states }) => {
    for (const state of states.values()) state.cancel.abort();
  },
);
const MAX_KEPT_STATES = 20;

/** A day's search is its days in a zone: one zone's half-read search is not gone on with in another. */
function stateKey(baseUrl: string, mode: FindMode, text: string, timeZone = 'UTC'): string {
  const zone = mode === 'date' || mode === 'date-scan' ? `\u0000${timeZone}` : '';
  return `${baseUrl}\u0000${mode}\u0000${text}${zone}`;
}

/** Stops a running search; what it found stays. */
export function cancelFind(
  queryClient: QueryClient,
  baseUrl: string,
  mode: FindMode,
  text: string,
  timeZone?: string,
): void {
  memoryOf(queryClient)
    .states.get(stateKey(baseUrl, mode, text, timeZone))
    ?.cancel.abort();
}

/** The search's state; a cancelled one is not gone on with: running it again starts afresh. */
function stateFor(states: Map<string, SearchState>, key: string): SearchState {
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

export interface FindOptions {
  queryClient: QueryClient;
  baseUrl: string;
  mode: FindMode;
  text: string;
  signal: AbortSignal;
  onProgress: (progress: FindProgress) => void;
  /** MAX_SCAN_REQUESTS unless a test says otherwise. */
  maxScanRequests?: number | undefined;
  /** The zone whose days a day search means (lib/time-zone.ts); UTC unless given. */
  timeZone?: string | undefined;
  /**
   * Pages a name or e-mail bisection reads at once: the Find page's 4 (the pool's), or 1 where the
   * caller's own pool already runs several searches at once (Look up many), so that the whole
   * stays within 4 in flight.
   */
  width?: number | undefined;
}

/**
 * Runs a search, or goes on with one that failed. A search that ends (found, or not sortable) is
 * forgotten: the query cache keeps its outcome, and running it again asks the API afresh.
 */
export async function findUsers(options: FindOptions): Promise<FindOutcome> {
  const key = stateKey(options.baseUrl, options.mode, options.text, options.timeZone);
  const { states } = memoryOf(options.queryClient);
  const state = stateFor(states, key);
  let last: FindProgress = { requests: state.requests, matches: [] };
  const reporting: FindOptions = {
    ...options,
    onProgress: (progress) => {
      last = progress;
      options.onProgress(progress);
    },
  };
  let outcome: FindOutcome;
  try {
    outcome = await search(reporting, state);
  } catch (error) {
    // Progress is told as pages come in: the request that failed (the first, perhaps) was made
    // too, and the status counts it.
    options.onProgress({ ...last, requests: state.requests, scan: undefined, retryAt: undefined });
    throw error;
  }
  // A cancelled search, or one stopped at its bound, can be gone on with.
  if (outcome.kind !== 'cancelled' && !(outcome.kind === 'found' && outcome.truncated)) {
    states.delete(key);
  }
  return outcome;
}

const NO_EMAIL_SORT =
  'The API does not sort users by e-mail address, so the list was read until the address turned up.';
const EMAIL_SORT_IGNORED =
  'The API accepted a sort by e-mail address but did not sort by it, so the list was read until the address turned up.';

async function search(options: FindOptions, state: SearchState): Promise<FindOutcome> {
  const { mode, signal, baseUrl } = options;
  const { emailSort } = memoryOf(options.queryClient);
  const stop = AbortSignal.any([signal, state.cancel.signal]);
  // Remembered for the session, so the next e-mail search does not ask again.
  const readListForEmail = (note: string) => {
    emailSort.set(baseUrl, false);
    state.bisection = undefined;
    return scan(options, state, stop, note);
  };
  if (mode === 'anywhere' || mode === 'date-scan') return scan(options, state, stop);
  if (mode === 'date') return byDate(options, state, stop);
  if (mode === 'email' && emailSort.get(baseUrl) === false)
    return scan(options, state, stop, NO_EMAIL_SORT);
  // Nothing starts with the name (a surname, a middle name): never a "not found" for a search
  // that did not look everywhere. The anywhere search runs at once, and says so.
  const widen = async (): Promise<FindOutcome> => {
    state.widened = true;
    const widened = await scan(
      {
        ...options,
        mode: 'anywhere',
        onProgress: (progress) => options.onProgress({ ...progress, widened: true }),
      },
      state,
      stop,
    );
    return widened.kind === 'found' ? { ...widened, widened: true } : widened;
  };
  if (mode === 'name' && state.widened) return widen();
  try {
    const outcome = await bisect(options, state, stop);
    if (mode === 'name' && outcome.kind === 'found' && outcome.matches.length === 0) {
      return await widen();
    }
    if (mode !== 'email') return outcome;
    if (outcome.kind === 'unsorted') return readListForEmail(EMAIL_SORT_IGNORED);
    emailSort.set(baseUrl, true);
    return outcome;
  } catch (error) {
    if (mode === 'email' && isApiError(error) && error.status === 400) {
      return readListForEmail(NO_EMAIL_SORT);
    }
    if (state.cancel.signal.aborted) return cancelled(state);
    throw error;
  }
}

/** Counts the requests a search really makes (a page still cached costs none; a retry does). */
function counted<TData, TKey extends QueryKey>(
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

async function bisect(
  options: FindOptions,
  state: SearchState,
  signal: AbortSignal,
): Promise<FindOutcome> {
  const { queryClient, mode, text, onProgress } = options;
  const sort: UsersSearchSort = mode === 'email' ? 'email' : 'name';
  state.bisection ??= new SortedSearch<User>({
    keyOf: (user) => (sort === 'email' ? user.email : user.name),
    idOf: (user) => user.id,
    query: text,
    match: mode === 'email' ? 'exact' : 'prefix',
    pageSize: PAGE_SIZE,
    maxMatches: MAX_MATCHES,
    maxRequests: MAX_BISECTION_REQUESTS,
    width: Math.min(DEFAULT_CONCURRENCY, Math.max(1, options.width ?? 1)),
    interpolate: true,
  });
  // Each round's pages go out together through the request pool: a 429 halves it and waits,
  // and the page counts the wait down.
  let found: readonly User[] = [];
  const pooled = createPooled(signal, (retryAt) =>
    onProgress({ requests: state.requests, matches: found, retryAt }),
  );
  const result = await state.bisection.run(
    async (page, limit) =>
      cancellableFetchQuery(
        queryClient,
        counted(state, {
          ...usersSearchPageQueryOptions({ page, limit, sort }),
          retry: retryExceptRateLimit(queryClient),
        }),
        signal,
      ),
    ({ matches }) => {
      found = matches;
      onProgress({ requests: state.requests, matches });
    },
    async (tasks) => {
      await pooled(tasks);
    },
  );
  if (result.kind === 'unsorted') return { kind: 'unsorted', requests: state.requests };
  return {
    kind: 'found',
    how: 'bisection',
    matches: result.matches,
    requests: state.requests,
    order: result.orders[0]?.description,
    truncated: result.truncated,
    stoppedBy: result.stoppedBy,
    changed: result.changed,
  };
}

/**
 * Reads the whole list for the text (lib/list-search/list-scan.ts), other failures retried as
 * everywhere. Pages read stay in the search's state: Try again after a failure, and Go on after
 * the bound, read only what is left.
 */
async function scan(
  options: FindOptions,
  state: SearchState,
  signal: AbortSignal,
  note?: string,
): Promise<FindOutcome> {
  const { queryClient, mode, text, onProgress } = options;
  state.scan ??= new ListScan<User>({
    pageSize: PAGE_SIZE,
    idOf: (user) => user.id,
    isMatch: scanMatch(mode, text, options.timeZone ?? 'UTC'),
    maxMatches: MAX_MATCHES,
    stopAtFirst: mode === 'email',
  });
  const result = await state.scan.run({
    readPage: (page, pageSignal) =>
      cancellableFetchQuery(
        queryClient,
        counted(state, {
          ...usersSearchPageQueryOptions({ page, limit: PAGE_SIZE }),
          retry: retryExceptRateLimit(queryClient),
        }),
        pageSignal,
      ),
    requests: () => state.requests,
    maxRequests: options.maxScanRequests ?? MAX_SCAN_REQUESTS,
    signal,
    onProgress: ({ matches, rows, total, retryAt }) =>
      onProgress({ requests: state.requests, matches, scan: { rows, total, retryAt } }),
  });
  if (result.kind === 'cancelled') return cancelled(state);
  return { ...result, kind: 'found', how: 'scan', requests: state.requests, note };
}

/** What a scan looks for: the days' sign-ups, the one address, or the text anywhere in a name. */
function scanMatch(mode: FindMode, text: string, timeZone: string): (user: User) => boolean {
  if (mode === 'date-scan') {
    const days = parseDateQuery(text);
    const range = days?.kind === 'date' ? instantsOf(days, timeZone) : undefined;
    return (user) => {
      const created = Date.parse(user.created_at);
      return range !== undefined && created >= range.from && created < range.to;
    };
  }
  const folded = foldText(text);
  return mode === 'email'
    ? (user) => foldText(user.email) === folded
    : (user) => foldText(user.name).includes(folded);
}

const NO_DATE_SORT =
  'The API does not sort users by sign-up date (it refused sort=created_at), so Find cannot go straight to the day.';

async function byDate(
  options: FindOptions,
  state: SearchState,
  signal: AbortSignal,
): Promise<FindOutcome> {
  const days = parseDateQuery(options.text);
  if (days?.kind !== 'date') throw new Error(`Not a day or a range of days: ${options.text}`);
  const result = await findByDate({
    queryClient: options.queryClient,
    range: instantsOf(days, options.timeZone ?? 'UTC'),
    maxMatches: MAX_MATCHES,
    signal,
    onRequest: () => {
      state.requests += 1;
      options.onProgress({ requests: state.requests, matches: [] });
    },
  });
  if (result.kind === 'unsorted') {
    return {
      kind: 'unsorted',
      requests: state.requests,
      note: result.refused ? NO_DATE_SORT : undefined,
    };
  }
  return {
    kind: 'found',
    how: 'bisection',
    matches: result.matches,
    requests: state.requests,
    order: result.direction === 'asc' ? 'sign-up date, oldest first' : 'sign-up date, newest first',
    truncated: result.truncated,
    changed: false,
  };
}

/**
 * Go on reading past the bound: the next MAX_MATCHES, or MAX_SCAN_REQUESTS more requests, from
 * where the search stopped.
 */
export function raiseFindBound(
  queryClient: QueryClient,
  baseUrl: string,
  mode: FindMode,
  text: string,
  timeZone?: string,
): void {
  const state = memoryOf(queryClient).states.get(stateKey(baseUrl, mode, text, timeZone));
  state?.scan?.goOn(MAX_MATCHES, MAX_SCAN_REQUESTS, state.requests);
}

function cancelled(state: SearchState): FindOutcome {
  return {
    kind: 'cancelled',
    matches: state.scan?.matches() ?? state.bisection?.matches() ?? [],
    requests: state.requests,
    rows: state.scan?.rows ?? 0,
  };
}
