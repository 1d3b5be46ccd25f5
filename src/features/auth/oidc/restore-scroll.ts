/** Where a page was scrolled to, in CSS pixels. */
export interface ScrollSpot {
  x: number;
  y: number;
}

/** Events that mean the person has started on the page themselves: their scroll wins. */
const OWN_MOVES = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

/**
 * Puts a page back where it was scrolled to before it left for the identity provider (**Sign in
 * again**; renewal in place never leaves, so keeps it anyway). The page comes back short and
 * grows as its data arrives: the scroll waits until the page is long enough, gives up as soon as
 * the person scrolls, types or clicks, and after `waitMs` goes as far as the page allows.
 * Returns a way to stop.
 */
export function restoreScroll(spot: ScrollSpot, waitMs = 10_000): () => void {
  const root = document.documentElement;
  const fits = () =>
    root.scrollHeight - window.innerHeight >= spot.y &&
    root.scrollWidth - window.innerWidth >= spot.x;
  const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(check);
  const timer = setTimeout(() => {
    window.scrollTo(spot.x, spot.y);
    stop();
  }, waitMs);

  function check() {
    if (!fits()) return;
    window.scrollTo(spot.x, spot.y);
    stop();
  }
  function stop() {
    clearTimeout(timer);
    observer?.disconnect();
    for (const type of OWN_MOVES) window.removeEventListener(type, stop, true);
  }

  for (const type of OWN_MOVES) window.addEventListener(type, stop, true);
  observer?.observe(document.body);
  check();
  return stop;
}
