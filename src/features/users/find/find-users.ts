import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query';
import { isApiError, type ApiError } from '../../../lib/api-error';
import { cancellableFetchQuery } from '../../../lib/cancellable-fetch-query';
import type { ExportJob } from '../../../components/data-table/export/export-runner';
import {
  usersExportPageQueryOptions,
  usersSearchPageQueryOptions,
  type User,
  type UsersSearchSort,
} from '../api/users-api';
import { forgetOnSignOut } from '../../../lib/forget-on-sign-out';
import { parseDateQuery } from './date-query';
import { findByDate } from './find-by-date';
import { SortedSearch } from './sorted-search';
import { foldText } from './text-fold';

/**
 * Find's searches, outside React: a name by bisection over `sort=name`; an e-mail by bisection
 * over `sort=email` where the API takes it, else by reading the list (the export's paging engine);
 * a name anywhere in the name by reading the list. Each search's state is kept by its key, so
 * Try again after a failure goes on where it stopped, and Cancel keeps what was found.
 */

/** The API's largest page, as the export reads it. */
const PAGE_SIZE = 100;

/** The export's paging engine, loaded when a search must read the list (most never do). */
const loadRunner = () => import('../../../components/data-table/export/export-runner');

/** More is a query too short to be useful: the person is told to type more. */
export const MAX_MATCHES = 1_000;

/** `date`: who signed up on a day or in a range (find-by-date.ts); `date-scan` reads the list. */
export type FindMode = 'name' | 'email' | 'anywhere' | 'date' | 'date-scan';

export interface FindProgress {
  requests: number;
  matches: readonly User[];
  /** While the list is read page by page. */
  scan?: { rows: number; total: number | undefined; retryAt?: number | undefined };
}

export type FindOutcome =
  | {
      kind: 'found';
      how: 'bisection' | 'scan';
      matches: User[];
      requests: number;
      /** How the API turned out to order the list (bisection only). */
      order?: string | undefined;
      /** More may match than were read (MAX_MATCHES). */
      truncated: boolean;
      /** The list changed while it was searched. */
      changed: boolean;
      /** Why the list was read instead of halved (e-mail only). */
      note?: string | undefined;
    }
  /** A name search over pages that contradict every order: offer reading the list. */
  | { kind: 'unsorted'; requests: number; note?: string | undefined }
  | { kind: 'cancelled'; matches: User[]; requests: number; rows: number };

interface SearchState {
  requests: number;
  bisection?: SortedSearch<User> | undefined;
  scan?: { job: ExportJob; matches: User[] } | undefined;
  /** The person's Cancel; the query's own signal (leaving the page) is the other way to stop. */
  cancel: AbortController;
}

const states = new Map<string, SearchState>();
/** Per API base URL: whether `sort=email` is taken. Asked once per session. */
const emailSort = new Map<string, boolean>();
const MAX_KEPT_STATES = 20;

function stateKey(baseUrl: string, mode: FindMode, text: string): string {
  return `${baseUrl}\u0000${mode}\u0000${text}`;
}

/** Sign-out: nothing found for one person is shown to the next. */
export function forgetFindState(): void {
  for (const state of states.values()) state.cancel.abort();
  states.clear();
  emailSort.clear();
}

/** Stops a running search; what it found stays. */
export function cancelFind(baseUrl: string, mode: FindMode, text: string): void {
  states.get(stateKey(baseUrl, mode, text))?.cancel.abort();
}

forgetOnSignOut(forgetFindState);

/** The search's state; a cancelled one is not gone on with: running it again starts afresh. */
function stateFor(key: string): SearchState {
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
}

/**
 * Runs a search, or goes on with one that failed. A search that ends (found, or not sortable) is
 * forgotten: the query cache keeps its outcome, and running it again asks the API afresh.
 */
export async function findUsers(options: FindOptions): Promise<FindOutcome> {
  const key = stateKey(options.baseUrl, options.mode, options.text);
  const outcome = await search(options, stateFor(key));
  if (outcome.kind !== 'cancelled') states.delete(key);
  return outcome;
}

const NO_EMAIL_SORT =
  'The API does not sort users by e-mail address, so the list was read until the address turned up.';
const EMAIL_SORT_IGNORED =
  'The API accepted a sort by e-mail address but did not sort by it, so the list was read until the address turned up.';

async function search(options: FindOptions, state: SearchState): Promise<FindOutcome> {
  const { mode, signal, baseUrl } = options;
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
  try {
    const outcome = await bisect(options, state, stop);
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
    query: text,
    match: mode === 'email' ? 'exact' : 'prefix',
    pageSize: PAGE_SIZE,
    maxMatches: MAX_MATCHES,
  });
  const result = await state.bisection.run(
    async (page, limit) =>
      cancellableFetchQuery(
        queryClient,
        counted(state, usersSearchPageQueryOptions({ page, limit, sort })),
        signal,
      ),
    ({ matches }) => onProgress({ requests: state.requests, matches }),
  );
  if (result.kind === 'unsorted') return { kind: 'unsorted', requests: state.requests };
  return {
    kind: 'found',
    how: 'bisection',
    matches: result.matches,
    requests: state.requests,
    order: result.orders[0]?.description,
    truncated: result.truncated,
    changed: result.changed,
  };
}

async function scan(
  options: FindOptions,
  state: SearchState,
  signal: AbortSignal,
  note?: string,
): Promise<FindOutcome> {
  const { queryClient, mode, text, onProgress } = options;
  const folded = foldText(text);
  const range = parseDateQuery(text);
  const isMatch =
    mode === 'date-scan'
      ? (user: User) => {
          const created = Date.parse(user.created_at);
          return range?.kind === 'date' && created >= range.from && created < range.to;
        }
      : mode === 'email'
        ? (user: User) => foldText(user.email) === folded
        : (user: User) => foldText(user.name).includes(folded);
  const { createExportJob, runExport } = await loadRunner();
  const current = (state.scan ??= { job: createExportJob(), matches: [] });
  const report = (rows: number, total: number | undefined, retryAt?: number) =>
    onProgress({
      requests: state.requests,
      matches: current.matches,
      scan: { rows, total, retryAt },
    });
  report(current.job.seen.size, current.job.firstTotal);
  const outcome = await runExport(current.job, {
    fetchPage: (page, pageSignal) =>
      cancellableFetchQuery(
        queryClient,
        counted(state, usersExportPageQueryOptions({ page, limit: PAGE_SIZE })),
        pageSignal,
      ),
    getId: (user) => user.id,
    encode: (users) => {
      for (const user of users) if (isMatch(user)) current.matches.push(user);
      return '';
    },
    signal,
    onProgress: ({ rows, total, retryAt }) => report(rows, total, retryAt),
    // The person asked for this search; the progress bar and Cancel are the way out.
    confirmLarge: async () => true,
    until: () =>
      mode === 'email' ? current.matches.length > 0 : current.matches.length >= MAX_MATCHES,
  });
  if (outcome.kind === 'cancelled') return cancelled(state);
  if (outcome.kind === 'failed') throw outcome.error;
  return {
    kind: 'found',
    how: 'scan',
    matches: current.matches.slice(0, MAX_MATCHES),
    requests: state.requests,
    truncated: mode !== 'email' && current.matches.length >= MAX_MATCHES,
    changed: outcome.firstTotal !== outcome.lastTotal,
    note,
  };
}

const NO_DATE_SORT =
  'The API does not sort users by sign-up date (it refused sort=created_at), so Find cannot go straight to the day.';

async function byDate(
  options: FindOptions,
  state: SearchState,
  signal: AbortSignal,
): Promise<FindOutcome> {
  const range = parseDateQuery(options.text);
  if (range?.kind !== 'date') throw new Error(`Not a day or a range of days: ${options.text}`);
  const result = await findByDate({
    queryClient: options.queryClient,
    range,
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

function cancelled(state: SearchState): FindOutcome {
  return {
    kind: 'cancelled',
    matches: state.scan?.matches ?? state.bisection?.matches() ?? [],
    requests: state.requests,
    rows: state.scan?.job.seen.size ?? 0,
  };
}
