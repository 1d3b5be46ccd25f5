import { formatCount } from '../../../lib/format';
import { ProgressBar } from '../../progress-bar';
import { isApiError } from '../../../lib/api-error';
import { formatCountdown } from '../../../lib/time';
import { Button } from '../../button';
import { canHelpToRetry, ErrorAlert } from '../../error-alert';
import { useNow } from '../../use-now';
import type { ReactNode } from 'react';
import type { ExportProgress } from './export-runner';
import type { ExportPhase } from './use-csv-export';

/**
 * What the export shows while it runs and when it ends: progress, the question before a very
 * large export, the rate-limit countdown, a failure that can go on from where it stopped, and the
 * finished message. Loaded with the engine when Export CSV is first pressed; the state lives in
 * useCsvExport, which stays with the table.
 *
 * No import of React itself here (JSX and type imports only, hooks from the app's own modules):
 * see export-engine.ts for the bundler issue that makes that worth it.
 */

export interface ExportPanelProps {
  phase: Exclude<ExportPhase, { kind: 'idle' }>;
  /** Plural, e.g. "users". */
  noun: string;
  /** Said after the finished message: what a reader of the file should know. */
  note?: string | undefined;
  onCancel: () => void;
  onRetry: () => void;
}

export function ExportPanel({ phase, noun, note, onCancel, onRetry }: ExportPanelProps) {
  return (
    <div className="space-y-2 border-t border-slate-200 px-3 py-2 text-sm dark:border-slate-700">
      {phase.kind === 'running' || phase.kind === 'confirm' || phase.kind === 'failed' ? (
        <ProgressRow noun={noun} progress={phase.progress} stopped={phase.kind === 'failed'}>
          {phase.kind !== 'failed' && <Button onClick={onCancel}>Cancel export</Button>}
        </ProgressRow>
      ) : null}
      {phase.kind === 'running' && phase.progress.retryAt !== undefined && (
        <RateLimitCountdown retryAt={phase.progress.retryAt} />
      )}
      {phase.kind === 'confirm' && (
        <div className="flex flex-wrap items-center gap-2">
          <p>
            This view has {formatCount(phase.total)} {noun}. Exporting them all takes{' '}
            {formatCount(phase.requests)} requests to the API, one at a time (the first is done).
          </p>
          {/* Asked in answer to the person's own click, so their focus belongs here. */}
          <Button variant="primary" autoFocus onClick={() => phase.answer(true)}>
            Export all {formatCount(phase.total)} {noun}
          </Button>
        </div>
      )}
      {phase.kind === 'failed' && (
        <FailureAlert
          error={phase.error}
          noun={noun}
          rows={phase.progress.rows}
          onRetry={onRetry}
          onCancel={onCancel}
        />
      )}
      <p aria-live="polite" className="text-slate-700 dark:text-slate-300">
        {phase.kind === 'done' && `${finishedMessage(phase, noun)}${note ? ` ${note}` : ''}`}
        {phase.kind === 'cancelled' &&
          `Export cancelled after ${formatCount(phase.rows)} ${noun}; no file was written.`}
        {phase.kind === 'empty' &&
          `Nothing to export: the view has no ${noun} now; no file was written.`}
      </p>
    </div>
  );
}

function ProgressRow({
  noun,
  progress,
  stopped,
  children,
}: {
  noun: string;
  progress: ExportProgress;
  stopped: boolean;
  children: ReactNode;
}) {
  const { rows, total } = progress;
  const text =
    total === undefined
      ? `Exporting ${noun}…`
      : `${stopped ? 'Stopped at' : 'Exporting'} ${formatCount(Math.min(rows, total))} of ${formatCount(total)} ${noun}`;
  return (
    <div className="flex flex-wrap items-center gap-3">
      <span className="tabular-nums">{text}</span>
      <ProgressBar
        label="Export progress"
        value={rows}
        max={total}
        valueText={total === undefined ? 'Starting' : text}
      />
      {children}
    </div>
  );
}

function RateLimitCountdown({ retryAt }: { retryAt: number }) {
  const now = useNow(250);
  return (
    <p className="tabular-nums">
      The API’s rate limit was reached; it asked to wait. Going on in{' '}
      {formatCountdown(retryAt - now)}.
    </p>
  );
}

function FailureAlert({
  error,
  noun,
  rows,
  onRetry,
  onCancel,
}: {
  error: unknown;
  noun: string;
  rows: number;
  onRetry: () => void;
  onCancel: () => void;
}) {
  const kept = `${formatCount(rows)} ${noun} fetched so far are kept: Try again goes on from where the export stopped.`;
  const cancelButton = <Button onClick={onCancel}>Cancel export</Button>;
  if (!isApiError(error)) {
    return (
      <div
        role="alert"
        className="space-y-2 rounded-md border border-red-300 bg-red-50 p-4 text-red-950 dark:border-red-800 dark:bg-red-950/60 dark:text-red-50"
      >
        <p className="font-semibold">The export stopped</p>
        <p>{error instanceof Error ? error.message : String(error)}</p>
        <p>{kept}</p>
        <div className="flex gap-2">
          <Button onClick={onRetry}>Try again</Button>
          {cancelButton}
        </div>
      </div>
    );
  }
  const retryable = canHelpToRetry(error);
  return (
    <ErrorAlert error={error} what={`${noun} for the CSV export`} onRetry={onRetry}>
      {cancelButton}
      {retryable && <p className="self-center">{kept}</p>}
    </ErrorAlert>
  );
}

function finishedMessage(
  done: { rows: number; firstTotal: number; lastTotal: number; fileName: string },
  noun: string,
): string {
  const wrote = `Exported ${formatCount(done.rows)} ${noun} to ${done.fileName}.`;
  if (done.firstTotal === done.lastTotal) return wrote;
  return `${wrote} The number of ${noun} changed from ${formatCount(done.firstTotal)} to ${formatCount(done.lastTotal)} during the export: each row is in the file once, but rows added or removed meanwhile may be missing.`;
}
