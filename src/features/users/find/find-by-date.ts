import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { apiClientFor } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-error';
import { cancellableFetchQuery } from '../../../lib/cancellable-fetch-query';
import { RankCounter, RankError } from '../../../lib/rank/rank-counter';
import { fetchUsers, usersKeys, type User } from '../api/users-api';
import { createPooled } from '../../../lib/pool/pool-lane';

/**
 * The users who signed up on a day or in a range of days, by bisection over `sort=created_at`
 * (the counting engine, lib/rank/rank-counter.ts): the positions of the range's two ends, found
 * by interpolation, then the rows between them, read forward and no further than the range's
 * end. The list's direction is learnt; `sort` is on every request. Reads go through the request
 * pool, so the two ends are looked for at the same time.
 */

const PAGE_SIZE = 100;

/** The instants of the days searched (date-query.ts instantsOf): `from` included, `to` not. */
export interface DateRange {
  from: number;
  to: number;
}

export type DateFindResult =
  | { kind: 'found'; matches: User[]; truncated: boolean; direction: 'asc' | 'desc' }
  /** Pages out of date order, or `sort=created_at` refused: the caller offers to read the list. */
  | { kind: 'unsorted'; refused: boolean };

/** A page of users by sign-up date, kept a minute like Find's name pages. */
function datePageQueryOptions(page: number) {
  const params = { page, limit: PAGE_SIZE, sort: 'created_at' } as const;
  return queryOptions({
    queryKey: [...usersKeys.all, 'date-page', params] as const,
    queryFn: ({ client, signal }) => fetchUsers(apiClientFor(client), params, signal),
    retry: false,
    staleTime: 60_000,
    gcTime: 60_000,
  });
}

export interface DateFindOptions {
  queryClient: QueryClient;
  range: DateRange;
  maxMatches: number;
  signal: AbortSignal;
  /** Each request made, as it is made (the status counts them). */
  onRequest: () => void;
}

export async function findByDate(options: DateFindOptions): Promise<DateFindResult> {
  // People signing up while the list is read move rows between pages: read it again.
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await findOnce(options);
    } catch (error) {
      if (error instanceof RankError && error.kind === 'changed' && attempt < 3) continue;
      if (error instanceof RankError) return { kind: 'unsorted', refused: false };
      throw error;
    }
  }
}

async function findOnce(options: DateFindOptions): Promise<DateFindResult> {
  const { queryClient, range, maxMatches, signal, onRequest } = options;
  const pooled = createPooled(signal);
  const counter = new RankCounter<User>(
    {
      pageSize: PAGE_SIZE,
      keyOf: (user) => Date.parse(user.created_at),
      readPage: async (page) => {
        const { data, meta } = await cancellableFetchQuery(
          queryClient,
          {
            ...datePageQueryOptions(page),
            queryFn: (context) => {
              onRequest();
              return datePageQueryOptions(page).queryFn!(context);
            },
          },
          signal,
        );
        return { rows: data, total: meta.total };
      },
    },
    async (tasks) => {
      await pooled(tasks);
    },
  );
  try {
    const { direction } = await counter.extent();
    const [start, end] = (await counter.positions([range.from, range.to])) as [number, number];
    // Ascending, the range runs from its start's position to its end's; descending, the reverse.
    const [first, last] = direction === 'asc' ? [start, end] : [end, start];
    const stop = Math.min(last, first + maxMatches);
    const rows = await counter.rowsBetween(first, stop);
    const matches = direction === 'asc' ? rows : rows.reverse();
    return { kind: 'found', matches, truncated: stop < last, direction };
  } catch (error) {
    if (error instanceof RankError && error.kind !== 'changed') {
      return { kind: 'unsorted', refused: false };
    }
    // The API does not sort by created_at at all.
    if (isApiError(error) && error.status === 400) return { kind: 'unsorted', refused: true };
    throw error;
  }
}
