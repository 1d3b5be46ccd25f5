import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { readRecentLookups } from './recent-lookups';
import { UserLookup } from './user-lookup';

function renderLookup() {
  const router = createMemoryRouter([{ path: '*', element: <UserLookup /> }], {
    initialEntries: ['/products'],
  });
  render(<RouterProvider router={router} />);
  return router;
}

beforeEach(() => sessionStorage.clear());

describe('UserLookup', () => {
  it('is a search box, as the UI contract promises', () => {
    renderLookup();
    expect(screen.getByRole('searchbox', { name: 'User ID' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Look up' })).toBeVisible();
  });

  it('opens the user from a pasted console URL and remembers the id', async () => {
    const router = renderLookup();
    await userEvent.type(
      screen.getByRole('searchbox', { name: 'User ID' }),
      'https://console.example.com/users/user_abc123?tab=1{Enter}',
    );
    expect(router.state.location.pathname).toBe('/users/user_abc123');
    expect(readRecentLookups()).toEqual(['user_abc123']);
  });

  it('explains input that is not a user id and stays put', async () => {
    const router = renderLookup();
    const box = screen.getByRole('searchbox', { name: 'User ID' });
    await userEvent.type(box, 'prod_123');
    await userEvent.click(screen.getByRole('button', { name: 'Look up' }));
    expect(screen.getByRole('alert')).toHaveTextContent('is not a user ID');
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(router.state.location.pathname).toBe('/products');
  });
});
