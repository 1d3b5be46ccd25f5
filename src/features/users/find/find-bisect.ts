import { cancellableFetchQuery } from '../../../lib/cancellable-fetch-query';
import { SortedSearch } from '../../../lib/list-search/sorted-search';
import { createPooled } from '../../../lib/pool/pool-lane';
import { retryExceptRateLimit } from '../../../lib/pool/pool-retry';
import { DEFAULT_CONCURRENCY } from '../../../lib/pool/request-pool';
import { usersSearchPageQueryOptions, type User, type UsersSearchSort } from '../api/users-api';
import { instantsOf, parseDateQuery } from './date-query';
import { MAX_BISECTION_REQUESTS, MAX_MATCHES, PAGE_SIZE } from './find-bounds';
import { findByDate } from './find-by-date';
import { counted, type SearchState } from './find-state';
import type { FindOptions, FindOutcome } from './find-types';

/**
 * Find's searches that halve a sorted list: a name or an e-mail address over `sort=name` or
 * `sort=email` (lib/list-search/sorted-search.ts), a day's sign-ups over `sort=created_at`
 * (find-by-date.ts).
 */

export async function bisect(
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

const NO_DATE_SORT =
  'The API does not sort users by sign-up date (it refused sort=created_at), so Find cannot go straight to the day.';

export async function byDate(
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
