import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProductFilters } from './price-filter';
import { FILTER_DEBOUNCE_MS, ProductFiltersBar } from './product-filters';

/** Owns the filters the way the URL does on the real page. */
function Harness({
  initial = {},
  onApply,
  urlDelayMs,
}: {
  initial?: ProductFilters;
  onApply: (filters: ProductFilters, options: { replace: boolean }) => void;
  /** How long the URL takes to catch up with an apply (a navigation is not instant). */
  urlDelayMs?: number;
}) {
  const [filters, setFilters] = useState(initial);
  return (
    <>
      <ProductFiltersBar
        filters={filters}
        categories={['Books', 'Home & Garden']}
        onApply={(next, options) => {
          onApply(next, options);
          if (urlDelayMs === undefined) setFilters(next);
          else setTimeout(() => setFilters(next), urlDelayMs);
        }}
      />
      {/* Stands in for Back: the URL changes under the boxes. */}
      <button type="button" onClick={() => setFilters({ category: 'Toys & Games', maxPrice: '5' })}>
        Go back
      </button>
    </>
  );
}

function setup(initial?: ProductFilters, urlDelayMs?: number) {
  const onApply = vi.fn();
  render(<Harness initial={initial} onApply={onApply} urlDelayMs={urlDelayMs} />);
  return onApply;
}

const box = (label: string) => screen.getByLabelText(label);
/** The filters of each apply, without the history option. */
const applied = (onApply: ReturnType<typeof vi.fn>) =>
  onApply.mock.calls.map(([filters]) => filters);
// fireEvent rather than user-event: user-event waits on timers, which are fake here.
const type = (label: string, value: string) =>
  fireEvent.input(box(label), { target: { value }, inputType: 'insertText' });
const enter = (label: string) => fireEvent.keyDown(box(label), { key: 'Enter' });
const wait = (ms: number) => act(() => vi.advanceTimersByTime(ms));
const pause = () => wait(FILTER_DEBOUNCE_MS);

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('ProductFiltersBar length limits', () => {
  it('never sends a 200,000-character category or price, and says why', () => {
    const onApply = setup();
    type('Category', 'x'.repeat(200_000));
    pause();
    enter('Category');
    expect(onApply).not.toHaveBeenCalled();
    expect(box('Category')).toHaveAccessibleDescription(
      'A category can be at most 200 characters; this is 200,000.',
    );

    type('Category', 'y'.repeat(200));
    type('Max price', '9'.repeat(200_000));
    enter('Max price');
    expect(onApply).not.toHaveBeenCalled();
    expect(box('Max price')).toHaveAccessibleDescription(
      'A price can be at most 200 characters; this is 200,000.',
    );

    type('Max price', '');
    enter('Max price');
    expect(applied(onApply)).toEqual([{ category: 'y'.repeat(200) }]);
  });
});

describe('ProductFiltersBar', () => {
  it('applies what was typed once typing pauses, and only once', () => {
    const onApply = setup();
    type('Category', 'Home');
    wait(FILTER_DEBOUNCE_MS - 100);
    type('Category', 'Home & Garden');
    wait(FILTER_DEBOUNCE_MS - 100);
    expect(onApply).not.toHaveBeenCalled();
    wait(100);
    expect(applied(onApply)).toEqual([{ category: 'Home & Garden' }]);
    pause();
    expect(onApply).toHaveBeenCalledTimes(1);
  });

  it('keeps what is typed while the URL catches up with an earlier apply', () => {
    const onApply = setup({}, 100);
    type('Min price', '30');
    pause();
    expect(applied(onApply)).toEqual([{ minPrice: '30' }]);
    type('Max price', '20');
    wait(100);
    expect(box('Max price')).toHaveValue('20');
    pause();
    expect(box('Max price')).toHaveAccessibleDescription(
      'Max price must not be less than min price.',
    );
    expect(onApply).toHaveBeenCalledTimes(1);
  });

  it('applies at once on Enter', () => {
    const onApply = setup();
    type('Min price', '10.5');
    enter('Min price');
    expect(onApply).toHaveBeenCalledWith({ minPrice: '10.5' }, { replace: false });
  });

  it('applies decimal bounds', () => {
    const onApply = setup();
    type('Min price', '10.5');
    type('Max price', '20.125');
    pause();
    expect(applied(onApply)).toEqual([{ minPrice: '10.5', maxPrice: '20.125' }]);
  });

  it('explains an unreadable price next to its box and sends nothing', () => {
    const onApply = setup();
    type('Min price', 'abc');
    pause();
    expect(box('Min price')).toHaveAttribute('aria-invalid', 'true');
    expect(box('Min price')).toHaveAccessibleDescription(
      'Enter a number, such as 10, 10.50 or 19.999.',
    );
    enter('Min price');
    pause();
    expect(onApply).not.toHaveBeenCalled();
  });

  it('refuses a negative price', () => {
    const onApply = setup();
    type('Max price', '-5');
    enter('Max price');
    expect(box('Max price')).toHaveAccessibleDescription('A price cannot be negative.');
    expect(onApply).not.toHaveBeenCalled();
  });

  it('refuses a min above the max on the box changed last, and applies once fixed', () => {
    const onApply = setup({ maxPrice: '20' });
    type('Min price', '30');
    pause();
    expect(box('Min price')).toHaveAttribute('aria-invalid', 'true');
    expect(box('Min price')).toHaveAccessibleDescription(
      'Min price must not be more than max price.',
    );
    expect(box('Max price')).not.toHaveAttribute('aria-invalid');
    expect(onApply).not.toHaveBeenCalled();

    type('Min price', '15');
    pause();
    expect(box('Min price')).not.toHaveAttribute('aria-invalid');
    expect(box('Min price')).not.toHaveAccessibleDescription();
    expect(applied(onApply)).toEqual([{ minPrice: '15', maxPrice: '20' }]);
  });

  it('clears every filter at once', () => {
    const onApply = setup({ category: 'Books', minPrice: '1', maxPrice: '9' });
    expect(box('Category')).toHaveValue('Books');
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(applied(onApply)).toEqual([{}]);
    expect(box('Category')).toHaveValue('');
    expect(box('Min price')).toHaveValue('');
    expect(box('Max price')).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Clear filters' })).toBeDisabled();
  });

  it('clears an invalid box too, though nothing was applied', () => {
    const onApply = setup();
    type('Min price', 'abc');
    enter('Min price');
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(box('Min price')).toHaveValue('');
    expect(box('Min price')).not.toHaveAttribute('aria-invalid');
    pause();
    expect(onApply).not.toHaveBeenCalled();
  });

  it('shows the filters in effect when they change from outside', () => {
    const onApply = setup({ minPrice: '3' });
    fireEvent.click(screen.getByRole('button', { name: 'Go back' }));
    expect(box('Category')).toHaveValue('Toys & Games');
    expect(box('Min price')).toHaveValue('');
    expect(box('Max price')).toHaveValue('5');
    pause();
    expect(onApply).not.toHaveBeenCalled();
  });

  it('keeps text that means what was applied, rather than rewriting it', () => {
    setup();
    type('Min price', '10.50');
    pause();
    expect(box('Min price')).toHaveValue('10.50');
  });

  it('adds one history entry per edit: the first apply pushes, the rest of it replace', () => {
    const onApply = setup();
    fireEvent.focus(box('Category'));
    type('Category', 'Toys');
    pause();
    type('Category', 'Toys & Games');
    pause();
    expect(onApply.mock.calls).toEqual([
      [{ category: 'Toys' }, { replace: false }],
      [{ category: 'Toys & Games' }, { replace: true }],
    ]);
    // Enter ends the edit; the next one pushes again.
    type('Min price', '5');
    enter('Min price');
    type('Max price', '9');
    pause();
    expect(onApply.mock.calls.slice(2).map(([, options]) => options)).toEqual([
      { replace: true },
      { replace: false },
    ]);
  });

  it('sends no partial word after a pause: only a known category or no start of one', () => {
    const onApply = setup();
    type('Category', 'hom');
    pause();
    type('Category', 'Home &');
    pause();
    expect(onApply).not.toHaveBeenCalled();
    // The prices typed meanwhile still apply; the category in effect stays.
    type('Min price', '5');
    pause();
    expect(applied(onApply)).toEqual([{ category: undefined, minPrice: '5' }]);
    expect(box('Category')).toHaveValue('Home &');
    type('Category', 'Home & Garden');
    pause();
    expect(applied(onApply).at(-1)).toEqual({ category: 'Home & Garden', minPrice: '5' });
    type('Category', 'Bo');
    pause();
    type('Category', 'Bookshelves');
    pause();
    expect(applied(onApply).at(-1)).toEqual({ category: 'Bookshelves', minPrice: '5' });
  });

  it('sends a partial word on Enter or on leaving the boxes, as asked', () => {
    const onApply = setup();
    type('Category', 'Hom');
    enter('Category');
    expect(applied(onApply)).toEqual([{ category: 'Hom' }]);
    type('Category', 'Boo');
    fireEvent.blur(box('Category'), { relatedTarget: document.body });
    expect(applied(onApply).at(-1)).toEqual({ category: 'Boo' });
  });

  it('applies on leaving the boxes', () => {
    const onApply = setup();
    type('Min price', '7');
    fireEvent.blur(box('Min price'), { relatedTarget: document.body });
    expect(applied(onApply)).toEqual([{ minPrice: '7' }]);
  });

  it('takes a known category’s spelling when only the case differs', () => {
    const onApply = setup();
    type('Category', 'home & garden');
    enter('Category');
    expect(applied(onApply)).toEqual([{ category: 'Home & Garden' }]);
    // The box shows the spelling that was applied.
    expect(box('Category')).toHaveValue('Home & Garden');
  });

  it('shows the applied spelling after a pause too, but not over what is typed since', () => {
    setup();
    type('Category', 'books');
    pause();
    expect(box('Category')).toHaveValue('Books');
    type('Category', 'Booksx');
    expect(box('Category')).toHaveValue('Booksx');
  });

  it('says on the folded Filters button how many filters are set', () => {
    setup({ category: 'Books', maxPrice: '5' });
    expect(screen.getByRole('button', { name: /^Filters/ })).toHaveTextContent('Filters (2 set)');
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(screen.getByRole('button', { name: /^Filters/ })).toHaveTextContent(/^Filters$/);
  });

  it('says when what the boxes say is not applied, and when it is again', () => {
    const onNotApplied = vi.fn();
    render(
      <ProductFiltersBar
        filters={{ minPrice: '50', maxPrice: '10' }}
        categories={[]}
        onApply={vi.fn()}
        onNotAppliedChange={onNotApplied}
      />,
    );
    // A link with a min above the max: said next to the box, not dropped.
    expect(box('Max price')).toHaveAccessibleDescription(
      'Max price must not be less than min price.',
    );
    expect(onNotApplied).toHaveBeenLastCalledWith(true);
    type('Max price', '60');
    pause();
    expect(onNotApplied).toHaveBeenLastCalledWith(false);
  });
});
