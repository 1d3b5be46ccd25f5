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

/** A lazyModule that can also say, synchronously, whether its module has arrived. */
export interface RememberedModule<T> {
  load: () => Promise<T>;
  /** The module once a load has resolved; undefined before. */
  loaded: () => T | undefined;
}

export function rememberedModule<T>(load: () => Promise<T>): RememberedModule<T> {
  let value: T | undefined;
  return {
    load: lazyModule(() => load().then((module) => (value = module))),
    loaded: () => value,
  };
}
