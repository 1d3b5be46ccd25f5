import {
  functionalUpdate,
  useTable,
  type PaginationState,
  type RowData,
  type SortDirection,
  type SortingState,
  type Updater,
} from '@tanstack/react-table';
import { useMemo, type KeyboardEvent, type ReactNode } from 'react';
import type { ListPage } from '../../lib/api-schemas';
import { formatCount, formatRange } from '../../lib/format';
import { DataTableToolbar } from './data-table-toolbar';
import type { ExportSource } from './export/export-source';
import { lastPageFor, type PageParams } from './page-params';
import { PaginationBar } from './pagination-bar';
import { dataTableFeatures, type DataTableColumns } from './table-features';
import { columnChoicesOf, useViewOptions } from './view-options';

interface DataTableProps<TItem extends RowData> {
  /** The table's accessible name, e.g. "Users". */
  label: string;
  /** Plural noun for status text, e.g. "users". */
  noun: string;
  columns: DataTableColumns<TItem>;
  /** The page to show: the current one, or the previous one while the current loads. */
  data: ListPage<TItem> | undefined;
  /** A request for the page in the URL is under way; rows on screen (if any) are the old ones. */
  busy: boolean;
  /** Page and size from the URL, which owns them. */
  pagination: PageParams;
  onPaginationChange: (next: PageParams) => void;
  /** Omit both for a table that cannot be sorted. Keep `sorting` referentially stable (memoise). */
  sorting?: SortingState;
  onSortingChange?: (next: SortingState) => void;
  getRowId: (item: TItem) => string;
  /** Makes rows focusable; Enter on a focused row calls this. */
  onRowActivate?: (item: TItem) => void;
  /** Shown in place of rows when the page came back empty. */
  empty: ReactNode;
  /**
   * Adds the toolbar: Columns and Row density, remembered under `id` (e.g. "users"), and Export
   * CSV when `export` is given. Keep it referentially stable (module level or memoised).
   */
  view?: { id: string; export?: ExportSource<TItem> };
}

const NO_SORTING: SortingState = [];

/**
 * The one table both lists use. The server pages and sorts (manual modes); TanStack Table holds
 * that state, controlled from the URL, and answers what the controls can do. Rows from the
 * previous page stay on screen while the next loads, marked busy, so the table never flashes
 * empty.
 */
export function DataTable<TItem extends RowData>(props: DataTableProps<TItem>) {
  const { label, noun, columns, data, busy, pagination, sorting = NO_SORTING } = props;
  const { onPaginationChange, onSortingChange, onRowActivate } = props;
  // Controlled state is compared shallowly after each commit; a fresh object every render would
  // look like a change and re-render the table again.
  const paginationState = useMemo<PaginationState>(
    () => ({ pageIndex: pagination.page - 1, pageSize: pagination.limit }),
    [pagination.page, pagination.limit],
  );
  const columnChoices = useMemo(() => columnChoicesOf(columns), [columns]);
  const [view, setView] = useViewOptions(props.view?.id, columnChoices);
  // Hidden columns are left out of the table altogether (TanStack's visibility feature would
  // cost about 1 KB for the same result here).
  const shownColumns = useMemo(
    () => columns.filter((_, index) => !view.hidden.includes(columnChoices[index]?.id ?? '')),
    [columns, columnChoices, view.hidden],
  );

  const table = useTable({
    features: dataTableFeatures,
    columns: shownColumns,
    data: data?.data ?? noRows<TItem>(),
    getRowId: props.getRowId,
    manualPagination: true,
    manualSorting: true,
    rowCount: data?.meta.total,
    state: { pagination: paginationState, sorting },
    onPaginationChange: (updater: Updater<PaginationState>) => {
      const next = functionalUpdate(updater, paginationState);
      // A new page size starts again at page 1: the old page number means other rows now.
      if (next.pageSize !== pagination.limit) onPaginationChange({ page: 1, limit: next.pageSize });
      else onPaginationChange({ page: next.pageIndex + 1, limit: next.pageSize });
    },
    onSortingChange: (updater: Updater<SortingState>) =>
      onSortingChange?.(functionalUpdate(updater, sorting)),
    enableSorting: onSortingChange !== undefined,
    enableMultiSort: false,
    // Ascending first, then descending, then off, whatever the column's value type.
    sortDescFirst: false,
    enableSortingRemoval: true,
    defaultColumn: { enableSorting: false },
  });

  const rows = table.getRowModel().rows;
  const columnCount = table.getAllLeafColumns().length;
  const compact = view.density === 'compact';
  const cellPadding = compact ? 'py-1' : 'py-2';
  // Placeholder rows can be an empty page (the page after a shrink); a skeleton says more.
  const showSkeleton = busy && rows.length === 0;
  const total = data?.meta.total;

  function onRowKeyDown(event: KeyboardEvent<HTMLTableRowElement>, item: TItem) {
    // Only the row itself: Enter on a link or button inside it already does that control's job.
    if (event.key !== 'Enter' || event.target !== event.currentTarget) return;
    event.preventDefault();
    onRowActivate?.(item);
  }

  return (
    <div className="rounded-md border border-slate-200 bg-white dark:border-slate-700 dark:bg-slate-900">
      {props.view && (
        <DataTableToolbar
          columns={columnChoices}
          view={view}
          onViewChange={setView}
          exportSource={props.view.export}
          getRowId={props.getRowId}
        />
      )}
      <div className="overflow-x-auto">
        <table aria-label={label} aria-busy={busy} className="w-full text-left text-sm">
          <thead className="border-b border-slate-200 bg-slate-50 font-semibold text-slate-700 dark:border-slate-700 dark:bg-slate-800 dark:text-slate-200">
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => {
                  const { column } = header;
                  const canSort = column.getCanSort();
                  const direction = column.getIsSorted();
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      aria-sort={canSort ? ariaSort(direction) : undefined}
                      className={`px-3 py-2 ${column.columnDef.meta?.className ?? ''}`}
                    >
                      {canSort ? (
                        <button
                          type="button"
                          onClick={() => column.toggleSorting()}
                          className="-mx-1 inline-flex items-center gap-1 rounded px-1 hover:bg-slate-200 dark:hover:bg-slate-700"
                        >
                          <table.FlexRender header={header} />
                          <SortIcon direction={direction} />
                        </button>
                      ) : (
                        <table.FlexRender header={header} />
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody
            className={`divide-y divide-slate-100 dark:divide-slate-800 ${busy && !showSkeleton ? 'opacity-60 transition-opacity' : ''}`}
          >
            {showSkeleton
              ? Array.from({ length: pagination.limit }, (_, index) => (
                  <tr key={index} aria-hidden="true" data-skeleton="">
                    {Array.from({ length: columnCount }, (_, cell) => (
                      <td key={cell} className={compact ? 'px-3 py-1.5' : 'px-3 py-2.5'}>
                        <span className="block h-4 animate-pulse rounded bg-slate-200 dark:bg-slate-700" />
                      </td>
                    ))}
                  </tr>
                ))
              : rows.map((row) => (
                  <tr
                    key={row.id}
                    tabIndex={onRowActivate ? 0 : undefined}
                    onKeyDown={
                      onRowActivate ? (event) => onRowKeyDown(event, row.original) : undefined
                    }
                    className="hover:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-blue-600 dark:hover:bg-slate-800/60"
                  >
                    {row.getAllCells().map((cell) => (
                      <td
                        key={cell.id}
                        className={`px-3 ${cellPadding} align-top ${cell.column.columnDef.meta?.className ?? ''}`}
                      >
                        <table.FlexRender cell={cell} />
                      </td>
                    ))}
                  </tr>
                ))}
            {data && !busy && rows.length === 0 && (
              <tr>
                <td
                  colSpan={columnCount}
                  className="px-3 py-10 text-center text-slate-700 dark:text-slate-300"
                >
                  {props.empty}
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      <PaginationBar
        statusText={data ? formatRange(data.meta, rows.length) : busy ? `Loading ${noun}…` : ''}
        pageText={
          total === undefined
            ? ''
            : `Page ${formatCount(pagination.page)} of ${formatCount(lastPageFor(total, pagination.limit))}`
        }
        pageSize={pagination.limit}
        canPrevious={table.getCanPreviousPage()}
        canNext={table.getCanNextPage()}
        onFirst={() => table.firstPage()}
        onPrevious={() => table.previousPage()}
        onNext={() => table.nextPage()}
        onLast={() => table.lastPage()}
        onPageSize={(size) => table.setPageSize(size)}
      />
    </div>
  );
}

// One frozen empty array: a fresh `[]` each render would rebuild the row model every time.
const EMPTY: readonly never[] = Object.freeze([]);
function noRows<TItem>(): TItem[] {
  return EMPTY as unknown as TItem[];
}

function ariaSort(direction: false | SortDirection): 'ascending' | 'descending' | 'none' {
  return direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : 'none';
}

function SortIcon({ direction }: { direction: false | SortDirection }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 16 16"
      className={`size-3.5 ${direction ? '' : 'opacity-40'}`}
      fill="none"
      stroke="currentColor"
      strokeWidth="1.75"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {direction === 'asc' ? (
        <path d="M8 13V3M4 7l4-4 4 4" />
      ) : direction === 'desc' ? (
        <path d="M8 3v10M4 9l4 4 4-4" />
      ) : (
        <path d="M5 6l3-3 3 3M5 10l3 3 3-3" />
      )}
    </svg>
  );
}
