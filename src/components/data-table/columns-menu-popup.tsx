import type { KeyboardEvent } from 'react';
import { RESET_COLUMNS, type ColumnOption } from './view-options';

/**
 * The open Columns menu: its items and their keys (see columns-menu.tsx for the pattern). Loaded
 * when the menu is first wanted. No import of React itself here, only JSX: see
 * export/export-engine.ts for the bundler issue that makes that worth it. The same issue splits
 * the JSX runtime out of the entry chunk when a lazy module's only tie to the page is that
 * runtime (measured: +0.6 KB on every page), which the import of RESET_COLUMNS avoids: it comes
 * from view-options.ts, below both this and the menu button (importing it from the button, as
 * once, made a loop; defining it here measured the +0.6 KB).
 */

export interface ColumnsMenuPopupProps {
  columns: readonly ColumnOption[];
  /** The item with the focus: an index into the columns, then Reset columns. */
  active: number;
  onActiveChange: (index: number) => void;
  /** A column's index, or `columns.length` for Reset columns. */
  onActivate: (index: number) => void;
  onClose: () => void;
  menuId: string;
  buttonId: string;
}

export function ColumnsMenuPopup(props: ColumnsMenuPopupProps) {
  const { columns, active, onActiveChange, onActivate } = props;
  const count = columns.length + 1;
  const labels = [...columns.map((column) => column.label), RESET_COLUMNS];
  const noteId = `${props.menuId}-note`;
  // Roving focus: the active item takes it whenever the menu renders.
  const focusIfActive = (index: number) => (element: HTMLElement | null) => {
    if (index === active && element && element !== document.activeElement) element.focus();
  };

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    // Keys in an open menu are the menu's: page-wide shortcuts must not see them. Tab goes on.
    if (event.key !== 'Tab') event.stopPropagation();
    const move = (index: number) => {
      event.preventDefault();
      onActiveChange((index + count) % count);
    };
    switch (event.key) {
      case 'ArrowDown':
        return move(active + 1);
      case 'ArrowUp':
        return move(active - 1);
      case 'Home':
        return move(0);
      case 'End':
        return move(count - 1);
      case 'Escape':
        event.preventDefault();
        return props.onClose();
      case 'Enter':
      case ' ':
        event.preventDefault();
        return onActivate(active);
    }
    // Tab is left alone: focus moves on, and losing it closes the menu.
    if (event.key.length === 1 && /\S/.test(event.key)) {
      const key = event.key.toLowerCase();
      for (let step = 1; step <= count; step += 1) {
        const index = (active + step) % count;
        if (labels[index]?.toLowerCase().startsWith(key)) return move(index);
      }
    }
  }

  const itemClass =
    'flex cursor-default items-center gap-2 px-3 py-1.5 outline-none focus:bg-slate-100 dark:focus:bg-slate-700';
  return (
    <div
      // Pressing on the menu keeps focus where it is (on an item), so nothing blurs.
      onMouseDown={(event) => event.preventDefault()}
      className="absolute right-0 z-20 mt-1 w-64 rounded-md border border-slate-200 bg-white py-1 text-sm shadow-lg dark:border-slate-700 dark:bg-slate-800"
    >
      <div
        id={props.menuId}
        role="menu"
        aria-labelledby={props.buttonId}
        aria-describedby={noteId}
        onKeyDown={onKeyDown}
      >
        {columns.map((column, index) => (
          <div
            key={column.id}
            ref={focusIfActive(index)}
            role="menuitemcheckbox"
            aria-checked={column.visible}
            aria-disabled={column.canHide ? undefined : true}
            tabIndex={-1}
            onClick={() => onActivate(index)}
            onMouseMove={() => active !== index && onActiveChange(index)}
            className={`${itemClass} ${column.canHide ? '' : 'text-slate-500 dark:text-slate-400'}`}
          >
            <span
              aria-hidden="true"
              className={`icon icon-check size-4 ${column.visible ? '' : 'invisible'}`}
            />
            {column.label}
          </div>
        ))}
        <div role="separator" className="my-1 border-t border-slate-200 dark:border-slate-700" />
        <div
          ref={focusIfActive(columns.length)}
          role="menuitem"
          tabIndex={-1}
          onClick={() => onActivate(columns.length)}
          onMouseMove={() => active !== columns.length && onActiveChange(columns.length)}
          className={`${itemClass} pl-9`}
        >
          Reset columns
        </div>
      </div>
      <p
        id={noteId}
        className="border-t border-slate-200 px-3 pt-1.5 pb-1 text-xs text-slate-600 dark:border-slate-700 dark:text-slate-300"
      >
        Export CSV always writes every field the API returns, hidden columns included.
      </p>
    </div>
  );
}
