import {
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
 * - a click anywhere on a row opens it, unless it was on a control in the row or selected text.
 *
 * The handlers sit on the table body and head (event delegation), so rows take no props but
 * whether they are the current one.
 */
export function useRowNavigation(rowIds: readonly string[], onActivate?: (id: string) => void) {
  const [currentState, setCurrent] = useState<string | null>(null);
  // A row that left the page (another page, another sort) hands over to the first one.
  const currentId =
    currentState !== null && rowIds.includes(currentState) ? currentState : (rowIds[0] ?? null);

  const context: RowKeyContext = { rowIds, currentId, onActivate };

  /**
   * Hands the key to the loaded handlers; if they are not there yet, keeps the key from the
   * browser and replays it once they are (in practice they arrive with the focus).
   */
  function handleKey(
    event: KeyboardEvent<HTMLTableSectionElement>,
    which: 'onBodyKey' | 'onHeadKey',
  ) {
    if (event.defaultPrevented) return;
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
    if (!onActivate || event.button !== 0 || event.defaultPrevented) return;
    const target = event.target as HTMLElement;
    if (target.closest('a, button, input, select, textarea, summary')) return;
    // Selecting text in a cell is not a click on the row.
    if ((window.getSelection()?.toString() ?? '') !== '') return;
    const row = target.closest<HTMLTableRowElement>('tr[data-row-id]');
    if (row?.dataset.rowId) onActivate(row.dataset.rowId);
  }

  return {
    currentId,
    bodyProps: {
      onKeyDown: (event: KeyboardEvent<HTMLTableSectionElement>) => handleKey(event, 'onBodyKey'),
      onFocus: onBodyFocus,
      onClick: onBodyClick,
    },
    headProps: {
      onKeyDown: (event: KeyboardEvent<HTMLTableSectionElement>) => handleKey(event, 'onHeadKey'),
    },
  };
}
