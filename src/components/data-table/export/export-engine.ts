import type { QueryClient } from '@tanstack/react-query';
import { downloadFile } from '../../../lib/download';
import { csvFileName, csvHeader, csvRecords, UTF8_BOM } from './csv';
import {
  createExportJob,
  EXPORT_PAGE_SIZE,
  runExport,
  type ExportJob,
  type ExportOutcome,
  type ExportProgress,
} from './export-runner';
import type { ExportSource } from './export-source';

/**
 * Everything behind Export CSV, loaded when it is first wanted: the page-by-page runner, the CSV
 * writer and the download. The progress view (export-panel.tsx) is not here: csv-export.tsx, which
 * shows it, imports it, and this module, loaded from below it, must not import back up.
 *
 * Nothing in this chunk imports React itself (JSX and the app's own hooks are fine): a lazily
 * loaded module that imports React's hooks makes the bundler (rolldown 1.2; its issue #10731,
 * "module already loaded by the entry is emitted as a separate chunk") move React out of the entry
 * chunk, which costs every page, the sign-in page included, about 0.6 KB gzipped and a request.
 * So the export's state (useCsvExport) stays with the table, and only what it drives is here.
 */

export type { ExportJob, ExportProgress };

export type ExportResult =
  | Exclude<ExportOutcome, { kind: 'done' }>
  | (Extract<ExportOutcome, { kind: 'done' }> & { fileName: string })
  /** Every page read, and not one row: no file is written. */
  | { kind: 'empty' };

export interface ExportCsvOptions<TItem> {
  source: ExportSource<TItem>;
  getRowId: (item: TItem) => string;
  queryClient: QueryClient;
  signal: AbortSignal;
  onProgress: (progress: ExportProgress) => void;
  confirmLarge: (total: number, requests: number) => Promise<boolean>;
}

/**
 * Runs (or, given the job a failure left, goes on with) an export of `source`, and downloads the
 * file when every page is in.
 */
export async function exportCsv<TItem>(
  job: ExportJob | null,
  options: ExportCsvOptions<TItem>,
): Promise<{ job: ExportJob; result: ExportResult }> {
  const { source, queryClient } = options;
  const current = job ?? createExportJob();
  const outcome = await runExport(current, {
    fetchPage: (page, signal) => source.fetchPage(queryClient, page, EXPORT_PAGE_SIZE, signal),
    getId: options.getRowId,
    // Each page's text goes into a Blob at once: encoding it to UTF-8 is spread over the pages,
    // the text leaves the JS heap, and the file at the end is a Blob of Blobs, made without
    // copying (one Blob of 1,000 strings took a 300 ms task at 100,000 rows).
    encode: (items) => new Blob([csvRecords(items, source.fields)]),
    signal: options.signal,
    onProgress: options.onProgress,
    confirmLarge: options.confirmLarge,
  });
  if (outcome.kind !== 'done') return { job: current, result: outcome };
  // The button is off for a view with no rows, but the view may have emptied since the rows on
  // screen came: a file of a header alone would say "exported" of nothing.
  if (outcome.rows === 0) return { job: current, result: { kind: 'empty' } };
  const fileName = csvFileName(source.fileLabel ?? source.resource, new Date());
  try {
    const parts = [UTF8_BOM, csvHeader(source.fields), ...current.chunks];
    downloadFile(new Blob(parts, { type: 'text/csv;charset=utf-8' }), fileName);
  } catch (error) {
    // Out of memory for the file, say: every row is kept, and Try again makes it again.
    return { job: current, result: { kind: 'failed', error } };
  }
  return { job: current, result: { ...outcome, fileName } };
}
