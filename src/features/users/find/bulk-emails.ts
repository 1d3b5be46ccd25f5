import type { QueryClient } from '@tanstack/react-query';
import { isApiError } from '../../../lib/api-error';
import { MAX_PLAUSIBLE_TOTAL } from '../../../lib/api-schemas';
import { cancellableFetchQuery } from '../../../lib/cancellable-fetch-query';
import { shouldRetry } from '../../../lib/query-client';
import { usersSearchPageQueryOptions, type User } from '../api/users-api';
import { findUsers } from './find-users';
import { runPool } from './lookup-pool';
import { foldText } from './text-fold';

/** The API's largest page, as Find's scan and the export read it. */
const PAGE_SIZE = 100;

/**
 * Look up many's e-mail addresses, all of one run. The first is searched as Find searches one
 * (bisection over `sort=email`, or the list read when the API does not sort by it); the others
 * wait for it to tell which. Where the list has to be read, it is read once for all the addresses
 * pasted, each answered as its page comes in, rather than once per address: a list that takes
 * longer to read than the query cache keeps its pages would otherwise be read again for each.
 */
export function createEmailLookup(
  queryClient: QueryClient,
  baseUrl: string,
  addresses: readonly string[],
): (address: string, signal: AbortSignal) => Promise<User | undefined> {
  let first: Promise<'bisection' | 'scan'> | undefined;
  let listRead: Promise<Map<string, User>> | undefined;

  // Find's own search for one address: bisection, or the list read when the API cannot sort.
  const findOne = (address: string, signal: AbortSignal) =>
    findUsers({
      queryClient,
      baseUrl,
      mode: 'email',
      text: address,
      signal,
      onProgress: () => undefined,
    });

  return async (address, signal) => {
    if (first === undefined) {
      const outcome = findOne(address, signal);
      first = outcome.then(
        (found) => (found.kind === 'found' && found.how === 'scan' ? 'scan' : 'bisection'),
        // Failed or cancelled: the next address finds out for itself.
        () => {
          first = undefined;
          return 'bisection' as const;
        },
      );
      const found = await outcome;
      return found.kind === 'found' ? found.matches[0] : undefined;
    }
    if ((await first) === 'bisection') {
      const found = await findOne(address, signal);
      return found.kind === 'found' ? found.matches[0] : undefined;
    }
    listRead ??= readListFor(queryClient, addresses, signal);
    listRead.catch(() => {
      // A failed or stopped read is not kept: the next address (Try again) reads afresh.
      listRead = undefined;
    });
    return (await listRead).get(foldText(address));
  };
}

/** Reads the list until every address has turned up (or the list ends): folded address → user. */
async function readListFor(
  queryClient: QueryClient,
  addresses: readonly string[],
  signal: AbortSignal,
): Promise<Map<string, User>> {
  const wanted = new Set(addresses.map(foldText));
  const found = new Map<string, User>();
  const take = (users: readonly User[]) => {
    for (const user of users) {
      const folded = foldText(user.email);
      if (wanted.has(folded) && !found.has(folded)) found.set(folded, user);
    }
  };
  const fetchPage = (page: number, pageSignal: AbortSignal) =>
    cancellableFetchQuery(
      queryClient,
      { ...usersSearchPageQueryOptions({ page, limit: PAGE_SIZE }), retry: retryUnlessRateLimited },
      pageSignal,
    );
  const first = await fetchPage(1, signal);
  take(first.data);
  const pageCount = Math.ceil(Math.min(first.meta.total, MAX_PLAUSIBLE_TOTAL) / PAGE_SIZE);
  const pages = Array.from({ length: Math.max(0, pageCount - 1) }, (_, index) => index + 2);
  const stop = new AbortController();
  let failure: unknown;
  await runPool({
    items: pages,
    signal: AbortSignal.any([signal, stop.signal]),
    run: fetchPage,
    onResult: (_index, outcome) => {
      if (!outcome.ok) {
        failure ??= outcome.error;
        stop.abort();
        return;
      }
      take(outcome.value.data);
      if (found.size === wanted.size) stop.abort();
    },
  });
  signal.throwIfAborted();
  if (failure !== undefined) throw failure;
  return found;
}

/** A 429 is the pool's to wait out (it slows down for everyone); other retries as usual. */
function retryUnlessRateLimited(failureCount: number, error: unknown): boolean {
  return !(isApiError(error) && error.status === 429) && shouldRetry(failureCount, error);
}
