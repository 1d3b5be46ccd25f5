import {
  functionalUpdate,
  useTable,
  type PaginationState,
  type RowData,
  type SortDirection,
  type SortingState,
  type Updater,
} from '@tanstack/react-table';
import { useDeferredValue, useMemo, type KeyboardEvent, type ReactNode } from 'react';
import type { ListPage } from '../../lib/api-schemas';
import { formatCount, formatRange } from '../../lib/format';
import { DataTableRow, SkeletonRows } from './data-table-row';
import { lastPageFor, type PageParams } from './page-params';
import { PaginationBar } from './pagination-bar';
import { dataTableFeatures, type DataTableColumns } from './table-features';

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
  /** The status text when nothing matches, e.g. "No products match". */
  emptyStatus: string;
  /** Why the rows on screen are not what the controls above say (e.g. an invalid filter); dims them. */
  stale?: string | undefined;
}

const NO_SORTING: SortingState = [];

/**
 * The one table both lists use. The server pages and sorts (manual modes); TanStack Table holds
 * that state, controlled from the URL, and answers what the controls can do. Rows from the
 * previous page stay on screen while the next loads, marked busy, so the table never flashes
 * empty; the range text and page count always describe the rows on screen.
 *
 * A new page's rows render as a transition (useDeferredValue): React renders them in slices,
 * yielding to input between rows, instead of one long task.
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

  // What is on screen: the page in `data` once React has rendered it in the background.
  const shown = useDeferredValue(data);
  const loading = busy || shown !== data;
  const { stale } = props;

  const table = useTable({
    features: dataTableFeatures,
    columns,
    data: shown?.data ?? noRows<TItem>(),
    getRowId: props.getRowId,
    manualPagination: true,
    manualSorting: true,
    rowCount: shown?.meta.total,
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
  // Placeholder rows can be an empty page (the page after a shrink); a skeleton says more.
  const showSkeleton = loading && rows.length === 0;
  const total = shown?.meta.total;

  function onBodyKeyDown(event: KeyboardEvent<HTMLTableSectionElement>) {
    // Only a row itself: Enter on a link or button inside it already does that control's job.
    const target = event.target as HTMLElement;
    if (event.key !== 'Enter' || target.tagName !== 'TR' || !onRowActivate) return;
    const row = rows.find((candidate) => candidate.id === target.dataset.rowId);
    if (!row) return;
    event.preventDefault();
    onRowActivate(row.original);
  }

  return (
    <div className="rounded-md border border-slate-200 bg-white dark:border-slate-700 dark:bg-slate-900">
      {/* Always present, so the sentence is announced when it appears. */}
      <p aria-live="polite" className="empty:hidden">
        {stale && (
          <span className="block border-b border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950/50 dark:text-amber-100">
            {stale}
          </span>
        )}
      </p>
      <div className="overflow-x-auto">
        <table aria-label={label} aria-busy={loading} className="w-full text-left text-sm">
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
                          title={sortHint(String(column.columnDef.header ?? column.id), direction)}
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
            onKeyDown={onBodyKeyDown}
            className={`divide-y divide-slate-100 dark:divide-slate-800 ${showSkeleton ? 'animate-pulse' : loading || stale ? 'opacity-60 transition-opacity' : ''}`}
          >
            {showSkeleton ? (
              <SkeletonRows rows={pagination.limit} columns={columnCount} />
            ) : (
              rows.map((row) => (
                <DataTableRow key={row.id} row={row} activatable={onRowActivate !== undefined} />
              ))
            )}
            {shown && !loading && rows.length === 0 && (
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
        statusText={
          shown === undefined
            ? loading
              ? `Loading ${noun}…`
              : ''
            : rows.length === 0 && shown.meta.total === 0
              ? props.emptyStatus
              : formatRange(shown.meta, rows.length)
        }
        pageText={
          shown === undefined || total === undefined || total === 0
            ? ''
            : `Page ${formatCount(shown.meta.page)} of ${formatCount(lastPageFor(total, shown.meta.limit))}`
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

/** What the header's sort button did and will do: the third click, back to unsorted, is no surprise. */
function sortHint(label: string, direction: false | SortDirection): string {
  const name = label.toLowerCase();
  if (direction === 'asc') return `Sorted by ${name}, ascending. Click for descending.`;
  if (direction === 'desc')
    return `Sorted by ${name}, descending. Click to stop sorting by ${name}.`;
  return `Click to sort by ${name}, ascending.`;
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
