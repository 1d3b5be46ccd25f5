import { constructTable, type RowData, type SortingState } from '@tanstack/react-table';
import { startTransition, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { ListPage } from '../../lib/api-schemas';
import { formatCount, formatRange } from '../../lib/format';
import { whenIdleAfterPaint } from '../../lib/idle';
import { lazyModule } from '../lazy-module';
import { DataTableHeader } from './data-table-header';
import { useRowNavigation } from './data-table-keyboard';
import { DataTableRow, SkeletonRows } from './data-table-row';
import { DataTableToolbar } from './data-table-toolbar';
import type { ExportSourceLoader } from './export/export-source';
import { lastPageFor, type PageParams } from './page-params';
import { PaginationBar } from './pagination-bar';
import { useFits } from './use-fits';
import { dataTableFeatures, staticReactivity, type DataTableColumns } from './table-features';
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
  /** Opens a row: Enter on it, or a click anywhere on it. */
  onRowActivate?: (item: TItem) => void;
  /** Shown in place of rows when the page came back empty. */
  empty: ReactNode;
  /** The status text when nothing matches, e.g. "No products match". */
  emptyStatus: string;
  /** Why the rows on screen are not what the controls above say (e.g. an invalid filter); dims them. */
  stale?: string | undefined;
  /**
   * Adds the toolbar: Columns and Row density, remembered under `id` (e.g. "users"), Export
   * CSV when `export` is given, and the Views menu (saved views, Copy link) when `savedViews`:
   * only for a table whose URL is its whole state. Keep it referentially stable (module level or
   * memoised).
   */
  view?: { id: string; export?: ExportSourceLoader<TItem>; savedViews?: boolean };
}

const NO_SORTING: SortingState = [];
const loadResizers = lazyModule(() => import('./column-resize-handle'));

/**
 * The one table both lists use, composed of its parts: toolbar (Export CSV, Columns, Row
 * density), header (sort buttons), rows (keyboard: data-table-keyboard.ts), pager. The server
 * pages and sorts; the URL holds page, size and sort, and TanStack Table lays out the columns.
 *
 * Rows from the previous page stay on screen, dimmed, while the next loads, and the range text and
 * page count always describe the rows on screen. The first page's rows render as a transition:
 * React renders them in slices, yielding to input between rows.
 */
export function DataTable<TItem extends RowData>(props: DataTableProps<TItem>) {
  const { label, noun, columns, data, busy, pagination, sorting = NO_SORTING, stale } = props;
  const { onPaginationChange, onRowActivate } = props;
  const columnChoices = useMemo(() => columnChoicesOf(columns), [columns]);
  const [view, setView] = useViewOptions(props.view?.id, columnChoices, props.view?.savedViews);
  // Hidden columns are left out of the table altogether (TanStack's visibility feature would
  // cost about 1 KB for the same result here).
  const shownColumns = useMemo(
    () => columns.filter((_, index) => !view.hidden.includes(columnChoices[index]?.id ?? '')),
    [columns, columnChoices, view.hidden],
  );
  // Fixed widths (table-layout: fixed), so a column keeps its place from page to page whatever
  // the rows hold. Sized here rather than by TanStack's column sizing feature: measured, that
  // adds 0.9 KB to every table page for a sum and a lookup.
  const shownChoices = columnChoices.filter((choice) => !view.hidden.includes(choice.id));
  const widths = shownChoices.map((choice) => view.widths[choice.id] ?? choice.width);
  const tableWidth = widths.reduce((sum, width) => sum + width, 0);
  // A table that fits is scrolled by the page (no box that takes the wheel); a wider one scrolls
  // in its own area, both ways, so its header row can still stick (index.css).
  const scrollArea = useRef<HTMLDivElement>(null);
  const fits = useFits(scrollArea, tableWidth);
  const resize = (id: string, width: number | null) => {
    const { [id]: _old, ...others } = view.widths;
    setView({ ...view, widths: width === null ? others : { ...others, [id]: width } });
  };
  // The resize handles load once the first rows have painted and the browser is idle: they are
  // not needed to read the rows, and before then they would compete with them.
  const [resizers, setResizers] = useState<typeof import('./column-resize-handle') | null>(null);
  const resizable = props.view !== undefined;
  useEffect(() => {
    if (!resizable) return;
    return whenIdleAfterPaint(() => void loadResizers().then(setResizers, () => undefined));
  }, [resizable]);

  // What is on screen. A table's first rows render as a transition, in slices, so a phone's first
  // load has no long task; the skeleton stays until they are ready. Once rows are on screen, a new
  // page renders at once (prefetched, or replacing rows that stayed dimmed while it loaded):
  // slicing that only delayed it.
  const [rowsStarted, setRowsStarted] = useState(data !== undefined);
  useEffect(() => {
    if (data !== undefined && !rowsStarted) startTransition(() => setRowsStarted(true));
  }, [data, rowsStarted]);
  const shown = rowsStarted ? data : undefined;
  const loading = busy || shown !== data;

  // The table holds no state (the URL does), so a plain table instance built per page of rows is
  // all it needs: no store or subscriptions (useTable's cost about 3 KB on every table page, for
  // updates this table never has).
  const { getRowId } = props;
  const table = useMemo(
    () =>
      constructTable({
        // Typed as the table's own features: the reactivity binding is the core's, not a feature.
        features: {
          ...dataTableFeatures,
          coreReactivityFeature: staticReactivity(),
        } as typeof dataTableFeatures,
        columns: shownColumns,
        data: shown?.data ?? noRows<TItem>(),
        getRowId,
      }),
    [shownColumns, shown, getRowId],
  );
  const rows = table.getRowModel().rows;
  const rowIds = useMemo(() => rows.map((row) => row.id), [rows]);
  const navigation = useRowNavigation(
    rowIds,
    onRowActivate &&
      ((id) => {
        const row = rows.find((candidate) => candidate.id === id);
        if (row) onRowActivate(row.original);
      }),
  );

  const columnCount = shownColumns.length;
  const compact = view.density === 'compact';
  // Placeholder rows can be an empty page (the page after a shrink); a skeleton says more.
  const showSkeleton = loading && rows.length === 0;
  const total = shown?.meta.total;
  const lastPage = total === undefined ? undefined : lastPageFor(total, pagination.limit);
  const page = (next: number) => onPaginationChange({ page: next, limit: pagination.limit });

  return (
    <div className="data-table rounded-md border border-slate-200 bg-white dark:border-slate-700 dark:bg-slate-900">
      {props.view && (
        <DataTableToolbar
          columns={columnChoices}
          view={view}
          onViewChange={setView}
          exportSource={props.view.export}
          // The rows on screen are the view's: with none, there is nothing to write.
          exportUnavailable={
            shown?.meta.total === 0 && rows.length === 0
              ? `Nothing to export: no ${noun} in this view.`
              : undefined
          }
          getRowId={props.getRowId}
          savedViews={props.view.savedViews ? props.view.id : undefined}
        />
      )}
      {/* Always present, so the sentence is announced when it appears. */}
      <p aria-live="polite" className="empty:hidden">
        {stale && (
          <span className="block border-b border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950/50 dark:text-amber-100">
            {stale}
          </span>
        )}
      </p>
      {/* One thin bar for every kind of loading (a page, a sort, a size); aria-busy says it too. */}
      <div aria-hidden="true" className="h-0.5 overflow-hidden">
        {loading && !showSkeleton && (
          <span className="loading-bar block h-full w-1/3 bg-blue-600" />
        )}
      </div>
      {/* From `sm`: a table that fits is scrolled by the page, its header row sticking under the
          page's header, and centred in any width left over; a wider one scrolls in this area. */}
      <div ref={scrollArea} className="data-table-scroll" data-fits={fits ? '' : undefined}>
        <div className="data-table-frame" style={{ width: `${tableWidth}px` }}>
          {/* Explicit roles: the card layout on phones (index.css) changes the elements' display,
              which makes some browsers forget they are a table. */}
          {resizable && resizers && (
            <resizers.ColumnResizers columns={shownChoices} widths={widths} onResize={resize} />
          )}
          <table
            role="table"
            aria-label={label}
            aria-busy={loading}
            style={{ width: `${tableWidth}px` }}
            className="table-fixed text-left text-sm"
          >
            <colgroup>
              {widths.map((width, index) => (
                <col key={index} style={{ width }} />
              ))}
            </colgroup>
            <DataTableHeader
              headers={table.getHeaderGroups()[0]?.headers ?? []}
              sorting={sorting}
              onSortingChange={props.onSortingChange}
              onKeyDown={navigation.headProps.onKeyDown}
            />
            <tbody
              role="rowgroup"
              {...navigation.bodyProps}
              className={`divide-y divide-slate-100 dark:divide-slate-800 ${showSkeleton ? 'animate-pulse' : loading || stale ? 'opacity-60 transition-opacity' : ''}`}
            >
              {showSkeleton ? (
                <SkeletonRows rows={pagination.limit} columns={columnCount} compact={compact} />
              ) : (
                rows.map((row) => (
                  <DataTableRow
                    key={row.id}
                    row={row}
                    columns={shownColumns}
                    current={row.id === navigation.currentId}
                    activatable={onRowActivate !== undefined}
                    compact={compact}
                  />
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
        canPrevious={pagination.page > 1}
        canNext={lastPage !== undefined && pagination.page < lastPage}
        onFirst={() => page(1)}
        onPrevious={() => page(pagination.page - 1)}
        onNext={() => page(pagination.page + 1)}
        onLast={() => page(lastPage ?? pagination.page)}
        // A new page size starts again at page 1: the old page number means other rows now.
        onPageSize={(size) => onPaginationChange({ page: 1, limit: size })}
      />
    </div>
  );
}

// One frozen empty array: a fresh `[]` each render would rebuild the row model every time.
const EMPTY: readonly never[] = Object.freeze([]);
function noRows<TItem>(): TItem[] {
  return EMPTY as unknown as TItem[];
}
