import {
  FlexRender,
  type Header,
  type RowData,
  type SortDirection,
  type SortingState,
} from '@tanstack/react-table';
import type { KeyboardEvent } from 'react';
import type { DataTableFeatures } from './table-features';

interface DataTableHeaderProps<TItem extends RowData> {
  headers: Header<DataTableFeatures, TItem, unknown>[];
  /** The sort in effect (the URL's): one column at most. */
  sorting: SortingState;
  /** Absent for a table the server cannot sort. */
  onSortingChange?: ((next: SortingState) => void) | undefined;
  onKeyDown: (event: KeyboardEvent<HTMLTableSectionElement>) => void;
}

/**
 * The column headers. A sortable one (`meta.sortable`) holds a button named after the column that
 * cycles ascending, descending, off; `aria-sort` says which. The buttons are reached with the
 * arrow keys from the rows (data-table-keyboard.ts), so they are not Tab stops of their own.
 * The row stays at the top of the table's scroll area while the rows scroll (sticky, from `sm`,
 * in index.css: the cards below have no header row).
 */
export function DataTableHeader<TItem extends RowData>(props: DataTableHeaderProps<TItem>) {
  const { headers, sorting, onSortingChange } = props;
  return (
    <thead
      role="rowgroup"
      onKeyDown={props.onKeyDown}
      className="border-b border-slate-200 bg-slate-50 font-semibold text-slate-700 dark:border-slate-700 dark:bg-slate-800 dark:text-slate-200"
    >
      <tr role="row">
        {headers.map((header) => {
          const { column } = header;
          const canSort = onSortingChange !== undefined && column.columnDef.meta?.sortable === true;
          const sorted = sorting[0]?.id === column.id ? sorting[0] : undefined;
          const direction: false | SortDirection = sorted ? (sorted.desc ? 'desc' : 'asc') : false;
          const label = String(column.columnDef.header ?? column.id);
          return (
            <th
              key={header.id}
              role="columnheader"
              scope="col"
              aria-sort={canSort ? ariaSort(direction) : undefined}
              className={`px-3 py-2 ${column.columnDef.meta?.className ?? ''}`}
            >
              {canSort ? (
                <button
                  type="button"
                  tabIndex={-1}
                  onClick={() =>
                    onSortingChange(
                      direction === false
                        ? [{ id: column.id, desc: false }]
                        : direction === 'asc'
                          ? [{ id: column.id, desc: true }]
                          : [],
                    )
                  }
                  title={sortHint(label, direction)}
                  className="-mx-1 inline-flex items-center gap-1 rounded px-1 hover:bg-slate-200 dark:hover:bg-slate-700"
                >
                  <FlexRender header={header} />
                  <SortIcon direction={direction} />
                </button>
              ) : (
                <FlexRender header={header} />
              )}
            </th>
          );
        })}
      </tr>
    </thead>
  );
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
  const name = direction === 'asc' ? 'sort-asc' : direction === 'desc' ? 'sort-desc' : 'sort';
  return (
    <span
      aria-hidden="true"
      className={`icon icon-${name} size-3.5 ${direction ? '' : 'opacity-40'}`}
    />
  );
}
