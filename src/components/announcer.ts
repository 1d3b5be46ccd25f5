/**
 * One polite live region for the whole page, for short confirmations such as "Copied". A region
 * per control would put fifty of them in a table page (one per row's Copy ID button), each of
 * which a screen reader tracks. The region is created before the first announcement (by
 * `ensureAnnouncer` when a control mounts), because text put into a region that has only just
 * appeared is often not read.
 */
const CLEAR_AFTER_MS = 5_000;

let region: HTMLElement | null = null;
let clearTimer: ReturnType<typeof setTimeout> | undefined;

export function ensureAnnouncer(): HTMLElement {
  if (region?.isConnected) return region;
  region = document.createElement('div');
  region.setAttribute('aria-live', 'polite');
  region.setAttribute('data-announcer', '');
  region.className = 'sr-only';
  document.body.append(region);
  return region;
}

/** Says `text` once; the same words again are said again (a new text node is a new addition). */
export function announce(text: string): void {
  const target = ensureAnnouncer();
  clearTimeout(clearTimer);
  target.replaceChildren(...(text === '' ? [] : [document.createTextNode(text)]));
  // Left in place, the words would be read again by someone reading to the end of the page.
  clearTimer = setTimeout(() => target.replaceChildren(), CLEAR_AFTER_MS);
}
