import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { lazyModule } from '../lazy-module';
import type { ColumnOption } from './view-options';

/**
 * Which columns the table shows: the WAI-ARIA APG "Menu Button" pattern
 * (https://www.w3.org/WAI/ARIA/apg/patterns/menu-button/) opening a menu of `menuitemcheckbox`
 * items, one per column, and a Reset columns item.
 *
 * - Enter, Space or Down Arrow on the button opens the menu on the first item; Up Arrow, on the
 *   last. A click toggles it.
 * - In the menu: Down/Up Arrow move (wrapping), Home/End go to the ends, a letter goes to the
 *   next item starting with it; Enter or Space toggles a column and keeps the menu open; on Reset
 *   columns they reset and close. Escape closes and returns focus to the button; Tab closes.
 * - A column that must stay visible is listed, checked and `aria-disabled`.
 *
 * The button is on the table's first render; the menu itself (columns-menu-popup.tsx) is
 * loaded when first wanted: on hover or focus of the button, at the latest when it opens.
 */

interface ColumnsMenuProps {
  columns: readonly ColumnOption[];
  onToggle: (id: string, visible: boolean) => void;
  onReset: () => void;
  /** The menu's code could not be downloaded (offline, a new deployment). */
  onLoadError: () => void;
}

type PopupModule = typeof import('./columns-menu-popup');

const loadPopup = lazyModule<PopupModule>(() => import('./columns-menu-popup'));

export function ColumnsMenu({ columns, onToggle, onReset, onLoadError }: ColumnsMenuProps) {
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const [popup, setPopup] = useState<PopupModule | null>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const buttonId = useId();

  // Ahead of need, on hover or focus; a failure then is only reported if the menu is opened.
  const preload = () => void loadPopup().then(setPopup, () => {});

  function openAt(index: number) {
    setActive(index);
    setOpen(true);
    loadPopup().then(setPopup, () => {
      setOpen(false);
      onLoadError();
    });
  }

  function close() {
    setOpen(false);
    buttonRef.current?.focus();
  }

  function activate(index: number) {
    const column = columns[index];
    if (column === undefined) {
      onReset();
      close();
    } else if (column.canHide) {
      onToggle(column.id, !column.visible);
    }
  }

  function onButtonKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key === 'ArrowDown' || event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      openAt(0);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      openAt(columns.length);
    }
  }

  const hiddenCount = columns.filter((column) => !column.visible).length;
  return (
    <div
      className="relative"
      // Focus leaving the button and the menu (Tab, a click elsewhere) closes the menu.
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setOpen(false);
      }}
    >
      <button
        ref={buttonRef}
        id={buttonId}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open && popup ? menuId : undefined}
        onClick={() => (open ? setOpen(false) : openAt(0))}
        onKeyDown={onButtonKeyDown}
        onPointerEnter={preload}
        onFocus={preload}
        className="inline-flex items-center gap-1.5 rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-900 hover:bg-slate-50 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100 dark:hover:bg-slate-700"
      >
        Columns
        {hiddenCount > 0 && (
          // Not part of the name, which stays "Columns"; the menu itself says which are hidden.
          <span aria-hidden="true" className="text-slate-600 dark:text-slate-300">
            ({hiddenCount} hidden)
          </span>
        )}
      </button>
      {open && popup && (
        <popup.ColumnsMenuPopup
          columns={columns}
          active={active}
          onActiveChange={setActive}
          onActivate={activate}
          onClose={close}
          menuId={menuId}
          buttonId={buttonId}
        />
      )}
    </div>
  );
}
