import {
  useEffect,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type MouseEvent as ReactMouseEvent,
} from 'react';
import { lazyModule } from '../lazy-module';
import type { KeyInput, RowKeyContext } from './row-keys';

/** The key handling itself: loaded when the table first takes the focus. */
const loadRowKeys = lazyModule(() => import('./row-keys'));
/** Keys the table handles: taken from the browser (no scrolling) even before that has loaded. */
const TABLE_KEYS = new Set([
  'ArrowDown',
  'ArrowUp',
  'ArrowLeft',
  'ArrowRight',
  'Home',
  'End',
  'j',
  'k',
]);

/**
 * Keyboard and pointer handling for a table's rows, after the WAI-ARIA APG data grid pattern
 * (roving tabindex), on a native table:
 *
 * - the table is one tab stop: Tab enters at its current row and leaves for the pager;
 * - `j`/`k` or Down/Up move between rows, Home/End to the first and last; Up from the first row
 *   goes to the column headers' sort buttons (Left/Right between them, Down back to the rows);
 * - Enter opens the row; `c` copies its ID (the row's own Copy ID button does the copying);
 * - Right moves into the row's links and buttons (out of the Tab order, see in-table-row.ts),
 *   Left and Escape come back out to the row;
 * - a click anywhere on a row opens it, unless it was on a control in the row or selected text;
 * - `[`/`]` on a row (the pager's keys, global-shortcuts.tsx) keep the focus at the same row
 *   position on the new page, and coming back to the table's URL from the row it opened (Back, or
 *   a "Back to" link) puts the focus on that row again, as Gmail and GitHub do.
 *
 * The handlers sit on the table body and head (event delegation), so rows take no props but
 * whether they are the current one.
 */
export function useRowNavigation(rowIds: readonly string[], onActivate?: (id: string) => void) {
  const [currentState, setCurrent] = useState<string | null>(null);
  // A row that left the page (another page, another sort) hands over to the first one.
  const currentId =
    currentState !== null && rowIds.includes(currentState) ? currentState : (rowIds[0] ?? null);
  const body = useRef<HTMLTableSectionElement>(null);
  // The row position to focus once the rows change (`[`/`]` pressed on a row).
  const pagedFrom = useRef<{ index: number; rowIds: readonly string[] } | null>(null);
  // The row this table's URL opened last, to focus when its rows are back.
  const returnTo = useRef<string | null>(null);
  useEffect(() => {
    const id = takeOpenedRow();
    if (id !== null) returnTo.current = id;
  }, []);

  useEffect(() => {
    const from = pagedFrom.current;
    if (from && from.rowIds !== rowIds && rowIds.length > 0) {
      pagedFrom.current = null;
      // Only when the focus went down with the old rows (nobody moved it elsewhere meanwhile).
      if (focusIsFree(body.current, false)) {
        focusRow(body.current, rowIds[Math.min(from.index, rowIds.length - 1)]);
      }
    }
    const back = returnTo.current;
    if (back !== null && rowIds.length > 0) {
      returnTo.current = null;
      // Focusing the row makes it the current one (onBodyFocus).
      if (rowIds.includes(back) && focusIsFree(body.current, true)) focusRow(body.current, back);
    }
  }, [rowIds]);

  const activate =
    onActivate &&
    ((id: string) => {
      rememberOpenedRow(id);
      onActivate(id);
    });
  const context: RowKeyContext = { rowIds, currentId, onActivate: activate };

  /**
   * Hands the key to the loaded handlers; if they are not there yet, keeps the key from the
   * browser and replays it once they are (in practice they arrive with the focus).
   */
  function handleKey(
    event: KeyboardEvent<HTMLTableSectionElement>,
    which: 'onBodyKey' | 'onHeadKey',
  ) {
    if (event.defaultPrevented) return;
    if ((event.key === '[' || event.key === ']') && which === 'onBodyKey') {
      // The page turns in global-shortcuts.tsx (the pager's own buttons); the focus follows here.
      const row = (event.target as HTMLElement).closest<HTMLElement>('tr[data-row-id]');
      const index = row?.dataset.rowId === undefined ? -1 : rowIds.indexOf(row.dataset.rowId);
      pagedFrom.current = index < 0 ? null : { index, rowIds };
      return;
    }
    const input: KeyInput = {
      key: event.key,
      target: event.target,
      currentTarget: event.currentTarget,
      altKey: event.altKey,
      ctrlKey: event.ctrlKey,
      metaKey: event.metaKey,
      preventDefault: () => event.preventDefault(),
    };
    if (TABLE_KEYS.has(event.key) && !event.altKey && !event.ctrlKey && !event.metaKey) {
      event.preventDefault();
    }
    void loadRowKeys().then(
      (keys) => keys[which](input, context),
      () => undefined, // Not downloadable (offline): the table's keys wait for the next try.
    );
  }

  function onBodyFocus(event: FocusEvent<HTMLTableSectionElement>) {
    void loadRowKeys().catch(() => undefined);
    const row = (event.target as HTMLElement).closest<HTMLTableRowElement>('tr[data-row-id]');
    if (row?.dataset.rowId) setCurrent(row.dataset.rowId);
  }

  function onBodyClick(event: ReactMouseEvent<HTMLTableSectionElement>) {
    if (!activate || event.button !== 0 || event.defaultPrevented) return;
    const target = event.target as HTMLElement;
    if (target.closest('a, button, input, select, textarea, summary')) return;
    // Selecting text in a cell is not a click on the row.
    if ((window.getSelection()?.toString() ?? '') !== '') return;
    const row = target.closest<HTMLTableRowElement>('tr[data-row-id]');
    if (row?.dataset.rowId) activate(row.dataset.rowId);
  }

  return {
    currentId,
    bodyProps: {
      ref: body,
      onKeyDown: (event: KeyboardEvent<HTMLTableSectionElement>) => handleKey(event, 'onBodyKey'),
      onFocus: onBodyFocus,
      onClick: onBodyClick,
    },
    headProps: {
      onKeyDown: (event: KeyboardEvent<HTMLTableSectionElement>) => handleKey(event, 'onHeadKey'),
    },
  };
}

function focusRow(body: HTMLElement | null, id: string | undefined) {
  if (id === undefined) return;
  body?.querySelector<HTMLTableRowElement>(`tr[data-row-id="${CSS.escape(id)}"]`)?.focus();
}

/**
 * Whether the table may take the focus: it is nowhere (it went down with the rows it was on), in
 * this table's body, or, coming back to the page, where the page put it (main, its heading).
 */
function focusIsFree(body: HTMLElement | null, arriving: boolean): boolean {
  const focused = document.activeElement;
  if (focused === null || focused === document.body || body?.contains(focused)) return true;
  if (!arriving || document.querySelector('dialog[open]')) return false;
  return focused.id === 'main' || (focused.tagName === 'H1' && focused.closest('main') !== null);
}

/**
 * The row opened last and the table URL it was opened from (one for the whole app: only one row
 * is ever opened at a time). The next table to show takes it, whether or not it is its own.
 */
let openedRow: { at: string; id: string } | null = null;

function tableUrl(): string {
  return `${window.location.pathname}${window.location.search}`;
}

function rememberOpenedRow(id: string) {
  openedRow = { at: tableUrl(), id };
}

function takeOpenedRow(): string | null {
  const opened = openedRow;
  openedRow = null;
  return opened !== null && opened.at === tableUrl() ? opened.id : null;
}
