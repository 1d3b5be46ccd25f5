import { useState, useSyncExternalStore } from 'react';
import { Button } from '../../components/button';
import { lazyModule } from '../../components/lazy-module';
import { ModalDialog } from '../../components/modal-dialog';
import { apiClientRef } from '../../lib/api-client';
import { REQUEST_LOG_CAPACITY, requestLog } from '../../lib/request-log';
import { isFailure, RequestEntry } from './request-entry';

/** The HAR writer loads when Download log is pressed (or hovered). */
const loadHar = lazyModule(() => import('./download-log'));

export type RequestsPanelProps = {
  /** Demo mode: the requests were answered inside the browser, which curl cannot reach. */
  demo: boolean;
  onClose: () => void;
};

/**
 * Support's view of what the console asked the API: the request log, newest first, live while
 * open. A modal dialog (APG dialog pattern, native `<dialog>` with showModal: focus moves in and
 * is trapped, Escape closes; the opener takes focus back in `onClose`). Reading the log sends
 * nothing to the API.
 */
export function RequestsPanel({ demo, onClose }: RequestsPanelProps) {
  const [errorsOnly, setErrorsOnly] = useState(false);
  const entries = useSyncExternalStore(requestLog.subscribe, requestLog.entries);
  const [saved, setSaved] = useState('');
  async function downloadLog() {
    setSaved('');
    try {
      const { downloadLog } = await loadHar();
      const api = apiClientRef.current;
      setSaved(
        downloadLog(requestLog.entries(), {
          apiName: api?.name ?? 'unknown',
          apiBaseUrl: api?.baseUrl ?? 'unknown',
        }),
      );
    } catch {
      setSaved('Could not load Download log. Check the connection and try again.');
    }
  }
  const failures = entries.filter(isFailure).length;
  const shown = [...(errorsOnly ? entries.filter(isFailure) : entries)].reverse();

  return (
    <ModalDialog
      title="Requests"
      onClose={onClose}
      className="h-[min(48rem,calc(100dvh-1rem))] w-[min(64rem,calc(100vw-1rem))]"
    >
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1 border-b border-slate-200 px-4 py-2 text-sm dark:border-slate-700">
        <label className="inline-flex items-center gap-2">
          <input
            type="checkbox"
            checked={errorsOnly}
            onChange={(event) => setErrorsOnly(event.target.checked)}
            className="size-4"
          />
          Errors only
        </label>
        <span className="inline-flex items-center gap-2">
          <Button
            onClick={() => void downloadLog()}
            onPointerEnter={() => void loadHar().catch(() => undefined)}
            disabled={entries.length === 0}
            className="px-2 py-0.5 text-xs"
          >
            Download log
          </Button>
          <span role="status" className="text-xs text-slate-600 dark:text-slate-300">
            {saved}
          </span>
        </span>
        <p className="text-slate-600 dark:text-slate-300">
          {entries.length === 0
            ? `This tab’s last ${REQUEST_LOG_CAPACITY} API requests will be kept here.`
            : `${count(entries.length, 'request')} in this tab (${count(failures, 'failure')}), newest first; the last ${REQUEST_LOG_CAPACITY} are kept.`}
        </p>
        {demo && (
          <p className="basis-full text-xs text-amber-900 dark:text-amber-200">
            Demo mode: the mock API answers inside this browser, so a copied curl command cannot
            reach it. Run the standalone mock (<code>npm run mock-api</code>) to try commands.
          </p>
        )}
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto">
        {shown.length === 0 ? (
          <p className="p-4 text-sm text-slate-600 dark:text-slate-300">
            {entries.length === 0
              ? 'No API requests yet. Each request the console makes appears here as it finishes: method, path and query, status, time taken, when, and the request ID to quote.'
              : `None of the last ${count(entries.length, 'request')} failed.`}
          </p>
        ) : (
          <ol
            aria-label="Requests, newest first"
            className="divide-y divide-slate-200 dark:divide-slate-700"
          >
            {shown.map((entry) => (
              <RequestEntry key={entry.id} entry={entry} log={requestLog.entries} />
            ))}
          </ol>
        )}
      </div>
    </ModalDialog>
  );
}

function count(n: number, noun: string): string {
  return `${n.toLocaleString()} ${noun}${n === 1 ? '' : 's'}`;
}
