import type { QueryClient } from '@tanstack/react-query';
import { MAX_PLAUSIBLE_TOTAL } from '../../../lib/api-schemas';
import { cancellableFetchQuery } from '../../../lib/cancellable-fetch-query';
import { usersSearchPageQueryOptions, type User } from '../api/users-api';
import { findUsers, MAX_SCAN_REQUESTS } from './find-users';
import { retryExceptRateLimit } from '../../../lib/pool/pool-retry';
import { runPool } from '../../../lib/pool/request-pool';
import { foldText } from '../../../lib/list-search/text-fold';

/** The API's largest page, as Find's scan and the export read it. */
export const PAGE_SIZE = 100;

/** What Look up many learns of one address. */
export type EmailAnswer =
  | { kind: 'found'; user: User }
  | { kind: 'not-found' }
  /** Not in the `rows` first users of `total`: as far as one go of reading may go (Find's bound). */
  | { kind: 'unfinished'; rows: number; total: number }
  | { kind: 'cancelled' };

export type EmailLookup = (address: string, signal: AbortSignal) => Promise<EmailAnswer>;

export interface EmailLookupOptions {
  queryClient: QueryClient;
  baseUrl: string;
  /** Every address of the run: where the list is read, it is read once for them all. */
  addresses: readonly string[];
  /**
   * Go on reading: the addresses were not in the list's first pages (the rows an unfinished
   * answer gave), so it is read on from this page, without asking Find again.
   */
  fromPage?: number | undefined;
  /** Pages one go reads at most: Find's MAX_SCAN_REQUESTS unless a test says otherwise. */
  maxPages?: number | undefined;
}

/**
 * Look up many's e-mail addresses, all of one run. The first is searched as Find searches one
 * (bisection over `sort=email`, or the list read when the API does not sort by it); the others
 * wait for it to tell which. Where the list has to be read, it is read once for all the addresses
 * pasted, each answered as its page comes in, rather than once per address: a list that takes
 * longer to read than the query cache keeps its pages would otherwise be read again for each.
 * Either reading stops where Find's does (a list that claims a billion users is not read for
 * ever): an address not met by then is unfinished, and Go on reading reads on from there.
 */
export function createEmailLookup(options: EmailLookupOptions): EmailLookup {
  const { queryClient, baseUrl, addresses, fromPage } = options;
  const maxPages = options.maxPages ?? MAX_SCAN_REQUESTS;
  let first: Promise<'bisection' | 'scan'> | undefined =
    fromPage === undefined ? undefined : Promise.resolve('scan');
  let listRead: Promise<ListRead> | undefined;

  // Find's own search for one address: bisection, or the list read when the API cannot sort.
  const findOne = async (
    address: string,
    signal: AbortSignal,
  ): Promise<{ answer: EmailAnswer; scanned: boolean }> => {
    const outcome = await findUsers({
      queryClient,
      baseUrl,
      mode: 'email',
      text: address,
      signal,
      onProgress: () => undefined,
      maxScanRequests: maxPages,
    });
    if (outcome.kind === 'cancelled') return { answer: { kind: 'cancelled' }, scanned: false };
    if (outcome.kind === 'unsorted') return { answer: { kind: 'not-found' }, scanned: false };
    const scanned = outcome.how === 'scan';
    const [user] = outcome.matches;
    if (user) return { answer: { kind: 'found', user }, scanned };
    const answer: EmailAnswer =
      outcome.truncated && outcome.read
        ? { kind: 'unfinished', rows: outcome.read.rows, total: outcome.read.total }
        : { kind: 'not-found' };
    return { answer, scanned };
  };

  return async (address, signal) => {
    if (first === undefined) {
      const searched = findOne(address, signal);
      first = searched.then(
        ({ scanned }) => (scanned ? 'scan' : 'bisection'),
        // Failed or cancelled: the next address finds out for itself.
        () => {
          first = undefined;
          return 'bisection' as const;
        },
      );
      return (await searched).answer;
    }
    if ((await first) === 'bisection') return (await findOne(address, signal)).answer;
    listRead ??= readListFor(queryClient, addresses, fromPage ?? 1, maxPages, signal);
    listRead.catch(() => {
      // A failed or stopped read is not kept: the next address (Try again) reads afresh.
      listRead = undefined;
    });
    const read = await listRead;
    const user = read.found.get(foldText(address));
    if (user) return { kind: 'found', user };
    return read.complete
      ? { kind: 'not-found' }
      : { kind: 'unfinished', rows: read.rows, total: read.total };
  };
}

interface ListRead {
  /** Folded address → user. */
  found: Map<string, User>;
  /** Rows of the list read, from its start. */
  rows: number;
  total: number;
  /** Read to the end (or every address turned up). */
  complete: boolean;
}

/**
 * Reads the list from `fromPage` until every address has turned up, the list ends, or `maxPages`
 * pages have been read (a go of Find's reading). `fromPage`'s answer gives the total.
 */
async function readListFor(
  queryClient: QueryClient,
  addresses: readonly string[],
  fromPage: number,
  maxPages: number,
  signal: AbortSignal,
): Promise<ListRead> {
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
      {
        ...usersSearchPageQueryOptions({ page, limit: PAGE_SIZE }),
        retry: retryExceptRateLimit(queryClient),
      },
      pageSignal,
    );
  const first = await fetchPage(fromPage, signal);
  take(first.data);
  const total = first.meta.total;
  const pageCount = Math.ceil(Math.min(total, MAX_PLAUSIBLE_TOTAL) / PAGE_SIZE);
  const lastPage = Math.min(pageCount, fromPage - 1 + Math.max(1, maxPages));
  const pages = Array.from(
    { length: Math.max(0, lastPage - fromPage) },
    (_, i) => fromPage + i + 1,
  );
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
  return {
    found,
    rows: Math.min(lastPage * PAGE_SIZE, total),
    total,
    complete: lastPage >= pageCount || found.size === wanted.size,
  };
}
