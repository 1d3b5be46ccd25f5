import { buildHar, harFileName, harText } from '../../lib/har';
import { downloadFile } from '../../lib/download';
import type { RequestLogEntry } from '../../lib/request-log';

/**
 * Saves the log as `requests-YYYY-MM-DD.har` and says what was saved. Loaded on demand by the
 * Requests panel: the HAR writer is no page's first render.
 */
export function downloadLog(
  entries: readonly RequestLogEntry[],
  api: { apiName: string; apiBaseUrl: string },
  now = new Date(),
): string {
  const fileName = harFileName(now);
  const text = harText(buildHar(entries, { ...api, version: __APP_VERSION__ }));
  downloadFile(new Blob([text], { type: 'application/json' }), fileName);
  const count = entries.length;
  return `Saved ${count.toLocaleString()} ${count === 1 ? 'request' : 'requests'} to ${fileName}; its times are UTC (ISO 8601).`;
}
