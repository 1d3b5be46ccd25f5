import type { KeyboardEvent } from 'react';

/**
 * The keys of an open menu (WAI-ARIA APG "Menu"), shared by the Columns and Views menus, loaded
 * with them: Down/Up Arrow move (wrapping), Home/End go to the ends, a printable character to the
 * next item starting with it; Enter or Space activate; Escape closes and returns focus to the
 * button; Tab is left alone (focus moves on, and losing it closes the menu).
 */
export function onMenuKeyDown(
  event: KeyboardEvent<HTMLElement>,
  menu: {
    labels: readonly string[];
    current: number;
    move: (index: number) => void;
    activate: (index: number) => void;
    close: () => void;
  },
): void {
  // Keys in an open menu are the menu's: page-wide shortcuts must not see them. Tab goes on.
  if (event.key === 'Tab') return;
  event.stopPropagation();
  const { labels, current } = menu;
  const count = labels.length;
  const move = (index: number) => {
    event.preventDefault();
    menu.move((index + count) % count);
  };
  switch (event.key) {
    case 'ArrowDown':
      return move(current + 1);
    case 'ArrowUp':
      return move(current - 1);
    case 'Home':
      return move(0);
    case 'End':
      return move(count - 1);
    case 'Escape':
      event.preventDefault();
      return menu.close();
    case 'Enter':
    case ' ':
      event.preventDefault();
      return menu.activate(current);
  }
  if (event.key.length === 1 && /\S/.test(event.key)) {
    const key = event.key.toLowerCase();
    for (let step = 1; step <= count; step += 1) {
      const index = (current + step) % count;
      if (labels[index]?.toLowerCase().startsWith(key)) return move(index);
    }
  }
}
