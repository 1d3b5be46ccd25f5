import {
  useEffect,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type MouseEvent as ReactMouseEvent,
  type PointerEvent as ReactPointerEvent,
} from 'react';
import { rememberedModule } from '../lazy-module';
import type { KeyInput, RowKeyContext } from './row-keys';

type RowKeys = typeof import('./row-keys');
/** The key handling itself: loaded when the table first takes the focus; then at hand here. */
const rowKeys = rememberedModule<RowKeys>(() => import('./row-keys'));
/** Keys the table handles: taken from the browser (no scrolling) even before that has loaded. */
const TABLE_KEYS = /^(Arrow(Down|Up|Left|Right)|Home|End|j|k)$/;

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
 *   a row pressed just as the next page comes in (its row gone before the release, so the browser
 *   fires no click) opens on the release, once;
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
  // The focus across pages and back to a row opened (row-keys.ts): nothing to do before it loads.
  useEffect(() => rowKeys.loaded()?.afterRows(body.current, rowIds), [rowIds]);

  const activate =
    onActivate &&
    ((id: string) => {
      const at = location.pathname + location.search;
      void rowKeys.load().then(
        (module) => module.rememberOpenedRow(at, id),
        () => undefined,
      );
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
    // The event's own fields as they are now (React clears currentTarget after the dispatch).
    const input: KeyInput = { ...event, preventDefault: () => event.preventDefault() };
    if (TABLE_KEYS.test(event.key) && !event.altKey && !event.ctrlKey && !event.metaKey) {
      event.preventDefault();
    }
    // At once when loaded: `[`/`]` must be seen before the page they turn comes in.
    const run = (module: RowKeys, key: KeyInput) => module[which](key, context);
    const loaded = rowKeys.loaded();
    if (loaded) run(loaded, input);
    else
      void rowKeys.load().then(
        // Keys pressed before the handlers arrived are replayed in order, each from where the one
        // before left the focus (j j is two rows down, not one).
        (module) => {
          const focused = document.activeElement;
          const body = input.currentTarget;
          run(module, focused && body.contains(focused) ? { ...input, target: focused } : input);
        },
        () => undefined, // Not downloadable (offline): the table's keys wait for the next try.
      );
  }

  function onBodyFocus(event: FocusEvent<HTMLTableSectionElement>) {
    void rowKeys.load().catch(() => undefined);
    const row = (event.target as HTMLElement).closest<HTMLTableRowElement>('tr[data-row-id]');
    if (row?.dataset.rowId) setCurrent(row.dataset.rowId);
  }

  function open(target: HTMLElement, opener: (id: string) => void) {
    void rowKeys.load().then(
      (module) => module.onBodyClick(target, opener),
      () => undefined,
    );
  }

  /**
   * A press and a release on a row make a click only if the row pressed is still there: when the
   * rows change in between (the page just asked for comes in under the pointer), Chromium sends no
   * click at all. The release then opens the row pressed, with what its render knew of it; a
   * browser that does send a click after it does not open a second row.
   */
  const pressed = useRef<{ target: HTMLElement; opener: (id: string) => void } | null>(null);
  const openedOnRelease = useRef(false);
  function onBodyClick(event: ReactMouseEvent<HTMLTableSectionElement>) {
    if (openedOnRelease.current) {
      openedOnRelease.current = false;
      return;
    }
    if (!activate || event.button !== 0 || event.defaultPrevented) return;
    open(event.target as HTMLElement, activate);
  }
  function onBodyPointerDown(event: ReactPointerEvent<HTMLTableSectionElement>) {
    openedOnRelease.current = false;
    pressed.current =
      activate && event.button === 0 && event.isPrimary
        ? { target: event.target as HTMLElement, opener: activate }
        : null;
  }
  function onBodyPointerUp(event: ReactPointerEvent<HTMLTableSectionElement>) {
    const press = pressed.current;
    pressed.current = null;
    if (!press || event.button !== 0 || press.target.isConnected) return;
    openedOnRelease.current = true;
    // The click, if the browser sends one, comes in this same task.
    setTimeout(() => (openedOnRelease.current = false));
    open(press.target, press.opener);
  }
  // Released elsewhere, or taken over by a scroll: no press of this body's is pending any more.
  const forgetPress = () => (pressed.current = null);

  return {
    currentId,
    bodyProps: {
      ref: body,
      onKeyDown: (event: KeyboardEvent<HTMLTableSectionElement>) => handleKey(event, 'onBodyKey'),
      onFocus: onBodyFocus,
      onClick: onBodyClick,
      onPointerDown: onBodyPointerDown,
      onPointerUp: onBodyPointerUp,
      onPointerLeave: forgetPress,
      onPointerCancel: forgetPress,
    },
    headProps: {
      onKeyDown: (event: KeyboardEvent<HTMLTableSectionElement>) => handleKey(event, 'onHeadKey'),
    },
  };
}
