import { useEffect, useRef, useState, type ComponentType } from 'react';
import { lazyModule } from '../../components/lazy-module';
import { whenIdleAfterPaint } from '../../lib/idle';
import { isCommandMenuKey, isTyping } from './typing';

const loadShortcuts = lazyModule(() =>
  import('./global-shortcuts').then((module) => module.GlobalShortcuts),
);

/** A key pressed before the shortcuts had arrived, to hand them once they have. */
interface EarlyKey {
  target: EventTarget | null;
  init: KeyboardEventInit;
}

/**
 * The keyboard shortcuts (global-shortcuts.tsx) are not needed to show a page, so they are
 * fetched once the first page has painted, ready long before most people reach for them. Someone
 * quicker (Ctrl+K as the page appears) does not lose the key: a key that may be a shortcut
 * fetches them at once, and is handed to them when they are there.
 */
export function ShortcutsWhenReady() {
  const [Shortcuts, setShortcuts] = useState<ComponentType | null>(null);
  const early = useRef<EarlyKey[]>([]);

  useEffect(() => {
    if (Shortcuts) return;
    let current = true;
    const load = () =>
      loadShortcuts().then(
        (component) => {
          if (current) setShortcuts(() => component);
        },
        () => undefined, // Offline: the console works without its shortcuts.
      );
    const cancelIdle = whenIdleAfterPaint(() => void load(), 500);
    function onKeyDown(event: KeyboardEvent) {
      if (event.defaultPrevented || event.isComposing) return;
      const commandMenu = isCommandMenuKey(event);
      const plain = !event.ctrlKey && !event.metaKey && !event.altKey && !isTyping(event.target);
      if (!commandMenu && !plain) return;
      // Not the browser's own Ctrl+K (its search box), as once the shortcuts are here.
      if (commandMenu) event.preventDefault();
      const { key, code, ctrlKey, metaKey, shiftKey, altKey } = event;
      const init = { key, code, ctrlKey, metaKey, shiftKey, altKey, bubbles: true };
      early.current.push({ target: event.target, init });
      void load();
    }
    document.addEventListener('keydown', onKeyDown);
    return () => {
      current = false;
      cancelIdle();
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [Shortcuts]);

  // After the shortcuts' own effect (a child's runs first), so they are listening.
  useEffect(() => {
    if (!Shortcuts) return;
    const keys = early.current.splice(0);
    for (const { target, init } of keys) {
      const to = target instanceof Node && target.isConnected ? target : document.body;
      to.dispatchEvent(new KeyboardEvent('keydown', { ...init, cancelable: true }));
    }
  }, [Shortcuts]);

  return Shortcuts ? <Shortcuts /> : null;
}
