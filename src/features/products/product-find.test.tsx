import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SEARCH_PRODUCTS } from '../../mocks/data';
import { setupMockApiClient } from '../../test/api-test-server';
import { ProductsListPage } from './products-list-page';

configure({ asyncUtilTimeout: 5000 });

// 300 products: the two to find sit on page 3 of 3 at 100 a page, past page 1 of the table.
const { server } = setupMockApiClient({ users: 2, products: 300 });
const requested: URLSearchParams[] = [];
const [torch, cookbook] = SEARCH_PRODUCTS;

beforeAll(() => {
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

/** Pages the lookup or the search read: at 100 rows, which the table never asks for here. */
const readings = () => requested.filter((search) => search.get('limit') === '100');

describe('a product link to a product not on the page', () => {
  it('reads the list until it turns up and opens its details; the second look makes no request', async () => {
    const router = renderAt(`/products?product=${cookbook?.id}`);
    // The first test to load Find product's modules, which the test runner compiles on the way.
    const dialog = await screen.findByRole(
      'dialog',
      { name: 'Product details' },
      { timeout: 10_000 },
    );
    expect(dialog).toHaveTextContent('Creme Brulee Cookbook');
    expect(readings().map((search) => search.get('page'))).toContain('3');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    requested.length = 0;
    await router.navigate(`/products?product=${cookbook?.id}`);
    expect(await screen.findByRole('dialog', { name: 'Product details' })).toHaveTextContent(
      'Creme Brulee Cookbook',
    );
    expect(readings()).toHaveLength(0);
  });

  it('says there is no product with an id after reading the whole list, never "not on this page"', async () => {
    renderAt('/products?product=prod_gone');
    await waitFor(() =>
      expect(screen.getByText(/No product with id/)).toHaveTextContent(
        'No product with id “prod_gone”. Read 300 of 300 products with 3 requests.',
      ),
    );
    expect(screen.queryByText(/not on this page/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Look in all products' })).toBeNull();
  });

  it('reads only the filtered view, says so, and offers to look in all products', async () => {
    const router = renderAt(`/products?category=Books&product=${torch?.id}`);
    const notice = await screen.findByText(/No product with id/);
    expect(notice).toHaveTextContent(`No product with id “${torch?.id}” in category “Books”.`);
    expect(readings().every((search) => search.get('category') === 'Books')).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Look in all products' }));
    await waitFor(() => expect(router.state.location.search).toBe(`?product=${torch?.id}`));
    expect(await screen.findByRole('dialog', { name: 'Product details' })).toHaveTextContent(
      'Crème Brûlée Torch',
    );
  });

  it('answers an id that no product can have at once, cut short, with no reading', async () => {
    renderAt(`/products?product=${encodeURIComponent(`<b>x</b>${'y'.repeat(5_000)}`)}`);
    const notice = await screen.findByText(/No product with id/);
    expect(notice.textContent?.length).toBeLessThan(300);
    expect(notice).toHaveTextContent('product IDs start with prod_');
    expect(readings()).toHaveLength(0);
  });
});

describe('Find product', () => {
  it('lists the products whose name holds the words, accents aside, with how many requests', async () => {
    const router = renderAt('/products');
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('1–50 of 300'));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Find product' }), 'BRULEE crème');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(router.state.location.search).toBe('?find=BRULEE+cr%C3%A8me'));
    const matches = await screen.findByRole('table', { name: 'Matches' });
    await waitFor(() =>
      expect(screen.getByText(/· \d+ requests?$/)).toHaveTextContent('2 matches · 3 requests'),
    );
    expect(within(matches).getAllByRole('row')).toHaveLength(3);
    expect(screen.queryByRole('table', { name: 'Products' })).toBeNull();

    // A category narrows the read.
    requested.length = 0;
    await userEvent.type(screen.getByLabelText('Category', { exact: true }), 'Books{Enter}');
    await waitFor(() =>
      expect(router.state.location.search).toBe('?category=Books&find=BRULEE+cr%C3%A8me'),
    );
    await waitFor(() =>
      expect(screen.getByText(/· \d+ requests?$/)).toHaveTextContent(/^1 match · 1 request$/),
    );
    expect(readings().every((search) => search.get('category') === 'Books')).toBe(true);

    await userEvent.click(
      within(screen.getByRole('table', { name: 'Matches' })).getByText(cookbook?.name ?? ''),
    );
    expect(await screen.findByRole('dialog', { name: 'Product details' })).toHaveTextContent(
      cookbook?.id ?? '',
    );
    expect(router.state.location.search).toBe(
      `?category=Books&find=BRULEE+cr%C3%A8me&product=${cookbook?.id}`,
    );
  });

  it('opens the product an id or a pasted link names, in the link’s view', async () => {
    const router = renderAt('/products');
    const box = await screen.findByRole('searchbox', { name: 'Find product' });
    await userEvent.type(
      box,
      `https://console.example.com/products?category=Home+%26+Garden&product=${torch?.id}{Enter}`,
    );
    await waitFor(() =>
      expect(router.state.location.search).toBe(`?category=Home+%26+Garden&product=${torch?.id}`),
    );
    expect(await screen.findByRole('dialog', { name: 'Product details' })).toHaveTextContent(
      'Crème Brûlée Torch',
    );
    expect(readings().every((search) => search.get('category') === 'Home & Garden')).toBe(true);
  });

  it('says "so far" while it reads, and Cancel keeps what was found', async () => {
    // Pages after the first wait until the test lets them go.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.get('https://api.test/v1/products', async ({ request }) => {
        const search = new URL(request.url).searchParams;
        if (search.get('limit') === '100' && search.get('page') !== '1') await held;
        return undefined;
      }),
    );
    renderAt('/products?find=brulee');
    await waitFor(() =>
      expect(screen.getByText(/requests? so far$/)).toHaveTextContent(/^Searching… /),
    );
    expect(screen.getByRole('progressbar', { name: 'Search progress' })).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(screen.getByText(/^Search cancelled/)).toHaveTextContent(/so far · \d+ requests?$/),
    );
    expect(screen.getByRole('button', { name: 'Search again' })).toBeVisible();
    release();
  });
});
