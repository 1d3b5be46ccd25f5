import { useLayoutEffect, useState, type RefObject } from 'react';

/**
 * Whether a table of `width` CSS pixels fits the width of the area `ref` points at, kept up to
 * date as that area or the width changes. A table that fits lets the page scroll it, its header
 * row sticking under the page's header; one that does not scrolls in its own area both ways
 * (index.css, `.data-table-scroll`). True until measured, the usual case on a desktop.
 */
export function useFits(ref: RefObject<HTMLElement | null>, width: number): boolean {
  const [available, setAvailable] = useState<number | null>(null);
  useLayoutEffect(() => {
    const element = ref.current;
    if (element === null) return;
    const measure = () => setAvailable(element.clientWidth);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return available === null || available === 0 || width <= available;
}
