const TEXT_INPUT_TYPES = new Set(['text', 'search', 'email', 'url', 'tel', 'password', 'number']);

/** Keys typed here are text (or choices), not shortcuts. */
export function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  return target instanceof HTMLInputElement && TEXT_INPUT_TYPES.has(target.type);
}

/** A box that Escape leaves (Gmail's way), so the shortcuts work again: not one in a dialog. */
export function leavesOnEscape(target: EventTarget | null): boolean {
  return target instanceof HTMLInputElement && target.closest('dialog') === null;
}

/** What the shortcuts read of a key press: a keydown event, or a copy of one kept for later. */
export type ShortcutKey = Pick<
  KeyboardEvent,
  | 'key'
  | 'ctrlKey'
  | 'metaKey'
  | 'altKey'
  | 'shiftKey'
  | 'target'
  | 'defaultPrevented'
  | 'isComposing'
  | 'preventDefault'
>;

/** The command menu's key, Ctrl+K (Cmd+K on a Mac): it works everywhere, text fields included. */
export function isCommandMenuKey(event: ShortcutKey): boolean {
  return (
    (event.ctrlKey || event.metaKey) &&
    !event.altKey &&
    !event.shiftKey &&
    event.key.toLowerCase() === 'k'
  );
}
