import { useId, useState, type ComponentType } from 'react';
import { Button } from '../button';
import { lazyModule } from '../lazy-module';
import { ColumnsMenu } from './columns-menu';
import { ViewsMenu } from './views-menu';
import type { CsvExportProps } from './export/csv-export';
import type { ExportSourceLoader } from './export/export-source';
import {
  DEFAULT_VIEW_OPTIONS,
  DENSITY_LABELS,
  type ColumnChoice,
  type Density,
  type ViewOptions,
} from './view-options';

interface DataTableToolbarProps<TItem> {
  columns: readonly ColumnChoice[];
  view: ViewOptions;
  onViewChange: (next: ViewOptions) => void;
  exportSource?: ExportSourceLoader<TItem> | undefined;
  /** Why Export CSV cannot act now (the view has no rows); it is then disabled, saying so. */
  exportUnavailable?: string | undefined;
  getRowId: (item: TItem) => string;
  /** The table's id for the saved views, when it has the Views menu. */
  savedViews?: string | undefined;
}

/** The export (its state, progress view and engine): loaded when Export CSV is first wanted. */
const loadCsvExport = lazyModule(() =>
  import('./export/csv-export').then((module) => module.CsvExport),
);
const EXPORT_LOAD_ERROR =
  'The export could not be loaded. Check the connection and press Export CSV again.';

/** The controls above a table: Export CSV, Views, Columns, Row density; and the export's progress. */
export function DataTableToolbar<TItem>(props: DataTableToolbarProps<TItem>) {
  const { exportSource, exportUnavailable, view, onViewChange } = props;
  const densityId = useId();
  const exportReasonId = useId();
  // A part of the toolbar whose code could not be downloaded says so here.
  const [loadError, setLoadError] = useState<string | null>(null);
  const [Export, setExport] = useState<ComponentType<CsvExportProps<TItem>> | null>(null);
  // Presses of Export CSV, counted: the export starts one per press when none is running.
  const [exportRequest, setExportRequest] = useState(0);
  const [exporting, setExporting] = useState(false);
  const preload = () => void loadCsvExport().catch(() => undefined);

  function requestExport() {
    if (exportUnavailable) return;
    setLoadError(null);
    loadCsvExport().then(
      (CsvExport) => {
        setExport(() => CsvExport<TItem>);
        setExportRequest((count) => count + 1);
      },
      () => setLoadError(EXPORT_LOAD_ERROR),
    );
  }

  return (
    <div className="border-b border-slate-200 dark:border-slate-700">
      <div className="flex flex-wrap items-center justify-end gap-2 px-3 py-2 text-sm">
        {exportSource && exportUnavailable && (
          <span id={exportReasonId} className="text-slate-600 dark:text-slate-400">
            {exportUnavailable}
          </span>
        )}
        {exportSource && (
          <Button
            // Not `disabled`: that would drop the keyboard focus while the export runs, and a
            // button that cannot be reached cannot say why it is off.
            aria-disabled={exporting || exportUnavailable ? true : undefined}
            aria-describedby={exportUnavailable ? exportReasonId : undefined}
            className="aria-disabled:cursor-not-allowed aria-disabled:opacity-60"
            onClick={requestExport}
            onPointerEnter={exportUnavailable ? undefined : preload}
            onFocus={exportUnavailable ? undefined : preload}
          >
            Export CSV
          </Button>
        )}
        {props.savedViews !== undefined && (
          <ViewsMenu
            tableId={props.savedViews}
            columns={props.columns}
            view={view}
            onViewChange={onViewChange}
            onLoadError={() =>
              setLoadError(
                'The Views menu could not be loaded. Check the connection and try again.',
              )
            }
          />
        )}
        <ColumnsMenu
          columns={props.columns.map((column) => ({
            ...column,
            visible: !view.hidden.includes(column.id),
          }))}
          onToggle={(id, visible) =>
            onViewChange({
              ...view,
              hidden: visible ? view.hidden.filter((other) => other !== id) : [...view.hidden, id],
            })
          }
          // Every column back, at its default width.
          onReset={() =>
            onViewChange({
              ...view,
              hidden: DEFAULT_VIEW_OPTIONS.hidden,
              widths: DEFAULT_VIEW_OPTIONS.widths,
            })
          }
          onLoadError={() =>
            setLoadError(
              'The Columns menu could not be loaded. Check the connection and try again.',
            )
          }
        />
        <div className="flex items-center gap-2">
          <label htmlFor={densityId}>Row density</label>
          <select
            id={densityId}
            value={view.density}
            onChange={(event) => onViewChange({ ...view, density: event.target.value as Density })}
            className="rounded-md border border-slate-300 bg-white px-1.5 py-1 dark:border-slate-600 dark:bg-slate-800"
          >
            {Object.entries(DENSITY_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
      </div>
      {loadError && (
        <p role="alert" className="px-3 pb-2 text-sm text-red-800 dark:text-red-200">
          {loadError}
        </p>
      )}
      {Export && exportSource && (
        <Export
          source={exportSource}
          getRowId={props.getRowId}
          request={exportRequest}
          onActiveChange={setExporting}
          onLoadError={() => setLoadError(EXPORT_LOAD_ERROR)}
        />
      )}
    </div>
  );
}
