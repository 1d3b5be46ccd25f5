import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { columnChoicesOf, DEFAULT_VIEW_OPTIONS, savedViewsKey } from './view-options';
import { ViewsMenu } from './views-menu';

const columns = columnChoicesOf([
  { accessorKey: 'id', header: 'ID', meta: { alwaysVisible: true } },
  { accessorKey: 'name', header: 'Name' },
]);

function renderMenu(entry: string) {
  const router = createMemoryRouter(
    [
      {
        path: '/users',
        element: (
          <ViewsMenu
            tableId="users"
            columns={columns}
            view={DEFAULT_VIEW_OPTIONS}
            onViewChange={() => {}}
            onLoadError={() => {}}
          />
        ),
      },
    ],
    { initialEntries: [entry] },
  );
  render(<RouterProvider router={router} />);
}

afterEach(() => localStorage.clear());

// jsdom has <dialog> without its methods: enough of them for the component's side.
beforeAll(() => {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    if (!this.open) return;
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
});

describe('ViewsMenu', () => {
  it('confirms a saved view visibly, and then shows it as the view in effect', async () => {
    const user = userEvent.setup();
    renderMenu('/users?sort=name');
    const views = screen.getByRole('button', { name: 'Views' });
    await user.click(views);
    await user.click(await screen.findByRole('menuitem', { name: 'Save view…' }));
    await user.type(await screen.findByLabelText('View name'), 'By name');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('View “By name” saved')).toBeVisible();
    // The name stays Views; the view in effect follows it.
    expect(screen.getByRole('button', { name: 'Views' })).toHaveTextContent('Views: By name');
  });

  it('shows the saved view the table is in when the page opens', async () => {
    localStorage.setItem(
      savedViewsKey('users'),
      JSON.stringify({
        views: [{ id: 'a', name: 'Compact by name', search: 'sort=name', ...DEFAULT_VIEW_OPTIONS }],
        defaultId: null,
      }),
    );
    renderMenu('/users?sort=name&page=3');
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Views' })).toHaveTextContent(
        'Views: Compact by name',
      ),
    );
  });

  it('shows no view when the table is not in one', async () => {
    localStorage.setItem(
      savedViewsKey('users'),
      JSON.stringify({
        views: [{ id: 'a', name: 'By name', search: 'sort=name', ...DEFAULT_VIEW_OPTIONS }],
        defaultId: null,
      }),
    );
    renderMenu('/users?sort=-name');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.getByRole('button', { name: 'Views' })).toHaveTextContent(/^Views$/);
  });
});
