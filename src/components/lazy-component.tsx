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
  const Lazy = lazy(() => module.load().then((loaded) => ({ default: pick(loaded) })));
  const ready = () => {
    const loaded = module.loaded();
    return loaded === undefined ? undefined : pick(loaded);
  };
  return function LazyComponent(props: P) {
    const [Ready] = useState(ready);
    return Ready ? <Ready {...props} /> : <Lazy {...props} />;
  };
}
