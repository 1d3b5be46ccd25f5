import { useEffect } from 'react';

/** Set once the person has pressed a key or a pointer: from then on, page changes are theirs. */
let interacted = false;
if (typeof document !== 'undefined') {
  const mark = () => {
    interacted = true;
  };
  document.addEventListener('keydown', mark, { capture: true, once: true });
  document.addEventListener('pointerdown', mark, { capture: true, once: true });
}

/**
 * After an in-app navigation, moves the focus to the new page's level-1 heading (once it is
 * rendered: a user page's heading waits for its data), so a screen reader announces the page and
 * the next Tab starts from its top. Not on the first load, nor for redirects before the person has
 * done anything, when the browser's own starting point is right; not while a dialog is open, nor
 * when the page has placed the focus itself. The heading is focused by script only (tabIndex -1),
 * so it shows no focus ring (index.css): it is where reading starts, not a control.
 * Render it keyed by the path.
 */
export function FocusHeadingOnNavigation() {
  useEffect(() => {
    if (!interacted) return;
    const main = document.getElementById('main') ?? document.body;
    const focusedBefore = document.activeElement;
    // The page has put the focus somewhere itself already (a table's row, coming back to it).
    if (focusedBefore !== main && focusedBefore?.closest('main') === main) return;
    // The person may have moved on while the page loaded (into the lookup box, say): keep that.
    const stillWaiting = () => {
      const focused = document.activeElement;
      return focused === null || focused === document.body || focused === focusedBefore;
    };
    const focusHeading = () => {
      const heading = main.querySelector<HTMLElement>('h1');
      if (!heading) return false;
      if (stillWaiting() && !document.querySelector('dialog[open]')) {
        heading.tabIndex = -1;
        heading.focus();
      }
      return true;
    };
    if (focusHeading()) return;
    const observer = new MutationObserver(() => {
      if (focusHeading()) observer.disconnect();
    });
    observer.observe(main, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, []);
  return null;
}
