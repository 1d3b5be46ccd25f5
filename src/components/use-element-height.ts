import { useEffect, type RefObject } from 'react';

/**
 * Keeps a CSS custom property on the document at an element's height, for what must sit just
 * under it: the sticky page header's height is where a table's sticky header row stops
 * (index.css, `--page-header-height`). Removed when the element goes.
 */
export function useElementHeightProperty(ref: RefObject<HTMLElement | null>, property: string) {
  useEffect(() => {
    const element = ref.current;
    if (element === null || typeof ResizeObserver === 'undefined') return;
    const root = document.documentElement;
    const write = () => root.style.setProperty(property, `${element.offsetHeight}px`);
    write();
    const observer = new ResizeObserver(write);
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty(property);
    };
  }, [ref, property]);
}
