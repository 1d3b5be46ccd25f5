import { useEffect } from 'react';
import { ExportPanel } from './export-panel';
import type { ExportSourceLoader } from './export-source';
import { useCsvExport } from './use-csv-export';

export interface CsvExportProps<TItem> {
  source: ExportSourceLoader<TItem>;
  getRowId: (item: TItem) => string;
  /** Goes up by one for each press of Export CSV: a press starts an export unless one is running. */
  request: number;
  /** Whether an export is running (or waiting for an answer, or stopped by a failure). */
  onActiveChange: (active: boolean) => void;
  /** The export's engine could not be downloaded (offline, a new deployment); nothing started. */
  onLoadError: () => void;
}

/**
 * A table's CSV export: its state and what it shows. Not on the table's first render: the toolbar
 * loads it when Export CSV is first pressed (or hovered, or focused).
 */
export function CsvExport<TItem>(props: CsvExportProps<TItem>) {
  const { request, onActiveChange, onLoadError } = props;
  const csvExport = useCsvExport(props.getRowId, onLoadError);
  const { active, phase, module } = csvExport;
  const { start } = csvExport;

  // Each press of the toolbar's button (the first one is what mounted this) exports the view as
  // the page describes it then.
  useEffect(() => {
    if (request === 0) return;
    props.source.load().then(start, onLoadError);
    // Only a new press should start an export, not a new render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [request]);
  useEffect(() => onActiveChange(active), [active, onActiveChange]);

  if (phase.kind === 'idle' || !module) return null;
  return (
    <ExportPanel
      phase={phase}
      noun={props.source.resource}
      note={props.source.note}
      onCancel={csvExport.cancel}
      onRetry={csvExport.tryAgain}
    />
  );
}
