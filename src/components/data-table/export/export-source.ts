import type { QueryClient } from '@tanstack/react-query';
import type { ListPage } from '../../../lib/api-schemas';

/** What a list page hands the table so that Export CSV can write its whole current view. */
export interface ExportSource<TItem> {
  /** The file name's start and the noun in messages: "users" gives users-2026-11-23.csv. */
  resource: string;
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
 * starts (the fields and the page fetcher live in a module loaded with the export, not on the
 * table's first render). `load` is called at each start, so it exports the view as it is then.
 */
export interface ExportSourceLoader<TItem> {
  resource: string;
  load: () => Promise<ExportSource<TItem>>;
}
