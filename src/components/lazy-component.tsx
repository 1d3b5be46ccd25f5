import { lazy, useState, type ComponentType } from 'react';

/**
 * React.lazy, except that a component whose code has already arrived renders at once.
 *
 * React.lazy suspends on its first render even when its import resolved long before, and React 19
 * then holds back what the boundary reveals until 300 ms after its fallback was shown (Suspense
 * throttling). On a page's first load, whose code start-up has already awaited, that kept the
 * first rows off the screen for 300 ms after they had arrived.
 *
 * `loaded` gives the component if its code is here. A mount decides once which way it renders:
 * switching from the lazy wrapper to the component itself would remount it, losing its state.
 */
export function lazyComponent<P extends object>(
  load: () => Promise<ComponentType<P>>,
  loaded: () => ComponentType<P> | undefined,
): ComponentType<P> {
  const Lazy = lazy(() => load().then((component) => ({ default: component })));
  return function LazyComponent(props: P) {
    const [Ready] = useState(loaded);
    return Ready ? <Ready {...props} /> : <Lazy {...props} />;
  };
}
