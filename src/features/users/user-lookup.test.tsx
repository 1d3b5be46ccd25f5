import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { bindApiClient, createApiClient } from '../../lib/api-client';
import { createRequestLog } from '../../lib/request-log';
import { readRecentLookups } from './recent-lookups';
import { UserLookup } from './user-lookup';

function renderLookup() {
  const router = createMemoryRouter([{ path: '*', element: <UserLookup /> }], {
    initialEntries: ['/products'],
  });
  const queryClient = new QueryClient();
  bindApiClient(
    queryClient,
    createApiClient({
      baseUrl: 'https://api.example.com/v1',
      getToken: () => null,
      log: createRequestLog(),
    }),
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

beforeEach(() => sessionStorage.clear());

describe('UserLookup', () => {
  it('is a search box, as the UI contract promises', () => {
    renderLookup();
    expect(screen.getByRole('searchbox', { name: 'Find user' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Find' })).toBeVisible();
  });

  it('opens the user from a pasted console URL and remembers the id', async () => {
    const router = renderLookup();
    await userEvent.type(
      screen.getByRole('searchbox', { name: 'Find user' }),
      'https://console.example.com/users/user_abc123?tab=1{Enter}',
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/users/user_abc123'));
    expect(readRecentLookups()).toEqual(['user_abc123']);
  });

  it('looks up the id of a link to another host, and says the link was for another host', async () => {
    const router = renderLookup();
    const box = screen.getByRole('searchbox', { name: 'Find user' });
    await userEvent.type(box, 'https://api.example.com.evil.example/users/user_abc123{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/users/user_abc123'));
    expect(await screen.findByRole('status')).toHaveTextContent(
      /another host \(api\.example\.com\.evil\.example\).*user ID it holds was looked up/,
    );
    await userEvent.type(box, 'x');
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('says nothing more of a link to this API or this console', async () => {
    const router = renderLookup();
    const box = screen.getByRole('searchbox', { name: 'Find user' });
    await userEvent.type(box, 'https://api.example.com/v1/users/user_abc123{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/users/user_abc123'));
    await userEvent.type(box, `${window.location.origin}/users/user_def456{Enter}`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/users/user_def456'));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('explains input that is not a user id and stays put', async () => {
    const router = renderLookup();
    const box = screen.getByRole('searchbox', { name: 'Find user' });
    await userEvent.type(box, 'prod_123');
    await userEvent.click(screen.getByRole('button', { name: 'Find' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('is not a user ID');
    expect(box).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(router.state.location.pathname).toBe('/products'));
  });

  it('offers the ids looked up before as links while the box has focus', async () => {
    const router = renderLookup();
    const box = screen.getByRole('searchbox', { name: 'Find user' });
    await userEvent.type(box, 'user_first1{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/users/user_first1'));
    await userEvent.type(box, 'user_second2{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/users/user_second2'));
    await userEvent.click(box);
    const recent = await screen.findByRole('group', { name: 'Recent lookups' });
    expect(recent).toHaveTextContent(/user_second2.*user_first1/);
    await userEvent.click(screen.getByRole('link', { name: 'user_first1' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/users/user_first1'));
    expect(router.state.historyAction).toBe('PUSH');
    // Still a plain search box: the suggestions are links beside it, not a combobox.
    expect(box).not.toHaveAttribute('list');
  });

  it('closes the recent lookups after a lookup and on Escape', async () => {
    const router = renderLookup();
    const box = screen.getByRole('searchbox', { name: 'Find user' });
    await userEvent.type(box, 'user_first1{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/users/user_first1'));
    expect(box).toHaveFocus();
    expect(screen.queryByRole('group', { name: 'Recent lookups' })).toBeNull();
    await userEvent.type(box, 'u');
    expect(await screen.findByRole('group', { name: 'Recent lookups' })).toBeVisible();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('group', { name: 'Recent lookups' })).toBeNull();
    expect(box).toHaveFocus();
  });

  it('finds an e-mail address or a name on the Find page, with the text in the URL', async () => {
    const router = renderLookup();
    const box = screen.getByRole('searchbox', { name: 'Find user' });
    await userEvent.type(box, '  Ada@Example.com {Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/users/find'));
    await waitFor(() =>
      expect(new URLSearchParams(router.state.location.search).get('q')).toBe('Ada@Example.com'),
    );
    await userEvent.type(box, 'grace  hopper{Enter}');
    await waitFor(() =>
      expect(new URLSearchParams(router.state.location.search).get('q')).toBe('grace hopper'),
    );
  });

  it.each([
    ['g', 'at least 2 characters'],
    ['   ', 'Type a name'],
    ['ada@', 'not a whole e-mail address'],
    ['Ad\u202Ea', 'invisible character (U+202E)'],
    ['x'.repeat(300), 'at most 200'],
  ])('says what is wrong with %j and sends nothing', async (text, message) => {
    const router = renderLookup();
    const box = screen.getByRole('searchbox', { name: 'Find user' });
    await userEvent.click(box);
    await userEvent.paste(text);
    await userEvent.click(screen.getByRole('button', { name: 'Find' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    await waitFor(() => expect(router.state.location.pathname).toBe('/products'));
  });
});
