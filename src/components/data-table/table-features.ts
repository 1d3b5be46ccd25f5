import {
  createColumnHelper,
  tableFeatures,
  type RowData,
  type TableOptions,
} from '@tanstack/react-table';

export interface DataTableColumnMeta {
  /** Classes for the column's header and body cells: alignment. */
  className?: string;
  /** Its width in CSS pixels until resized (the table's columns have fixed widths). */
  width?: number;
  /** Not offered in the Columns menu: the column that names the row (a table keeps one). */
  alwaysVisible?: boolean;
  /** The server can sort by this column (its id is the API's field name). */
  sortable?: boolean;
}

/**
 * TanStack Table's core only: columns, headers, rows and cells. The server sorts and pages, so
 * the table holds no sorting or paging state of its own: the URL does, and the header's sort
 * buttons and the pager compute what they offer from it (a few lines, where the library's two
 * features cost about 2 KB on every table page).
 */
export const dataTableFeatures = tableFeatures({
  columnMeta: {} as DataTableColumnMeta,
});

export type DataTableFeatures = typeof dataTableFeatures;

export type DataTableColumns<TItem extends RowData> = TableOptions<
  DataTableFeatures,
  TItem
>['columns'];

export function createDataTableColumnHelper<TItem extends RowData>() {
  return createColumnHelper<DataTableFeatures, TItem>();
}

/**
 * Reactivity for a table that holds no state of its own: a new table instance is built for each
 * page of rows (see DataTable), so nothing needs to subscribe to changes. Atoms are plain value
 * holders; derived ones compute when read. (TanStack's own bindings bring a signals library,
 * about 2 KB on every table page, for updates this table never has.)
 */
export function staticReactivity() {
  const noSubscription = { unsubscribe() {} };
  return {
    createOptionsStore: false,
    wrapExternalAtoms: false,
    addSubscription() {},
    batch: (fn: () => void) => fn(),
    untrack: <T>(fn: () => T) => fn(),
    schedule: (fn: () => void) => queueMicrotask(fn),
    createReadonlyAtom: <T>(fn: () => T) => ({ get: fn, subscribe: () => noSubscription }),
    createWritableAtom: <T>(initial: T) => {
      let value = initial;
      return {
        get: () => value,
        set: (next: T | ((previous: T) => T)) => {
          value = typeof next === 'function' ? (next as (previous: T) => T)(value) : next;
        },
        subscribe: () => noSubscription,
      };
    },
  };
}
