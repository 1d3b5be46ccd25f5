import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { setupMockApiClient } from '../../test/api-test-server';
import { usersKeys } from './api/users-api';
import { UsersListPage } from './users-list-page';

// Rendering 100 rows in jsdom behind a real (in-process) mock API is slow on a busy machine.
configure({ asyncUtilTimeout: 5000 });

// 120 users: three pages of 50, the last one short.
const { api, token } = setupMockApiClient({ users: 120, products: 1 });

function UserStub() {
  const location = useLocation();
  return <p>User page, back to {JSON.stringify(location.state)}</p>;
}

function renderAt(url: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/users', element: <UsersListPage /> },
      { path: '/users/:id', element: <UserStub /> },
    ],
    { initialEntries: [url] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, queryClient };
}

const status = () => screen.getByRole('status');
const firstCells = (column: number) =>
  within(screen.getByRole('table'))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[column]?.textContent ?? '');

describe('UsersListPage', () => {
  it('corrects malformed values in the URL in place and shows the normalised view', async () => {
    const { router } = renderAt('/users?page=-3&limit=5000&sort=bogus');
    await waitFor(() => expect(router.state.location.search).toBe('?limit=100'));
    expect(router.state.historyAction).toBe('REPLACE');
    await waitFor(() => expect(status()).toHaveTextContent('1–100 of 120'));
    expect(screen.getByRole('combobox', { name: 'Rows per page' })).toHaveValue('100');
  });

  it('moves a page past the end to the last page', async () => {
    const { router } = renderAt('/users?page=999');
    await waitFor(() => expect(router.state.location.search).toBe('?page=3'));
    expect(router.state.historyAction).toBe('REPLACE');
    await waitFor(() => expect(status()).toHaveTextContent('101–120 of 120'));
    expect(screen.getByRole('button', { name: 'Next page' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
  });

  it('prefetches the next page once the current one has settled', async () => {
    const { queryClient } = renderAt('/users');
    await waitFor(() => expect(status()).toHaveTextContent('1–50 of 120'));
    await waitFor(() =>
      expect(queryClient.getQueryData(usersKeys.list({ page: 2, limit: 50 }))).toBeDefined(),
    );
    // The last page has nothing after it to prefetch.
    expect(queryClient.getQueryData(usersKeys.list({ page: 3, limit: 50 }))).toBeUndefined();
  });

  it('sorts by name both ways from page 1, with the API sort value in the URL', async () => {
    const { router } = renderAt('/users?page=2&limit=10');
    await waitFor(() => expect(status()).toHaveTextContent('11–20 of 120'));
    const sortByName = screen.getByRole('button', { name: 'Name' });

    await userEvent.click(sortByName);
    await waitFor(() => expect(router.state.location.search).toBe('?limit=10&sort=name'));
    await waitFor(() => expect(screen.getByRole('table')).toHaveAttribute('aria-busy', 'false'));
    const ascending = firstCells(1);
    expect(ascending).toEqual([...ascending].sort((a, b) => a.localeCompare(b, 'en')));
    expect(status()).toHaveTextContent('1–10 of 120');

    await userEvent.click(sortByName);
    await waitFor(() => expect(router.state.location.search).toBe('?limit=10&sort=-name'));
    await waitFor(() => expect(screen.getByRole('table')).toHaveAttribute('aria-busy', 'false'));
    const descending = firstCells(1);
    expect(descending).toEqual([...descending].sort((a, b) => b.localeCompare(a, 'en')));
    expect(descending[0]?.localeCompare(ascending[0] ?? '', 'en')).toBeGreaterThan(0);
  });

  it('opens the user on Enter, carrying the list view for the way back', async () => {
    const { router } = renderAt('/users?page=2');
    await waitFor(() => expect(status()).toHaveTextContent('51–100 of 120'));
    const row = within(screen.getByRole('table')).getAllByRole('row')[1]!;
    const id = within(row).getAllByRole('cell')[0]!.textContent;
    row.focus();
    await userEvent.keyboard('{Enter}');
    // The table's key handlers load lazily; a key pressed before is replayed once they have.
    await waitFor(() => expect(router.state.location.pathname).toBe(`/users/${id}`));
    expect(await screen.findByText('User page, back to {"usersSearch":"?page=2"}')).toBeVisible();
  });

  it('shows a failed request as an alert, with no rows and no spinner', async () => {
    api.scenarios.apply(token(), { fail: { path: '/v1/users', status: 500 } });
    renderAt('/users');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('500 Server error');
    expect(alert).toHaveTextContent(/req_/);
    expect(screen.getByRole('table')).toHaveAttribute('aria-busy', 'false');
    expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(1);
  });

  it('refreshes the page on screen without leaving it', async () => {
    const { router, queryClient } = renderAt('/users?page=2&limit=10&sort=-name');
    await waitFor(() => expect(status()).toHaveTextContent('11–20 of 120'));
    const rows = firstCells(1);
    const key = usersKeys.list({ page: 2, limit: 10, sort: '-name' });
    expect(screen.getByText(/^Updated/)).toBeVisible();

    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(queryClient.getQueryState(key)?.dataUpdateCount).toBe(2));
    expect(router.state.location.search).toBe('?page=2&limit=10&sort=-name');
    expect(status()).toHaveTextContent('11–20 of 120');
    expect(firstCells(1)).toEqual(rows);
  });
});
