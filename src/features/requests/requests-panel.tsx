import { useEffect, useId, useRef, useState, useSyncExternalStore, type MouseEvent } from 'react';
import { createPortal } from 'react-dom';
import { Button } from '../../components/button';
import { REQUEST_LOG_CAPACITY, requestLog } from '../../lib/request-log';
import { isFailure, RequestEntry } from './request-entry';

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
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [errorsOnly, setErrorsOnly] = useState(false);
  const entries = useSyncExternalStore(requestLog.subscribe, requestLog.entries);
  const failures = entries.filter(isFailure).length;
  const shown = [...(errorsOnly ? entries.filter(isFailure) : entries)].reverse();

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
  }, []);

  // A click on the backdrop lands on the dialog element itself; the content fills the rest.
  function closeOnBackdrop(event: MouseEvent<HTMLDialogElement>) {
    if (event.target === event.currentTarget) event.currentTarget.close();
  }

  return createPortal(
    // The dialog's own close event (Escape, the Close button, the backdrop) is the one way out.
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      onClose={onClose}
      onClick={closeOnBackdrop}
      className="m-auto h-[min(48rem,calc(100dvh-1rem))] max-h-none w-[min(64rem,calc(100vw-1rem))] max-w-none overflow-hidden rounded-lg border border-slate-300 bg-white p-0 text-slate-900 shadow-xl backdrop:bg-slate-950/60 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
    >
      <div className="flex h-full flex-col">
        <div className="flex items-center justify-between gap-2 border-b border-slate-200 px-4 py-3 dark:border-slate-700">
          <h2 id={titleId} className="text-lg font-semibold">
            Requests
          </h2>
          <Button variant="ghost" onClick={() => dialog.current?.close()}>
            Close
          </Button>
        </div>
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
                <RequestEntry key={entry.id} entry={entry} />
              ))}
            </ol>
          )}
        </div>
      </div>
    </dialog>,
    document.body,
  );
}

function count(n: number, noun: string): string {
  return `${n.toLocaleString()} ${noun}${n === 1 ? '' : 's'}`;
}
