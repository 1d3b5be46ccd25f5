import {
  createColumnHelper,
  rowPaginationFeature,
  rowSortingFeature,
  tableFeatures,
  type RowData,
  type TableOptions,
} from '@tanstack/react-table';

export interface DataTableColumnMeta {
  /** Classes for the column's header and body cells: width, alignment. */
  className?: string;
  /** Not offered in the Columns menu: the column that names the row (a table keeps one). */
  alwaysVisible?: boolean;
}

/**
 * Both features only hold state here: the server sorts and pages (manual modes), so no client
 * row models are registered and nothing is re-sorted or sliced in the browser.
 */
export const dataTableFeatures = tableFeatures({
  rowSortingFeature,
  rowPaginationFeature,
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
