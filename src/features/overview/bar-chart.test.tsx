import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { BarChart } from './bar-chart';

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
        bars={[
          { label: 'Books', count: 1200, to: '/products?category=Books' },
          { label: HOSTILE, count: 3, to: `/products?category=${encodeURIComponent(HOSTILE)}` },
        ]}
      />
    </MemoryRouter>,
  );
}

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

  it('draws a hostile category as text, cut, with the whole in a title', () => {
    const { container } = renderChart();
    expect(container.querySelector('img')).toBeNull();
    const label = [...container.querySelectorAll('svg text')].find((text) =>
      text.textContent?.startsWith('<img'),
    );
    expect(label?.textContent).toMatch(/…$/);
    expect([...label!.textContent!].length).toBeLessThanOrEqual(14);
    const titles = [...container.querySelectorAll('svg title')].map((title) => title.textContent);
    expect(titles).toContain(`${HOSTILE.replace('\u202E', '[U+202E]')}: 3 products`);
  });
});
