/**
 * The keys of a table's rows and column headers (see data-table-keyboard.ts for the pattern).
 * Loaded when the table first takes the focus: no key can reach it before that.
 */

/** What a key handler needs of the event: a React event, or one replayed after this loaded. */
export interface KeyInput {
  key: string;
  target: EventTarget | null;
  currentTarget: HTMLElement;
  altKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  preventDefault(): void;
}

export interface RowKeyContext {
  rowIds: readonly string[];
  currentId: string | null;
  onActivate: ((id: string) => void) | undefined;
}

/** Keys on the table body: moves between rows and into a row's controls, opens, copies. */
export function onBodyKey(event: KeyInput, { rowIds, onActivate }: RowKeyContext): void {
  if (event.altKey || event.ctrlKey || event.metaKey) return;
  const body = event.currentTarget;
  const target = event.target as HTMLElement;
  const row = target.closest<HTMLTableRowElement>('tr[data-row-id]');
  if (!row) return;
  const id = row.dataset.rowId as string;
  const index = rowIds.indexOf(id);
  const onRow = target === row;
  let handled = true;
  switch (event.key) {
    case 'ArrowDown':
    case 'j':
      focusRow(body, rowIds[index + 1]);
      break;
    case 'ArrowUp':
    case 'k':
      if (index > 0) focusRow(body, rowIds[index - 1]);
      else body.parentElement?.querySelector<HTMLButtonElement>('thead button')?.focus();
      break;
    case 'Home':
    case 'End':
      if (onRow) focusRow(body, event.key === 'Home' ? rowIds[0] : rowIds.at(-1));
      else handled = false;
      break;
    case 'Enter':
      // On a link or button, Enter is that control's own.
      if (onRow && onActivate) onActivate(id);
      else handled = false;
      break;
    case 'c':
      row.querySelector<HTMLButtonElement>('button[data-copy-id]')?.click();
      break;
    case '[':
    case ']':
      // The page turns in global-shortcuts.tsx (the pager's own buttons); afterRows follows it.
      pageTurn = { body, rowIds, index };
      arrived.add(body);
      handled = false;
      break;
    case 'ArrowRight':
    case 'ArrowLeft': {
      const controls = [...row.querySelectorAll<HTMLElement>('a[href], button, [tabindex="-1"]')];
      const next = (onRow ? -1 : controls.indexOf(target)) + (event.key === 'ArrowRight' ? 1 : -1);
      if (next < 0) row.focus();
      else controls[Math.min(next, controls.length - 1)]?.focus();
      break;
    }
    case 'Escape':
      if (onRow) handled = false;
      else row.focus();
      break;
    default:
      handled = false;
  }
  if (handled) event.preventDefault();
}

/** A click anywhere on a row opens it, but not on a control in it, nor one that selected text. */
export function onBodyClick(target: HTMLElement, activate: (id: string) => void): void {
  if (target.closest('a, button, input, select, textarea, summary')) return;
  if ((window.getSelection()?.toString() ?? '') !== '') return;
  const id = target.closest<HTMLTableRowElement>('tr[data-row-id]')?.dataset.rowId;
  if (id) activate(id);
}

/** Keys on the column headers' sort buttons: Left/Right between them, Down back to the rows. */
export function onHeadKey(event: KeyInput, { currentId }: RowKeyContext): void {
  const buttons = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('button')];
  const at = buttons.indexOf(event.target as HTMLButtonElement);
  if (at < 0) return;
  const body = event.currentTarget.parentElement?.querySelector('tbody');
  if (event.key === 'ArrowRight' || event.key === 'ArrowLeft') {
    event.preventDefault();
    const next = at + (event.key === 'ArrowRight' ? 1 : -1);
    buttons[Math.max(0, Math.min(next, buttons.length - 1))]?.focus();
  } else if ((event.key === 'ArrowDown' || event.key === 'j') && body && currentId !== null) {
    event.preventDefault();
    focusRow(body, currentId);
  }
}

function focusRow(body: HTMLElement, id: string | undefined) {
  if (id === undefined) return;
  body.querySelector<HTMLTableRowElement>(`tr[data-row-id="${CSS.escape(id)}"]`)?.focus();
}

/** The row position `[`/`]` was pressed at, in which rows of which table body. */
let pageTurn: { body: HTMLElement; rowIds: readonly string[]; index: number } | null = null;
/** The row opened last, and the URL of the table it was opened from. */
let opened: { at: string; id: string } | null = null;
/** Table bodies that have shown rows: the first rows of another are a page (re)arriving. */
const arrived = new WeakSet<HTMLElement>();

export function rememberOpenedRow(at: string, id: string) {
  opened = { at, id };
}

/**
 * After a table's rows changed: `[`/`]` pressed on a row keep the focus at its position on the new
 * page; the first rows of a table at the URL a row was opened from focus that row again (once).
 * Only when the focus is free: it went down with the old rows, is in this table, or, coming back,
 * is where the page put it (main, its heading).
 */
export function afterRows(body: HTMLElement | null, rowIds: readonly string[]): void {
  if (!body || rowIds.length === 0) return;
  let id: string | undefined;
  let arriving = false;
  if (!arrived.has(body)) {
    arrived.add(body);
    if (opened?.at === location.pathname + location.search) {
      id = opened.id;
      arriving = true;
    }
    opened = null;
  } else if (pageTurn?.body === body && pageTurn.rowIds !== rowIds) {
    id = rowIds[Math.min(pageTurn.index, rowIds.length - 1)];
    pageTurn = null;
  }
  const focused = document.activeElement;
  const free =
    focused === null ||
    focused === document.body ||
    body.contains(focused) ||
    (arriving &&
      !document.querySelector('dialog[open]') &&
      (focused.id === 'main' || (focused.tagName === 'H1' && focused.closest('main') !== null)));
  if (free) focusRow(body, id);
}
