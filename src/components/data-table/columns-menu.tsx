import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';

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
 */

export interface ColumnOption {
  id: string;
  /** The column header's text: the item's name. */
  label: string;
  visible: boolean;
  canHide: boolean;
}

interface ColumnsMenuProps {
  columns: readonly ColumnOption[];
  onToggle: (id: string, visible: boolean) => void;
  onReset: () => void;
}

export function ColumnsMenu({ columns, onToggle, onReset }: ColumnsMenuProps) {
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const buttonId = useId();
  const noteId = useId();
  // The columns, then Reset columns.
  const count = columns.length + 1;
  const labels = [...columns.map((column) => column.label), 'Reset columns'];

  // Focus follows the active item while the menu is open (the pattern's roving focus).
  useEffect(() => {
    if (!open) return;
    menuRef.current?.querySelectorAll<HTMLElement>('[data-item]')[active]?.focus();
  }, [open, active]);

  function openAt(index: number) {
    setActive(index);
    setOpen(true);
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
      openAt(count - 1);
    }
  }

  function onMenuKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const move = (index: number) => {
      event.preventDefault();
      setActive((index + count) % count);
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
        return close();
      case 'Tab':
        // Focus moves on by itself to the control after the button; losing it closes the menu.
        return;
      case 'Enter':
      case ' ':
        event.preventDefault();
        return activate(active);
    }
    if (event.key.length === 1 && /\S/.test(event.key)) {
      const key = event.key.toLowerCase();
      for (let step = 1; step <= count; step += 1) {
        const index = (active + step) % count;
        if (labels[index]?.toLowerCase().startsWith(key)) return move(index);
      }
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
        aria-controls={open ? menuId : undefined}
        onClick={() => (open ? setOpen(false) : openAt(0))}
        onKeyDown={onButtonKeyDown}
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
      {open && (
        <div
          // Pressing on the menu keeps focus where it is (on an item), so nothing blurs.
          onMouseDown={(event) => event.preventDefault()}
          className="absolute right-0 z-20 mt-1 w-64 rounded-md border border-slate-200 bg-white py-1 text-sm shadow-lg dark:border-slate-700 dark:bg-slate-800"
        >
          <div
            ref={menuRef}
            id={menuId}
            role="menu"
            aria-labelledby={buttonId}
            aria-describedby={noteId}
            onKeyDown={onMenuKeyDown}
          >
            {columns.map((column, index) => (
              <div
                key={column.id}
                data-item=""
                role="menuitemcheckbox"
                aria-checked={column.visible}
                aria-disabled={column.canHide ? undefined : true}
                tabIndex={-1}
                onClick={() => activate(index)}
                onMouseMove={() => active !== index && setActive(index)}
                className={`flex cursor-default items-center gap-2 px-3 py-1.5 outline-none focus:bg-slate-100 dark:focus:bg-slate-700 ${column.canHide ? '' : 'text-slate-500 dark:text-slate-400'}`}
              >
                <CheckMark checked={column.visible} />
                {column.label}
              </div>
            ))}
            <div
              role="separator"
              className="my-1 border-t border-slate-200 dark:border-slate-700"
            />
            <div
              data-item=""
              role="menuitem"
              tabIndex={-1}
              onClick={() => activate(columns.length)}
              onMouseMove={() => active !== columns.length && setActive(columns.length)}
              className="cursor-default py-1.5 pr-3 pl-9 outline-none focus:bg-slate-100 dark:focus:bg-slate-700"
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
      )}
    </div>
  );
}

function CheckMark({ checked }: { checked: boolean }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 16 16"
      className={`size-4 ${checked ? '' : 'invisible'}`}
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M3.5 8.5l3 3 6-7" />
    </svg>
  );
}
