import {
  csvFileName,
  csvHeader,
  csvRecord,
  UTF8_BOM,
} from '../../../components/data-table/export/csv';
import { downloadFile } from '../../../lib/download';
import { shownInput } from './bulk-input';
import type { Row } from './bulk-lookup';
import { describeRow, foundRecord } from './bulk-results';

/** The results as CSV, with the export's rules (formula guard, quoting, BOM). */
export function downloadResults(
  rows: readonly Row[],
  knownHosts: readonly string[],
  name = 'users-lookup',
) {
  const lines = [csvHeader(['input', 'status', 'id', 'name', 'email', 'created_at'])];
  for (const { entry, state } of rows) {
    const found = foundRecord(state);
    lines.push(
      csvRecord([
        shownInput(entry.input),
        describeRow({ entry, state }, knownHosts),
        found?.id,
        found?.name,
        found?.email,
        found?.created_at,
      ]),
    );
  }
  downloadFile(
    new Blob([UTF8_BOM, ...lines], { type: 'text/csv;charset=utf-8' }),
    csvFileName(name, new Date()),
  );
}
