import { FlexRender, type Row, type RowData } from '@tanstack/react-table';
import { memo } from 'react';
import { InTableRowContext } from './in-table-row';
import type { DataTableFeatures } from './table-features';

interface DataTableRowProps<TItem extends RowData> {
  row: Row<DataTableFeatures, TItem>;
  /** The columns shown: a row re-renders when they change (its row object may not). */
  columns: readonly unknown[];
  /** The row the table's one tab stop is on (data-table-keyboard.ts). */
  current: boolean;
  /** Rows that open something say so to the pointer. */
  activatable: boolean;
  compact: boolean;
}

/**
 * One body row. Memoised on its row object, which TanStack Table keeps while the data is the same,
 * so a table re-render (busy, a new page loading, the current row moving) re-renders only the rows
 * that changed; and each row is its own component, so the first page's rows render in slices (see
 * DataTable). Keys and clicks are handled on the table body.
 *
 * Each cell carries its column's name (`data-label`): below `sm` the rows are laid out as cards,
 * with the names beside the values (index.css).
 */
function DataTableRowImpl<TItem extends RowData>({
  row,
  current,
  activatable,
  compact,
}: DataTableRowProps<TItem>) {
  return (
    <tr
      role="row"
      data-row-id={row.id}
      tabIndex={current ? 0 : -1}
      className={`focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-blue-600 ${activatable ? 'cursor-pointer hover:bg-slate-50 dark:hover:bg-slate-800/60' : ''}`}
    >
      <InTableRowContext value={true}>
        {row.getAllCells().map((cell) => (
          <td
            key={cell.id}
            role="cell"
            data-label={String(cell.column.columnDef.header ?? '')}
            className={`px-3 ${compact ? 'py-0.5' : 'py-2'} align-top ${cell.column.columnDef.meta?.className ?? ''}`}
          >
            <FlexRender cell={cell} />
          </td>
        ))}
      </InTableRowContext>
    </tr>
  );
}

export const DataTableRow = memo(DataTableRowImpl) as typeof DataTableRowImpl;

/**
 * Placeholder rows while the first page loads: one animation for the whole body (a class on
 * `tbody`), not one per cell, which would be hundreds of animations and their events.
 */
export function SkeletonRows({
  rows,
  columns,
  compact,
}: {
  rows: number;
  columns: number;
  compact: boolean;
}) {
  return Array.from({ length: rows }, (_, index) => (
    <tr key={index} aria-hidden="true" data-skeleton="">
      {Array.from({ length: columns }, (_, cell) => (
        <td key={cell} className={compact ? 'px-3 py-1.5' : 'px-3 py-2.5'}>
          <span className="block h-4 rounded bg-slate-200 dark:bg-slate-700" />
        </td>
      ))}
    </tr>
  ));
}
