import type { QueryClient } from '@tanstack/react-query';
import { isApiError } from '../../../lib/api-error';
import { bisect, byDate } from './find-bisect';
import { MAX_MATCHES, MAX_SCAN_REQUESTS } from './find-bounds';
import { scan } from './find-scan';
import { cancelled, keptState, memoryOf, stateFor, stateKey, type SearchState } from './find-state';
import type { FindMode, FindOptions, FindOutcome, FindProgress } from './find-types';

/**
 * Find's searches, outside React: a name by bisection over `sort=name`; an e-mail by bisection
 * over `sort=email` where the API takes it, else by reading the list; a name anywhere in the name
 * by reading the list, also at once when no name starts with it (the engines are in
 * src/lib/list-search/, run by find-bisect.ts and find-scan.ts). Each search's state is kept by
 * its key (find-state.ts), so Try again after a failure goes on where it stopped, and Cancel
 * keeps what was found.
 */

export { MAX_BISECTION_REQUESTS, MAX_MATCHES, MAX_SCAN_REQUESTS } from './find-bounds';
export type { FindMode, FindOptions, FindOutcome, FindProgress } from './find-types';

/** Stops a running search; what it found stays. */
export function cancelFind(
  queryClient: QueryClient,
  baseUrl: string,
  mode: FindMode,
  text: string,
  timeZone?: string,
): void {
  keptState(queryClient, baseUrl, mode, text, timeZone)?.cancel.abort();
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
  const state = keptState(queryClient, baseUrl, mode, text, timeZone);
  state?.scan?.raise(MAX_MATCHES, MAX_SCAN_REQUESTS);
}
