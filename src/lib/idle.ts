/**
 * Runs `work` once the browser has painted what is on screen and has a quiet moment (or after
 * `timeoutMs` at the latest). For speculative work (prefetching the next page, other pages' code)
 * that must not compete with the first rows for the network or the main thread. Returns a cancel.
 */
export function whenIdleAfterPaint(work: () => void, timeoutMs = 2_000): () => void {
  let cancelled = false;
  let idle: number | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const run = () => {
    if (!cancelled) work();
  };
  // The frame after next: the current one has been painted by then.
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(() => {
      if (typeof requestIdleCallback === 'function') {
        idle = requestIdleCallback(run, { timeout: timeoutMs });
      } else {
        run();
      }
    }, 0);
  });
  return () => {
    cancelled = true;
    cancelAnimationFrame(frame);
    clearTimeout(timer);
    if (idle !== undefined) cancelIdleCallback(idle);
  };
}
