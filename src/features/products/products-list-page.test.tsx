import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
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
  // jsdom has <dialog> without its methods: enough of them for the details dialog.
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    if (!this.open) return;
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    if (url.pathname === '/v1/products') requested.push(url.searchParams);
  });
});
beforeEach(() => {
  requested.length = 0;
});

function renderAt(url: string, knownCategories?: string[]) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [{ path: '/products', element: <ProductsListPage knownCategories={knownCategories} /> }],
    { initialEntries: [url] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('ProductsListPage', () => {
  it('opens the row clicked while the next page loads (a filter just applied), and keeps it open', async () => {
    // The filtered page comes only once the row was clicked, and without that row.
    let release = () => {};
    const arrived = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.get('https://api.test/v1/products', async ({ request }) => {
        if (!new URL(request.url).searchParams.has('min_price')) return undefined;
        await arrived;
        return HttpResponse.json({ data: [], meta: { total: 0, page: 1, limit: 10 } });
      }),
    );
    const router = renderAt('/products?limit=10');
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('1–10 of 300'));
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Min price', { exact: true }), '7{Enter}');
    await waitFor(() => expect(router.state.location.search).toContain('min_price=7'));
    await waitFor(() => expect(screen.getByRole('table')).toHaveAttribute('aria-busy', 'true'));
    const firstRow = within(screen.getByRole('table')).getAllByRole('row')[1] as HTMLElement;
    const name = within(firstRow).getAllByRole('cell')[1] as HTMLElement;
    await user.click(name);
    await screen.findByRole('dialog', { name: 'Product details' });
    release();
    await waitFor(() => expect(screen.getByRole('table')).toHaveAttribute('aria-busy', 'false'));
    expect(screen.getByRole('dialog', { name: 'Product details' })).toHaveTextContent(
      name.textContent ?? '',
    );
  });

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
    const box = screen.getByRole('combobox', { name: 'Category' });
    await userEvent.click(box);
    const list = await screen.findByRole('listbox', { name: 'Categories' });
    expect(
      within(list)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'Beauty',
      'Books',
      'Electronics',
      'Grocery',
      'Home & Garden',
      'Sports & Outdoors',
      'Toys & Games',
    ]);
  });

  it('says an empty result matched nothing, with the filters still shown', async () => {
    renderAt('/products?category=Nothing+like+this');
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(/^No products match$/),
    );
    expect(
      screen.getByText(
        /No products in category “Nothing like this”\. Categories are matched exactly\./,
      ),
    ).toBeVisible();
    expect(screen.getByLabelText('Category')).toHaveValue('Nothing like this');
    expect(screen.getByRole('button', { name: 'Clear filters' })).toBeEnabled();
  });

  it('suggests the category meant when one matched nothing, from config before any is seen', async () => {
    const router = renderAt('/products?category=toys', ['Books', 'Toys & Games']);
    const table = await screen.findByRole('table');
    await waitFor(() =>
      expect(table).toHaveTextContent(
        'No products in category “toys”. Categories are matched exactly: did you mean Toys & Games?',
      ),
    );
    await userEvent.click(within(table).getByRole('button', { name: 'Toys & Games' }));
    await waitFor(() => expect(router.state.location.search).toBe('?category=Toys+%26+Games'));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(/of \d+$/));
  });

  it('suggests both categories a text could be, and guesses neither (Cafe, Café)', async () => {
    renderAt('/products?category=cafe', ['Cafe', 'Café', 'Électronique']);
    const table = await screen.findByRole('table');
    await waitFor(() =>
      expect(table).toHaveTextContent(
        'No products in category “cafe”. Categories are matched exactly: did you mean Cafe or Café?',
      ),
    );
  });

  it('marks the table "Filters not applied" for a min above the max, and sends neither', async () => {
    renderAt('/products?min_price=50&max_price=10');
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('1–50 of 300'));
    expect(screen.getByText(/^Filters not applied/)).toBeVisible();
    expect(screen.getByLabelText('Max price')).toHaveAccessibleDescription(
      'Max price must not be less than min price.',
    );
    expect(requested.at(-1)?.has('min_price')).toBe(false);
    expect(requested.at(-1)?.has('max_price')).toBe(false);
  });
});
