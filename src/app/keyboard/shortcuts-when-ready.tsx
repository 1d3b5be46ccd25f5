import { useEffect, useState, type ComponentType } from 'react';
import { lazyModule } from '../../components/lazy-module';
import { whenIdleAfterPaint } from '../../lib/idle';

const loadShortcuts = lazyModule(() =>
  import('./global-shortcuts').then((module) => module.GlobalShortcuts),
);

/**
 * The keyboard shortcuts (global-shortcuts.tsx) are not needed to show a page, so they are
 * fetched once the first page has painted, ready long before anyone reaches for them.
 */
export function ShortcutsWhenReady() {
  const [Shortcuts, setShortcuts] = useState<ComponentType | null>(null);
  useEffect(
    () =>
      whenIdleAfterPaint(() => {
        loadShortcuts().then(
          (component) => setShortcuts(() => component),
          () => undefined, // Offline: the console works without its shortcuts.
        );
      }, 500),
    [],
  );
  return Shortcuts ? <Shortcuts /> : null;
}
