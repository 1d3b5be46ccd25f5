import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { ProductFilters } from './price-filter';
import { ProductFiltersBar } from './product-filters';

const CATEGORIES = ['Books', 'Cafe', 'Café', 'Électronique', 'Home & Garden', 'Toys & Games'];

function Harness({
  onApply,
}: {
  onApply: (filters: ProductFilters, options: { replace: boolean }) => void;
}) {
  const [filters, setFilters] = useState<ProductFilters>({});
  return (
    <ProductFiltersBar
      filters={filters}
      categories={CATEGORIES}
      onApply={(next, options) => {
        onApply(next, options);
        setFilters(next);
      }}
    />
  );
}

function setup() {
  const onApply = vi.fn();
  const user = userEvent.setup();
  render(<Harness onApply={onApply} />);
  return { onApply, user, box: screen.getByRole('combobox', { name: 'Category' }) };
}

/** The list's code is a dynamic import: this waits until it has arrived and the list shows. */
async function list() {
  return within(await screen.findByRole('listbox', { name: 'Categories' }));
}
const options = async () => (await list()).getAllByRole('option').map((o) => o.textContent);

beforeAll(async () => {
  // Imported once ahead, so the first test does not wait for it to be compiled.
  await import('./category-listbox');
});

describe('Category box', () => {
  it('offers the categories that contain the text, accents and case aside', async () => {
    const { user, box } = setup();
    expect(box).toHaveAttribute('aria-expanded', 'false');
    await user.type(box, 'electro');
    expect(await options()).toEqual(['Électronique']);
    expect(box).toHaveAttribute('aria-expanded', 'true');
    await user.clear(box);
    await user.type(box, 'caf');
    expect(await options()).toEqual(['Cafe', 'Café']);
    await user.clear(box);
    await user.type(box, 'zzz');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(box).toHaveAttribute('aria-expanded', 'false');
  });

  it('applies electronique as Électronique, and shows that spelling', async () => {
    const { user, box, onApply } = setup();
    await user.type(box, 'electronique{Enter}');
    expect(onApply).toHaveBeenLastCalledWith({ category: 'Électronique' }, { replace: false });
    expect(box).toHaveValue('Électronique');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('does not guess between Cafe and Café: cafe goes as typed; café is Café', async () => {
    const { user, box, onApply } = setup();
    await user.type(box, 'cafe{Enter}');
    expect(onApply).toHaveBeenLastCalledWith({ category: 'cafe' }, { replace: false });
    expect(box).toHaveValue('cafe');
    await user.clear(box);
    await user.type(box, 'CAFÉ{Enter}');
    expect(onApply).toHaveBeenLastCalledWith({ category: 'Café' }, { replace: false });
    expect(box).toHaveValue('Café');
  });

  it('moves through the list with Down and Up, round its ends, and Enter picks at once', async () => {
    const { user, box, onApply } = setup();
    await user.type(box, 'a');
    expect(await options()).toEqual(['Cafe', 'Café', 'Home & Garden', 'Toys & Games']);
    const active = () => document.getElementById(box.getAttribute('aria-activedescendant') ?? '');
    expect(box).not.toHaveAttribute('aria-activedescendant');
    await user.keyboard('{ArrowDown}');
    expect(active()).toHaveTextContent('Cafe');
    expect(active()).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowUp}');
    expect(active()).toHaveTextContent('Toys & Games');
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(active()).toHaveTextContent('Café');
    // Back to the text: Enter is then the filters' own.
    await user.keyboard('{ArrowLeft}');
    expect(box).not.toHaveAttribute('aria-activedescendant');
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(onApply.mock.calls).toEqual([[{ category: 'Café' }, { replace: false }]]);
    expect(box).toHaveValue('Café');
    expect(box).toHaveFocus();
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('opens on Down from an empty box with every category, and Alt+Up closes', async () => {
    const { user, box } = setup();
    box.focus();
    await user.keyboard('{ArrowDown}');
    expect(await options()).toEqual(CATEGORIES);
    await user.keyboard('{Alt>}{ArrowUp}{/Alt}');
    expect(screen.queryByRole('listbox')).toBeNull();
    await user.keyboard('{Alt>}{ArrowDown}{/Alt}');
    await list();
    expect(box).not.toHaveAttribute('aria-activedescendant');
  });

  it('closes the list on Escape and stays in the box; the next Escape is the page’s', async () => {
    const { user, box } = setup();
    await user.type(box, 'bo');
    await list();
    expect(fireEvent.keyDown(box, { key: 'Escape' })).toBe(false);
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(box).toHaveFocus();
    expect(box).toHaveValue('bo');
    // Not handled here: the page's shortcuts take the focus out (global-shortcuts.tsx).
    expect(fireEvent.keyDown(box, { key: 'Escape' })).toBe(true);
  });

  it('applies a clicked option at once and keeps the focus in the box', async () => {
    const { user, box, onApply } = setup();
    await user.type(box, 'home');
    await user.click((await list()).getByRole('option', { name: 'Home & Garden' }));
    expect(onApply.mock.calls).toEqual([[{ category: 'Home & Garden' }, { replace: false }]]);
    expect(box).toHaveValue('Home & Garden');
    expect(box).toHaveFocus();
  });

  it('closes the list when the focus leaves the box', async () => {
    const { user, box } = setup();
    await user.type(box, 'bo');
    await list();
    await act(async () => {
      await user.click(screen.getByRole('textbox', { name: 'Min price' }));
    });
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(box).toHaveAttribute('aria-expanded', 'false');
  });
});
