import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ShortcutsWhenReady } from './shortcuts-when-ready';

function renderPage(onRowKey: (key: string) => void = () => undefined) {
  return render(
    <MemoryRouter>
      <main>
        <h1 tabIndex={-1}>People</h1>
        <input id="user-lookup" type="search" role="combobox" aria-label="Find" />
        <button type="button" onKeyDown={(event) => onRowKey(event.key)}>
          Row
        </button>
      </main>
      <ShortcutsWhenReady />
    </MemoryRouter>,
  );
}

describe('ShortcutsWhenReady', () => {
  it('keeps a shortcut pressed before the shortcuts arrived, and hands it to them', async () => {
    renderPage();
    const heading = screen.getByRole('heading', { name: 'People' });
    heading.focus();
    // At once, before the shortcuts' module can have arrived.
    fireEvent.keyDown(heading, { key: '/' });
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Find' })).toHaveFocus());
  });

  it('focuses Find at once on /, so what is typed next is the search, not more early keys', () => {
    renderPage();
    const heading = screen.getByRole('heading', { name: 'People' });
    heading.focus();
    // Kept from the box it focuses (false: default prevented), and no waiting for the module.
    expect(fireEvent.keyDown(heading, { key: '/' })).toBe(false);
    expect(screen.getByRole('combobox', { name: 'Find' })).toHaveFocus();
  });

  it('leaves Find on Escape before the shortcuts arrived, as they would', () => {
    renderPage();
    const box = screen.getByRole('combobox', { name: 'Find' });
    box.focus();
    expect(fireEvent.keyDown(box, { key: 'Escape' })).toBe(false);
    expect(box).not.toHaveFocus();
  });

  it('hands an early key to the shortcuts alone: the page’s own handler had it once', async () => {
    const rowKeys: string[] = [];
    renderPage((key) => rowKeys.push(key));
    const row = screen.getByRole('button', { name: 'Row' });
    row.focus();
    fireEvent.keyDown(row, { key: 'Enter' });
    fireEvent.keyDown(row, { key: '/' });
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Find' })).toHaveFocus());
    expect(rowKeys).toEqual(['Enter', '/']);
  });

  it('takes Ctrl+K from the browser at once, and leaves typing alone', () => {
    renderPage();
    const box = screen.getByRole('combobox', { name: 'Find' });
    box.focus();
    expect(fireEvent.keyDown(box, { key: 'k', ctrlKey: true })).toBe(false);
    expect(fireEvent.keyDown(box, { key: '/' })).toBe(true);
  });
});
