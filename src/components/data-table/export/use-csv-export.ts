import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { ExportJob, ExportProgress, ExportResult } from './export-engine';
import { lazyModule } from '../../lazy-module';
import type { ExportSource } from './export-source';

type ExportModule = typeof import('./export-engine');

export type ExportPhase =
  | { kind: 'idle' }
  | { kind: 'running'; progress: ExportProgress }
  | {
      kind: 'confirm';
      progress: ExportProgress;
      total: number;
      requests: number;
      answer: (go: boolean) => void;
    }
  | { kind: 'failed'; progress: ExportProgress; error: unknown }
  | Extract<ExportResult, { kind: 'done' | 'empty' }>
  | { kind: 'cancelled'; rows: number };

const PROGRESS_INTERVAL_MS = 100;

/**
 * The engine behind Export CSV (runner, CSV writer) is a chunk of its own, fetched once when
 * first wanted; a failed download (a new deployment, the network) is tried again next time.
 */
export const loadExportModule = lazyModule<ExportModule>(() => import('./export-engine'));

/**
 * The state of a table's CSV export. `start` exports the view as it is at that moment (later
 * changes to sort or filters do not affect a running export); leaving the page cancels it.
 */
export function useCsvExport<TItem>(
  getRowId: (item: TItem) => string,
  /** The export's code could not be downloaded (offline, a new deployment); nothing started. */
  onLoadError: () => void,
) {
  const queryClient = useQueryClient();
  const [phase, setPhase] = useState<ExportPhase>({ kind: 'idle' });
  const [module, setModule] = useState<ExportModule | null>(null);
  // What a failure leaves, so that Try again goes on from there; and what it was exporting.
  const job = useRef<{ job: ExportJob | null; source: ExportSource<TItem> } | null>(null);
  const controller = useRef<AbortController | null>(null);

  useEffect(() => () => controller.current?.abort(), []);

  async function run() {
    const current = job.current;
    if (!current) return;
    const abort = new AbortController();
    controller.current = abort;
    let progress: ExportProgress = {
      rows: current.job?.seen.size ?? 0,
      total: current.job?.firstTotal,
    };
    setPhase({ kind: 'running', progress });
    // A page can arrive every few milliseconds: rendering each would be most of the work at
    // 100,000 rows. At most ten renders a second, the latest always shown; a countdown at once.
    let shownAt = 0;
    let trailing: ReturnType<typeof setTimeout> | undefined;
    const showProgress = (next: ExportProgress) => {
      clearTimeout(trailing);
      const show = () => {
        shownAt = performance.now();
        // Only over progress: a question, a failure or the end must not be painted over.
        setPhase((shown) =>
          shown.kind === 'running' ? { kind: 'running', progress: next } : shown,
        );
      };
      const wait = PROGRESS_INTERVAL_MS - (performance.now() - shownAt);
      if (wait <= 0 || next.retryAt !== undefined) show();
      else trailing = setTimeout(show, wait);
    };
    let loaded: ExportModule;
    try {
      loaded = await loadExportModule();
    } catch {
      setPhase({ kind: 'idle' });
      onLoadError();
      return;
    }
    setModule(loaded);
    let outcome: { job: ExportJob | null; result: ExportResult };
    try {
      outcome = await loaded.exportCsv(current.job, {
        source: current.source,
        getRowId,
        queryClient,
        signal: abort.signal,
        onProgress: (next) => {
          progress = next;
          showProgress(next);
        },
        confirmLarge: (total, requests) =>
          new Promise<boolean>((resolve) => {
            const answer = (go: boolean) => {
              if (go) setPhase({ kind: 'running', progress });
              resolve(go);
            };
            setPhase({ kind: 'confirm', progress, total, requests, answer });
          }),
      });
    } catch (error) {
      // Not an API failure (those come back as outcomes): a bug, shown rather than swallowed.
      outcome = { job: current.job, result: { kind: 'failed', error } };
    }
    clearTimeout(trailing);
    // After a Cancel that came too late (the last page was in), the export simply finished.
    const { result } = outcome;
    if (result.kind === 'failed') {
      current.job = outcome.job;
      setPhase({ kind: 'failed', progress, error: result.error });
      return;
    }
    job.current = null;
    setPhase(result.kind === 'cancelled' ? { kind: 'cancelled', rows: progress.rows } : result);
  }

  const active = phase.kind === 'running' || phase.kind === 'confirm' || phase.kind === 'failed';
  return {
    phase,
    /** The loaded view, or null until the export's code has arrived. */
    module,
    active,
    start(source: ExportSource<TItem>) {
      if (active) return;
      job.current = { job: null, source };
      void run();
    },
    cancel() {
      if (phase.kind === 'confirm') phase.answer(false);
      else if (phase.kind === 'failed') {
        job.current = null;
        setPhase({ kind: 'cancelled', rows: phase.progress.rows });
      } else controller.current?.abort();
    },
    tryAgain() {
      void run();
    },
  };
}
