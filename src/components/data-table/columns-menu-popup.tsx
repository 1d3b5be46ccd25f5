import { useState } from 'react';
import type { MenuPopupProps } from './menu-button';
import { onMenuKeyDown } from './menu-keys';
import { RESET_COLUMNS, type ColumnsMenuProps } from './view-options';

/**
 * The open Columns menu: its items and their keys (see columns-menu.tsx and menu-keys.ts).
 * Loaded when the menu is first wanted. The import of RESET_COLUMNS from view-options.ts (below
 * both this and the menu button) keeps the bundler from splitting the JSX runtime out of the
 * entry chunk, which it does when a lazy module's only tie to the page is that runtime
 * (measured: +0.6 KB on every page).
 */
export function ColumnsMenuPopup(props: ColumnsMenuProps & MenuPopupProps) {
  const { columns, openAt } = props;
  const [active, setActive] = useState<number | null>(null);
  if (openAt === null) {
    if (active !== null) setActive(null);
    return null;
  }
  const labels = [...columns.map((column) => column.label), RESET_COLUMNS];
  // Opening puts the focus on the first or the last item; then the keys move it.
  const current = active ?? (openAt === -1 ? labels.length - 1 : 0);
  const noteId = `${props.menuId}-note`;

  function close() {
    props.onClose(true);
  }

  function activate(index: number) {
    const column = columns[index];
    if (column === undefined) {
      props.onReset();
      close();
    } else if (column.canHide) {
      props.onToggle(column.id, !column.visible);
    }
  }

  // Roving focus: the active item takes it whenever the menu renders.
  const focusIfActive = (index: number) => (element: HTMLElement | null) => {
    if (index === current && element && element !== document.activeElement) element.focus();
  };
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
        onKeyDown={(event) =>
          onMenuKeyDown(event, { labels, current, move: setActive, activate, close })
        }
      >
        {columns.map((column, index) => (
          <div
            key={column.id}
            ref={focusIfActive(index)}
            role="menuitemcheckbox"
            aria-checked={column.visible}
            aria-disabled={column.canHide ? undefined : true}
            tabIndex={-1}
            onClick={() => activate(index)}
            onMouseMove={() => current !== index && setActive(index)}
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
          onClick={() => activate(columns.length)}
          onMouseMove={() => current !== columns.length && setActive(columns.length)}
          className={`${itemClass} pl-9`}
        >
          {RESET_COLUMNS}
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
