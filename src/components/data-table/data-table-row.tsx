import { FlexRender, type Row, type RowData } from '@tanstack/react-table';
import { memo } from 'react';
import type { DataTableFeatures } from './table-features';

interface DataTableRowProps<TItem extends RowData> {
  row: Row<DataTableFeatures, TItem>;
  /** Rows that open something are focusable. */
  activatable: boolean;
}

/**
 * One body row. Memoised on its row object, which TanStack Table keeps while the data is the same,
 * so a table re-render (busy, focus, a new page loading) does not re-render fifty rows; and each
 * row is its own component, so a new page's rows render in slices (see DataTable's deferred data).
 * Keyboard and click handling is delegated to the table body, so rows take no handlers.
 */
function DataTableRowImpl<TItem extends RowData>({ row, activatable }: DataTableRowProps<TItem>) {
  return (
    <tr
      data-row-id={row.id}
      tabIndex={activatable ? 0 : undefined}
      className="hover:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-blue-600 dark:hover:bg-slate-800/60"
    >
      {row.getAllCells().map((cell) => (
        <td
          key={cell.id}
          className={`px-3 py-2 align-top ${cell.column.columnDef.meta?.className ?? ''}`}
        >
          <FlexRender cell={cell} />
        </td>
      ))}
    </tr>
  );
}

export const DataTableRow = memo(DataTableRowImpl) as typeof DataTableRowImpl;

/**
 * Placeholder rows while the first page loads: one animation for the whole body (a class on
 * `tbody`), not one per cell, which would be hundreds of animations and their events.
 */
export function SkeletonRows({ rows, columns }: { rows: number; columns: number }) {
  return Array.from({ length: rows }, (_, index) => (
    <tr key={index} aria-hidden="true" data-skeleton="">
      {Array.from({ length: columns }, (_, cell) => (
        <td key={cell} className="px-3 py-2.5">
          <span className="block h-4 rounded bg-slate-200 dark:bg-slate-700" />
        </td>
      ))}
    </tr>
  ));
}
