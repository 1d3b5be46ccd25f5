import {
  useQuery,
  useQueryClient,
  type QueryKey,
  type UseQueryOptions,
} from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { ApiError } from '../../lib/api-error';
import type { ListPage } from '../../lib/api-schemas';
import { whenIdleAfterPaint } from '../../lib/idle';
import { lastPageFor, type PageParams } from './page-params';
import { readDefaultView } from './view-options';

/** How one resource's list reads and writes the URL, and what it fetches for given params. */
export interface UrlListConfig<TParams extends PageParams, TItem, TKey extends QueryKey> {
  /** Normalises whatever is in the URL; `corrected` when that differs from what is there. */
  parse: (search: URLSearchParams) => { params: TParams; corrected: boolean };
  serialize: (params: TParams) => URLSearchParams;
  queryOptions: (
    params: TParams,
    options?: { prefetch?: boolean },
  ) => UseQueryOptions<ListPage<TItem>, ApiError, ListPage<TItem>, TKey>;
  /** The table's id for saved views: opened without parameters, it opens in the default view. */
  views?: string;
}

/**
 * A server-paged list whose state is the URL. Pass a module-level `config` (its identity is an
 * effect dependency).
 *
 * - Opened without parameters, a table with a default saved view shows that view's parameters
 *   from its first request on (the URL says so, in place); DataTable applies its options.
 * - Malformed values are normalised for the request at once and corrected in the URL in place.
 * - A page past the end (the data shrank, or a pasted page=999) moves to the last page.
 * - Once a page has settled and painted, the next one is prefetched when the browser is idle, so
 *   Next page shows it at once.
 */
export function useUrlList<TParams extends PageParams, TItem, TKey extends QueryKey>(
  config: UrlListConfig<TParams, TItem, TKey>,
) {
  const [searchParams, setSearchParams] = useSearchParams();
  // The default view's address, until the URL has any parameters (then it was applied, or the
  // person went elsewhere): clearing the filters later does not bring the default back.
  const [pendingDefault, setPendingDefault] = useState(() =>
    config.views !== undefined && searchParams.size === 0
      ? (readDefaultView(config.views, [])?.search ?? '')
      : '',
  );
  if (pendingDefault !== '' && searchParams.size > 0) setPendingDefault('');
  const { params, corrected } = useMemo(() => {
    const parsed = config.parse(
      pendingDefault ? new URLSearchParams(pendingDefault) : searchParams,
    );
    return pendingDefault ? { params: parsed.params, corrected: true } : parsed;
  }, [config, searchParams, pendingDefault]);
  const query = useQuery(config.queryOptions(params));
  const queryClient = useQueryClient();

  // Placeholder data belongs to other params, so only a settled page says where the end is.
  const settled = query.isSuccess && !query.isPlaceholderData;
  const lastPage = settled ? lastPageFor(query.data.meta.total, params.limit) : undefined;
  const pastEnd = lastPage !== undefined && params.page > lastPage;

  const correction = corrected ? params : pastEnd ? { ...params, page: lastPage } : null;
  const correctedSearch = correction ? config.serialize(correction).toString() : null;
  useEffect(() => {
    // Replace, not push: Back must not return to the broken address and bounce here again.
    if (correctedSearch !== null) {
      setSearchParams(new URLSearchParams(correctedSearch), { replace: true });
    }
  }, [correctedSearch, setSearchParams]);

  const nextPage = lastPage !== undefined && params.page < lastPage ? params.page + 1 : null;
  useEffect(() => {
    if (nextPage === null) return;
    // Not before the rows on screen have painted: on a first load it would compete with them.
    return whenIdleAfterPaint(() => {
      void queryClient.prefetchQuery(
        config.queryOptions({ ...params, page: nextPage }, { prefetch: true }),
      );
    });
  }, [config, nextPage, params, queryClient]);

  return {
    params,
    query,
    /** What the table shows: nothing while a page past the end is being moved back. */
    data: pastEnd ? undefined : query.data,
    /** The rows on screen (if any) are not the ones the URL asks for yet. */
    busy: query.isPending || query.isPlaceholderData || pastEnd,
    /** Pushes a history entry, so Back returns to the previous view (or replaces the current one). */
    navigate: (next: TParams, { replace = false } = {}) =>
      setSearchParams(config.serialize(next), { replace }),
  };
}
