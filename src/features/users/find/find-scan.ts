import { cancellableFetchQuery } from '../../../lib/cancellable-fetch-query';
import { ListScan } from '../../../lib/list-search/list-scan';
import { foldText } from '../../../lib/list-search/text-fold';
import { retryExceptRateLimit } from '../../../lib/pool/pool-retry';
import { usersSearchPageQueryOptions, type User } from '../api/users-api';
import { instantsOf, parseDateQuery } from './date-query';
import { MAX_MATCHES, MAX_SCAN_REQUESTS, PAGE_SIZE } from './find-bounds';
import { cancelled, counted, type SearchState } from './find-state';
import type { FindMode, FindOptions, FindOutcome } from './find-types';

/**
 * Reads the whole list for the text (lib/list-search/list-scan.ts), other failures retried as
 * everywhere. Pages read stay in the search's state: Try again after a failure, and Go on after
 * the bound, read only what is left.
 */
export async function scan(
  options: FindOptions,
  state: SearchState,
  signal: AbortSignal,
  note?: string,
): Promise<FindOutcome> {
  const { queryClient, mode, text, onProgress } = options;
  state.scan ??= new ListScan<User>({
    readPage: (page, pageSignal) =>
      cancellableFetchQuery(
        queryClient,
        counted(state, {
          ...usersSearchPageQueryOptions({ page, limit: PAGE_SIZE }),
          retry: retryExceptRateLimit(queryClient),
        }),
        pageSignal,
      ),
    pageSize: PAGE_SIZE,
    idOf: (user) => user.id,
    isMatch: scanMatch(mode, text, options.timeZone ?? 'UTC'),
    maxMatches: MAX_MATCHES,
    maxRequests: options.maxScanRequests ?? MAX_SCAN_REQUESTS,
    stopAtFirst: mode === 'email',
    requests: () => state.requests,
  });
  const result = await state.scan.run(signal, ({ matches, rows, total, retryAt }) =>
    onProgress({ requests: state.requests, matches, scan: { rows, total, retryAt } }),
  );
  if (result.stop === 'cancelled') return cancelled(state);
  const stoppedBy =
    result.stop === 'matches' || result.stop === 'requests' ? result.stop : undefined;
  return {
    kind: 'found',
    how: 'scan',
    matches: result.matches,
    truncated: stoppedBy !== undefined,
    stoppedBy,
    read: { rows: result.searched, total: result.total ?? 0 },
    changed: result.changed,
    requests: state.requests,
    note,
  };
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
