import type { HTMLAttributes, ReactNode } from 'react';
import type { MenuPopupProps } from '../menu-button';
import { onMenuKeyDown } from './menu-keys';

/** Which item of an open menu is current, and how to move and activate (menu-keys.ts). */
export interface MenuState {
  labels: readonly string[];
  current: number;
  move: (index: number) => void;
  activate: (index: number) => void;
  close: () => void;
}

/**
 * The frame of an open menu (WAI-ARIA APG "Menu") under its button, shared by the Columns and Views
 * menus: the panel, the menu with its keys, and a note under the items that describes the menu.
 */
export function MenuPanel({
  popup,
  menu,
  width,
  note,
  scrolls = false,
  children,
}: {
  popup: Pick<MenuPopupProps, 'menuId' | 'buttonId'>;
  menu: MenuState;
  /** A Tailwind width class. */
  width: string;
  note: ReactNode;
  /** A long menu scrolls, its note staying in view. */
  scrolls?: boolean;
  children: ReactNode;
}) {
  const noteId = `${popup.menuId}-note`;
  return (
    <div
      // Pressing on the menu keeps focus where it is (on an item), so nothing blurs.
      onMouseDown={(event) => event.preventDefault()}
      className={`absolute right-0 z-20 mt-1 ${width} rounded-md border border-slate-200 bg-white py-1 text-sm shadow-lg dark:border-slate-700 dark:bg-slate-800`}
    >
      <div
        id={popup.menuId}
        role="menu"
        aria-labelledby={popup.buttonId}
        aria-describedby={noteId}
        onKeyDown={(event) => onMenuKeyDown(event, menu)}
        className={scrolls ? 'max-h-80 overflow-y-auto' : undefined}
      >
        {children}
      </div>
      <p
        id={noteId}
        className="border-t border-slate-200 px-3 pt-1.5 pb-1 text-xs text-slate-600 dark:border-slate-700 dark:text-slate-300"
      >
        {note}
      </p>
    </div>
  );
}

/**
 * An item of an open menu: activated by a click, made current by the pointer, and focused while
 * it is current (roving focus).
 */
export function MenuItem({
  index,
  menu,
  role = 'menuitem',
  className = '',
  ...rest
}: {
  index: number;
  menu: Pick<MenuState, 'current' | 'move' | 'activate'>;
  role?: 'menuitem' | 'menuitemcheckbox' | 'menuitemradio';
} & Omit<HTMLAttributes<HTMLDivElement>, 'role' | 'tabIndex' | 'onClick' | 'onMouseMove'>) {
  const isCurrent = index === menu.current;
  return (
    <div
      {...rest}
      ref={(element) => {
        if (isCurrent && element && element !== document.activeElement) element.focus();
      }}
      role={role}
      tabIndex={-1}
      onClick={() => menu.activate(index)}
      onMouseMove={() => !isCurrent && menu.move(index)}
      className={`flex cursor-default items-center gap-2 px-3 py-1.5 outline-none focus:bg-slate-100 dark:focus:bg-slate-700 ${className}`}
    />
  );
}

/** Between groups of items. */
export function MenuSeparator() {
  return <div role="separator" className="my-1 border-t border-slate-200 dark:border-slate-700" />;
}
