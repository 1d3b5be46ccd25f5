import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ColumnsMenu } from './columns-menu';
import type { ColumnOption } from './view-options';

const INITIAL: ColumnOption[] = [
  { id: 'id', label: 'ID', visible: true, canHide: false, width: 160 },
  { id: 'name', label: 'Name', visible: true, canHide: true, width: 160 },
  { id: 'email', label: 'Email', visible: true, canHide: true, width: 160 },
  { id: 'created_at', label: 'Created', visible: true, canHide: true, width: 160 },
];

function Harness({ onReset = () => {} }: { onReset?: () => void }) {
  const [columns, setColumns] = useState(INITIAL);
  return (
    <>
      <ColumnsMenu
        columns={columns}
        onToggle={(id, visible) =>
          setColumns((all) =>
            all.map((column) => (column.id === id ? { ...column, visible } : column)),
          )
        }
        onReset={() => {
          onReset();
          setColumns(INITIAL);
        }}
        onLoadError={() => {
          throw new Error('the menu failed to load');
        }}
      />
      <button type="button">After</button>
    </>
  );
}

const button = () => screen.getByRole('button', { name: 'Columns' });
const menu = () => screen.queryByRole('menu', { name: 'Columns' });
const item = (name: string) => screen.getByRole('menuitemcheckbox', { name });
/** The menu's code arrives asynchronously (a dynamic import), as in the browser. */
const opened = () => screen.findByRole('menu', { name: 'Columns' });

describe('ColumnsMenu (APG menu button)', () => {
  it('opens from the keyboard on the first item, or on the last with Up Arrow', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    expect(button()).toHaveAttribute('aria-haspopup', 'menu');
    expect(button()).toHaveAttribute('aria-expanded', 'false');
    button().focus();
    await user.keyboard('{Enter}');
    expect(button()).toHaveAttribute('aria-expanded', 'true');
    await opened();
    expect(item('ID')).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(menu()).toBeNull();
    expect(button()).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    await opened();
    expect(screen.getByRole('menuitem', { name: 'Reset columns' })).toHaveFocus();
  });

  it('moves with the arrows (wrapping), Home, End and a first letter', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(button());
    await opened();
    expect(item('ID')).toHaveFocus();
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(item('Email')).toHaveFocus();
    await user.keyboard('{End}');
    expect(screen.getByRole('menuitem', { name: 'Reset columns' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(item('ID')).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('menuitem', { name: 'Reset columns' })).toHaveFocus();
    await user.keyboard('{Home}c');
    expect(item('Created')).toHaveFocus();
    await user.keyboard('n');
    expect(item('Name')).toHaveFocus();
  });

  it('keeps its keys from page-wide shortcuts', async () => {
    const user = userEvent.setup();
    const seen: string[] = [];
    const listener = (event: KeyboardEvent) => seen.push(event.key);
    document.addEventListener('keydown', listener);
    try {
      render(<Harness />);
      await user.click(button());
      await opened();
      await user.keyboard('{ArrowDown}jk/{Escape}');
      expect(seen).toEqual([]);
    } finally {
      document.removeEventListener('keydown', listener);
    }
  });

  it('toggles a column with Space or Enter and stays open; the ID column cannot be hidden', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(button());
    expect(await opened()).toHaveAccessibleDescription(
      /Export CSV always writes every field the API returns/,
    );
    expect(item('ID')).toHaveAttribute('aria-disabled', 'true');
    await user.keyboard(' ');
    expect(item('ID')).toHaveAttribute('aria-checked', 'true');
    await user.keyboard('{ArrowDown}{ArrowDown} ');
    expect(item('Email')).toHaveAttribute('aria-checked', 'false');
    expect(item('Email')).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(item('Email')).toHaveAttribute('aria-checked', 'true');
    await user.click(item('Name'));
    expect(item('Name')).toHaveAttribute('aria-checked', 'false');
    expect(menu()).not.toBeNull();
  });

  it('Reset columns resets, closes and returns focus to the button', async () => {
    const onReset = vi.fn();
    const user = userEvent.setup();
    render(<Harness onReset={onReset} />);
    await user.click(button());
    await opened();
    await user.click(item('Email'));
    await user.keyboard('{End}{Enter}');
    expect(onReset).toHaveBeenCalledTimes(1);
    expect(menu()).toBeNull();
    expect(button()).toHaveFocus();
    await user.click(button());
    await opened();
    expect(item('Email')).toHaveAttribute('aria-checked', 'true');
  });

  it('closes when the focus leaves it (Tab) or on a second click of the button', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(button());
    await opened();
    await user.click(button());
    expect(menu()).toBeNull();
    await user.click(button());
    await opened();
    await user.tab();
    expect(menu()).toBeNull();
  });
});
