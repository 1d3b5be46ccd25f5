import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setupMockApiClient } from '../../test/api-test-server';
import { ProductsListPage } from './products-list-page';

configure({ asyncUtilTimeout: 5000 });

const { server } = setupMockApiClient({ users: 2, products: 300 });
const requested: URLSearchParams[] = [];

beforeAll(() => {
  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    if (url.pathname === '/v1/products') requested.push(url.searchParams);
  });
});
beforeEach(() => {
  requested.length = 0;
});

function renderAt(url: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/products', element: <ProductsListPage /> }], {
    initialEntries: [url],
  });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('ProductsListPage', () => {
  it('applies a category filter from page 1, sending only the filters that are set', async () => {
    const router = renderAt('/products?page=3&limit=10');
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('21–30 of 300'));

    await userEvent.type(screen.getByLabelText('Category'), 'Home & Garden{Enter}');
    await waitFor(() =>
      expect(router.state.location.search).toBe('?category=Home+%26+Garden&limit=10'),
    );
    expect(router.state.historyAction).toBe('PUSH');
    await waitFor(() => expect(screen.getByRole('table')).toHaveAttribute('aria-busy', 'false'));
    const categories = within(screen.getByRole('table'))
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell')[2]?.textContent);
    expect(new Set(categories)).toEqual(new Set(['Home & Garden']));
    const filtered = requested.find(
      (search) => search.get('page') === '1' && search.has('category'),
    );
    expect(Object.fromEntries(filtered ?? [])).toEqual({
      category: 'Home & Garden',
      page: '1',
      limit: '10',
    });
  });

  it('offers the categories of the pages loaded so far', async () => {
    renderAt('/products');
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('1–50 of 300'));
    const listId = screen.getByLabelText('Category').getAttribute('list');
    await waitFor(() => {
      const options = [...document.querySelectorAll(`datalist[id="${listId}"] option`)];
      expect(options.map((option) => option.getAttribute('value'))).toEqual([
        'Beauty',
        'Books',
        'Electronics',
        'Grocery',
        'Home & Garden',
        'Sports & Outdoors',
        'Toys & Games',
      ]);
    });
  });

  it('says an empty result matched nothing, with the filters still shown', async () => {
    renderAt('/products?category=Nothing+like+this');
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(/^No products match$/),
    );
    expect(screen.getByText(/No products match these filters/)).toBeVisible();
    expect(screen.getByLabelText('Category')).toHaveValue('Nothing like this');
    expect(screen.getByRole('button', { name: 'Clear filters' })).toBeEnabled();
  });
});
