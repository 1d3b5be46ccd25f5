import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query';
import { cancellableFetchQuery } from '../../../lib/cancellable-fetch-query';
import type { ListPage } from '../../../lib/api-schemas';

/** What a list page hands the table so that Export CSV can write its whole current view. */
export interface ExportSource<TItem> {
  /** The file name's start and the noun in messages: "users" gives users-2026-11-23.csv. */
  resource: string;
  /** The file name's start when it says more than the resource: "users-find-kowalski". */
  fileLabel?: string | undefined;
  /** Every field of the API's item, in the API's order: the CSV header, whatever is hidden. */
  fields: readonly (keyof TItem & string)[];
  /**
   * One page of the view as it is now (sort and filters) at `limit` rows, through the query
   * client (see cancellableFetchQuery); stops when `signal` aborts.
   */
  fetchPage: (
    queryClient: QueryClient,
    page: number,
    limit: number,
    signal: AbortSignal,
  ) => Promise<ListPage<TItem>>;
}

/**
 * What a list page hands the table: the resource's name, and how to get the rest when an export
 * starts. `load` is called at each start, so it exports the view as it is then (and it may import
 * what only an export needs).
 */
export interface ExportSourceLoader<TItem> {
  resource: string;
  /** What the finished message adds about the file (the users' times are in UTC). */
  note?: string | undefined;
  load: () => Promise<ExportSource<TItem>>;
}

/**
 * The export of a list view: every page of the view as `params` describe it (sort, filters), read
 * through the query client with the resource's own export query (`pageQuery`), at the export's
 * page size.
 */
export function listViewExport<
  TItem,
  TParams extends { page: number; limit: number },
  TError,
  TKey extends QueryKey,
>(
  resource: string,
  fields: readonly (keyof TItem & string)[],
  pageQuery: (params: TParams) => FetchQueryOptions<ListPage<TItem>, TError, ListPage<TItem>, TKey>,
  params: TParams,
): ExportSourceLoader<TItem> {
  return {
    resource,
    load: async () => ({
      resource,
      fields,
      fetchPage: (queryClient, page, limit, signal) =>
        cancellableFetchQuery(queryClient, pageQuery({ ...params, page, limit }), signal),
    }),
  };
}
