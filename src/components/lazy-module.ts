/**
 * A dynamic import for UI that is not on a page's first render (a panel, a dialog, a menu): it can
 * be started early (on hover or focus of the control that opens it) and is tried again after a
 * failure (a dropped connection, a new deployment), instead of remembering the failure.
 */
export function lazyModule<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | null = null;
  return () => {
    pending ??= load().catch((error: unknown) => {
      pending = null;
      throw error;
    });
    return pending;
  };
}
