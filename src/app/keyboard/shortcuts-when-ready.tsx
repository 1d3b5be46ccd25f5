import { useCallback, useLayoutEffect, useRef, useState, type ComponentType } from 'react';
import { lazyModule } from '../../components/lazy-module';
import { focusUserLookup } from '../../features/users/user-lookup';
import { whenIdleAfterPaint } from '../../lib/idle';
import { isCommandMenuKey, isTyping, leavesOnEscape, type ShortcutKey } from './typing';

type Shortcuts = ComponentType<{ takeEarlyKeys: () => ShortcutKey[] }>;

const loadShortcuts = lazyModule<Shortcuts>(() =>
  import('./global-shortcuts').then((module) => module.GlobalShortcuts),
);

/**
 * The keyboard shortcuts (global-shortcuts.tsx) are not needed to show a page, so they are
 * fetched once the first page has painted, ready long before most people reach for them. Someone
 * quicker (Ctrl+K as the page appears) does not lose the key: a key that may be a shortcut
 * fetches them at once, and they handle it when they are there, as if it had just been pressed.
 * Only they see it again: the page's own handlers already had it.
 *
 * `/` is handled at once (its box is on every page already): what is typed next is the search,
 * and must land in the box, not wait as more early keys for a replay that would drop the text;
 * and so is Escape, which leaves the box again.
 * The listener is in place from the shell's first paint (a layout effect), so no key is lost to
 * the gap before a passive effect runs.
 */
export function ShortcutsWhenReady() {
  const [Shortcuts, setShortcuts] = useState<Shortcuts | null>(null);
  const early = useRef<ShortcutKey[]>([]);
  const takeEarlyKeys = useCallback(() => early.current.splice(0), []);

  useLayoutEffect(() => {
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
      // Handled already (the table's own keys), or not a shortcut: typing, or the browser's.
      if (event.defaultPrevented || event.isComposing) return;
      // Escape leaves a box at once too: the `/` above may have put the focus there already.
      if (event.key === 'Escape' && isTyping(event.target) && leavesOnEscape(event.target)) {
        event.preventDefault();
        (event.target as HTMLElement).blur();
        return;
      }
      const commandMenu = isCommandMenuKey(event);
      const plain = !event.ctrlKey && !event.metaKey && !event.altKey && !isTyping(event.target);
      if (!commandMenu && !plain) return;
      if (
        event.key === '/' &&
        plain &&
        !event.shiftKey &&
        !document.querySelector('dialog[open]')
      ) {
        // Not typed into the box it focuses.
        event.preventDefault();
        focusUserLookup();
        void load();
        return;
      }
      // Not the browser's own Ctrl+K (its search box), as once the shortcuts are here.
      if (commandMenu) event.preventDefault();
      const { key, ctrlKey, metaKey, altKey, shiftKey, target } = event;
      early.current.push({
        key,
        ctrlKey,
        metaKey,
        altKey,
        shiftKey,
        target,
        defaultPrevented: false,
        isComposing: false,
        preventDefault: () => undefined,
      });
      void load();
    }
    document.addEventListener('keydown', onKeyDown);
    return () => {
      current = false;
      cancelIdle();
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [Shortcuts]);

  return Shortcuts ? <Shortcuts takeEarlyKeys={takeEarlyKeys} /> : null;
}
