import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BarChart } from './bar-chart';
import type { Bar } from './overview-count';

const HOSTILE = `<img src=x onerror="alert(1)">\u202Egnp.exe ${'Long category '.repeat(15)}`;

function renderChart() {
  return render(
    <MemoryRouter>
      <BarChart
        name="Products by category"
        keyHeader="Category"
        countHeader="Products"
        noun="products"
        summary="2 bars; the largest is Books with 1,200 products."
        layout="rows"
        bars={[
          { label: 'Books', count: 1200, to: '/products?category=Books' },
          { label: HOSTILE, count: 3, to: `/products?category=${encodeURIComponent(HOSTILE)}` },
        ]}
      />
    </MemoryRouter>,
  );
}

const months: Bar[] = Array.from({ length: 36 }, (_, index) => ({
  label: `${2023 + Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`,
  count: 1000 + index * 37,
  to: `/users/find?q=${index}`,
}));

/** A box that measures `width` CSS pixels, as a phone's would. */
function measureAs(width: number) {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      constructor(private readonly report: ResizeObserverCallback) {}
      observe() {
        const entry = { contentRect: { width } } as ResizeObserverEntry;
        queueMicrotask(() => this.report([entry], this as unknown as ResizeObserver));
      }
      disconnect() {}
    },
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('BarChart', () => {
  it('is a named figure with a summary, bars as named links, and the counts as a table', async () => {
    renderChart();
    const figure = screen.getByRole('figure', { name: 'Products by category' });
    expect(figure).toHaveTextContent('the largest is Books with 1,200 products');
    const books = within(figure).getByRole('link', { name: 'Books: 1,200 products' });
    expect(books).toHaveAttribute('href', '/products?category=Books');
    expect(screen.queryByRole('table')).toBeNull();

    await userEvent.click(within(figure).getByRole('button', { name: 'Show as table' }));
    const table = screen.getByRole('table', { name: 'Products by category' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Category', 'Products']);
    expect(within(table).getAllByRole('row')).toHaveLength(3);
  });

  it('draws a hostile category as text, its row cut, whole in the title and the table', async () => {
    const { container } = renderChart();
    expect(container.querySelector('img')).toBeNull();
    const marked = HOSTILE.replace('\u202E', '[U+202E]');
    const row = screen.getByRole('link', { name: /^<img/ });
    expect(row).toHaveAttribute('title', `${marked}: 3 products`);
    const label = row.querySelector('bdi')?.textContent ?? '';
    expect(label).toMatch(/…$/);
    // 60 characters and the ellipsis; the override is shown as its 8-character name.
    expect([...label].length).toBe(61 + '[U+202E]'.length - 1);

    await userEvent.click(screen.getByRole('button', { name: 'Show as table' }));
    const table = screen.getByRole('table', { name: 'Products by category' });
    expect(within(table).getByRole('link', { name: marked.trim() })).toBeInTheDocument();
  });

  it('draws columns at the size of their box, text at 11 px, labels thinned to fit', async () => {
    measureAs(320);
    const { container } = render(
      <MemoryRouter>
        <BarChart
          name="Sign-ups per month"
          keyHeader="Month"
          countHeader="Users"
          noun="users"
          summary="Sign-ups."
          bars={months}
        />
      </MemoryRouter>,
    );
    await act(async () => {});
    const svg = container.querySelector('svg') as SVGSVGElement;
    expect(svg.getAttribute('viewBox')).toBe('0 0 320 220');
    const texts = [...svg.querySelectorAll('text')];
    for (const text of texts)
      expect(Number(text.getAttribute('font-size'))).toBeGreaterThanOrEqual(11);
    const labels = texts.filter((text) => /^\d{4}-\d{2}$/.test(text.textContent ?? ''));
    // 36 months in 264 px: a label every so many columns, none past an edge, none overlapping.
    expect(labels.length).toBeGreaterThan(2);
    expect(labels.length).toBeLessThan(12);
    const half = (7 * 11 * 0.62) / 2;
    const centres = labels.map((label) => Number(label.getAttribute('x')));
    for (const centre of centres) {
      expect(centre - half).toBeGreaterThanOrEqual(0);
      expect(centre + half).toBeLessThanOrEqual(320);
    }
    centres.slice(1).forEach((centre, index) => {
      expect(centre - (centres[index] as number)).toBeGreaterThan(2 * half);
    });
    expect(screen.getAllByRole('link')).toHaveLength(36);
  });
});
