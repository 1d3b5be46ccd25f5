import { lazy, useState, type ComponentType } from 'react';
import type { RememberedModule } from './lazy-module';

/**
 * React.lazy, except that a component whose code has already arrived renders at once.
 *
 * React.lazy suspends on its first render even when its import resolved long before, and React 19
 * then holds back what the boundary reveals until 300 ms after its fallback was shown (Suspense
 * throttling). On a page's first load, whose code start-up has already awaited, that kept the
 * first rows off the screen for 300 ms after they had arrived.
 *
 * `pick` takes the component from its module. A mount decides once which way it renders:
 * switching from the lazy wrapper to the component itself would remount it, losing its state.
 */
export function lazyComponent<M, P extends object>(
  module: RememberedModule<M>,
  pick: (loaded: M) => ComponentType<P>,
): ComponentType<P> {
  // React.lazy keeps a failed import's error for ever: after a failure (a dropped connection, a
  // new deployment), the next mount (another visit to the page) gets a new one, which tries again.
  const makeLazy = () =>
    lazy(() =>
      module.load().then(
        (loaded) => ({ default: pick(loaded) }),
        (error: unknown) => {
          Lazy = makeLazy();
          throw error;
        },
      ),
    );
  let Lazy = makeLazy();
  const ready = () => {
    const loaded = module.loaded();
    return loaded === undefined ? undefined : pick(loaded);
  };
  return function LazyComponent(props: P) {
    const [Ready] = useState(ready);
    // The wrapper of this mount's first render, kept: a new one each render would remount it.
    const [Current] = useState(() => Lazy);
    return Ready ? <Ready {...props} /> : <Current {...props} />;
  };
}
