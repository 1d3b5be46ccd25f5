import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { GlobalShortcuts } from './global-shortcuts';

/** A page with a table's current row, a search box and a filter box, and the shortcuts. */
function renderPage() {
  return render(
    <MemoryRouter>
      <main>
        <h1 tabIndex={-1}>People</h1>
        <input type="search" role="combobox" aria-label="Find" />
        <input type="text" aria-label="Category" />
        <textarea aria-label="Notes" />
        <table>
          <tbody>
            <tr data-row-id="a" tabIndex={-1}>
              <td>A</td>
            </tr>
            <tr data-row-id="b" tabIndex={0}>
              <td>B</td>
            </tr>
          </tbody>
        </table>
      </main>
      <GlobalShortcuts />
    </MemoryRouter>,
  );
}

describe('GlobalShortcuts', () => {
  it('sends j and k from outside the table to its current row', () => {
    renderPage();
    const heading = screen.getByRole('heading', { name: 'People' });
    heading.focus();
    expect(fireEvent.keyDown(heading, { key: 'j' })).toBe(false);
    expect(document.querySelector('tr[data-row-id="b"]')).toHaveFocus();
    heading.focus();
    fireEvent.keyDown(heading, { key: 'k' });
    expect(document.querySelector('tr[data-row-id="b"]')).toHaveFocus();
  });

  it('leaves j alone on a page with no table, and in a text field', () => {
    render(
      <MemoryRouter>
        <main>
          <h1 tabIndex={-1}>Account</h1>
        </main>
        <GlobalShortcuts />
      </MemoryRouter>,
    );
    const heading = screen.getByRole('heading', { name: 'Account' });
    heading.focus();
    expect(fireEvent.keyDown(heading, { key: 'j' })).toBe(true);
    expect(heading).toHaveFocus();
  });

  it('takes the focus out of a search or filter box on Escape, keeping what was typed', () => {
    renderPage();
    for (const name of ['Find', 'Category']) {
      const box = screen.getByRole(name === 'Find' ? 'combobox' : 'textbox', { name });
      fireEvent.change(box, { target: { value: 'ada' } });
      box.focus();
      expect(fireEvent.keyDown(box, { key: 'Escape' })).toBe(false);
      expect(box).not.toHaveFocus();
      expect(box).toHaveValue('ada');
    }
  });

  it('leaves Escape in a multi-line box to the box', () => {
    renderPage();
    const notes = screen.getByRole('textbox', { name: 'Notes' });
    notes.focus();
    expect(fireEvent.keyDown(notes, { key: 'Escape' })).toBe(true);
    expect(notes).toHaveFocus();
  });

  it('keeps Ctrl/Cmd+K from the browser everywhere, text fields included', () => {
    renderPage();
    const box = screen.getByRole('combobox', { name: 'Find' });
    box.focus();
    expect(fireEvent.keyDown(box, { key: 'k', ctrlKey: true })).toBe(false);
    expect(fireEvent.keyDown(box, { key: 'K', metaKey: true })).toBe(false);
    // Typed letters stay text.
    expect(fireEvent.keyDown(box, { key: 'k' })).toBe(true);
    expect(fireEvent.keyDown(box, { key: 'j' })).toBe(true);
  });
});
