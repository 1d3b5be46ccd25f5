import { useState } from 'react';
import type { MenuPopupProps } from '../menu-button';
import { MenuItem, MenuPanel, MenuSeparator } from './menu-popup';
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

  const menu = { labels, current, move: setActive, activate, close };
  return (
    <MenuPanel
      popup={props}
      menu={menu}
      width="w-64"
      note="Export CSV always writes every field the API returns, hidden columns included."
    >
      {columns.map((column, index) => (
        <MenuItem
          key={column.id}
          index={index}
          menu={menu}
          role="menuitemcheckbox"
          aria-checked={column.visible}
          aria-disabled={column.canHide ? undefined : true}
          className={column.canHide ? '' : 'text-slate-500 dark:text-slate-400'}
        >
          <span
            aria-hidden="true"
            className={`icon icon-check size-4 ${column.visible ? '' : 'invisible'}`}
          />
          {column.label}
        </MenuItem>
      ))}
      <MenuSeparator />
      <MenuItem index={columns.length} menu={menu} className="pl-9">
        {RESET_COLUMNS}
      </MenuItem>
    </MenuPanel>
  );
}
