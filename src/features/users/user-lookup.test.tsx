import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { bindApiClient, createApiClient } from '../../lib/api-client';
import { createRequestLog } from '../../lib/request-log';
import { readRecentLookups } from './recent-lookups';
import type { LoadProductSuggestions } from './product-suggestion';
import { UserLookup } from './user-lookup';

function renderLookup(loadProductSuggestions?: LoadProductSuggestions) {
  const router = createMemoryRouter(
    [{ path: '*', element: <UserLookup loadProductSuggestions={loadProductSuggestions} /> }],
    {
      initialEntries: ['/products'],
    },
  );
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
  it('is a combobox labelled Find, as the UI contract allows', () => {
    renderLookup();
    expect(screen.getByRole('combobox', { name: 'Find' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Find' })).toBeVisible();
  });

  it('opens the user from a pasted console URL and remembers the id', async () => {
    const router = renderLookup();
    await userEvent.type(
      screen.getByRole('combobox', { name: 'Find' }),
      'https://console.example.com/users/user_abc123?tab=1{Enter}',
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/users/user_abc123'));
    expect(readRecentLookups()).toEqual(['user_abc123']);
  });

  it('looks up the id of a link to another host, and says the link was for another host', async () => {
    const router = renderLookup();
    const box = screen.getByRole('combobox', { name: 'Find' });
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
    const box = screen.getByRole('combobox', { name: 'Find' });
    await userEvent.type(box, 'https://api.example.com/v1/users/user_abc123{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/users/user_abc123'));
    await userEvent.type(box, `${window.location.origin}/users/user_def456{Enter}`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/users/user_def456'));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('opens a product by its id or a pasted product link, in the view the link names (#40)', async () => {
    const router = renderLookup();
    const box = screen.getByRole('combobox', { name: 'Find' });
    await userEvent.type(box, 'prod_e0517ffd4c{Enter}');
    await waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
        '/products?product=prod_e0517ffd4c',
      ),
    );
    await userEvent.type(
      box,
      'https://console.example.com/products?category=Books&page=48&product=prod_c2402f921a{Enter}',
    );
    await waitFor(() =>
      expect(router.state.location.search).toBe('?category=Books&product=prod_c2402f921a'),
    );
    expect(screen.queryByRole('alert')).toBeNull();
    expect(readRecentLookups()).toEqual([]);
  });

  it('suggests the products the tab has seen beside its users, and opens the one chosen (#40)', async () => {
    const torch = {
      id: 'prod_e0517ffd4c',
      name: 'Crème Brûlée Torch',
      to: '/products?product=prod_e0517ffd4c',
    };
    const router = renderLookup(() =>
      Promise.resolve((text) => ('creme'.startsWith(text.toLowerCase()) ? [torch] : [])),
    );
    const box = screen.getByRole('combobox', { name: 'Find' });
    await userEvent.type(box, 'cre');
    const option = await screen.findByRole('option', { name: /Crème Brûlée Torch/ });
    expect(option).toHaveTextContent('product · prod_e0517ffd4c');
    expect(box).toHaveAttribute('aria-expanded', 'true');
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
        '/products?product=prod_e0517ffd4c',
      ),
    );
    // A product is not a user lookup: the recent lookups stay users'.
    expect(readRecentLookups()).toEqual([]);
  });

  it('explains input that is not a user id and stays put', async () => {
    const router = renderLookup();
    const box = screen.getByRole('combobox', { name: 'Find' });
    await userEvent.type(box, 'order_123');
    await userEvent.click(screen.getByRole('button', { name: 'Find' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('is not a user ID');
    expect(box).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(router.state.location.pathname).toBe('/products'));
  });

  it('offers the ids looked up before as options while the box has focus', async () => {
    const router = renderLookup();
    const box = screen.getByRole('combobox', { name: 'Find' });
    await userEvent.type(box, 'user_first1{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/users/user_first1'));
    await userEvent.type(box, 'user_second2{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/users/user_second2'));
    await userEvent.click(box);
    const recent = await screen.findByRole('listbox', { name: 'Recent lookups' });
    expect(recent).toHaveTextContent(/user_second2.*user_first1/);
    await userEvent.click(screen.getByRole('option', { name: 'user_first1' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/users/user_first1'));
    expect(router.state.historyAction).toBe('PUSH');
    expect(box).toHaveFocus();
  });

  it('follows the APG combobox: arrows move the active option, Enter opens it, Escape closes', async () => {
    const router = renderLookup();
    const box = screen.getByRole('combobox', { name: 'Find' });
    await userEvent.type(box, 'user_first1{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/users/user_first1'));
    await userEvent.type(box, 'user_second2{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/users/user_second2'));
    expect(box).toHaveAttribute('aria-expanded', 'false');
    await userEvent.keyboard('{ArrowDown}');
    const list = await screen.findByRole('listbox', { name: 'Recent lookups' });
    expect(box).toHaveAttribute('aria-expanded', 'true');
    expect(box).toHaveAttribute('aria-controls', list.id);
    expect(box).not.toHaveAttribute('aria-activedescendant');
    await userEvent.keyboard('{ArrowDown}');
    const options = screen.getAllByRole('option');
    expect(box).toHaveAttribute('aria-activedescendant', options[0]?.id);
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{ArrowDown}');
    expect(box).toHaveAttribute('aria-activedescendant', options[1]?.id);
    await userEvent.keyboard('{ArrowDown}');
    // Wraps round, as the command menu does.
    expect(box).toHaveAttribute('aria-activedescendant', options[0]?.id);
    await userEvent.keyboard('{ArrowUp}');
    expect(box).toHaveAttribute('aria-activedescendant', options[1]?.id);
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/users/user_first1'));
    expect(box).toHaveValue('');
    expect(box).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    expect(await screen.findByRole('listbox', { name: 'Recent lookups' })).toBeVisible();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(box).toHaveFocus();
  });

  it('closes the recent lookups after a lookup and on Escape', async () => {
    const router = renderLookup();
    const box = screen.getByRole('combobox', { name: 'Find' });
    await userEvent.type(box, 'user_first1{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/users/user_first1'));
    expect(box).toHaveFocus();
    expect(screen.queryByRole('listbox', { name: 'Recent lookups' })).toBeNull();
    await userEvent.type(box, 'u');
    expect(await screen.findByRole('listbox', { name: 'Recent lookups' })).toBeVisible();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('listbox', { name: 'Recent lookups' })).toBeNull();
    expect(box).toHaveFocus();
  });

  it('finds an e-mail address or a name on the Find page, with the text in the URL fragment', async () => {
    const router = renderLookup();
    const box = screen.getByRole('combobox', { name: 'Find' });
    const searched = () => new URLSearchParams(router.state.location.hash.slice(1)).get('q');
    await userEvent.type(box, '  Ada@Example.com {Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/users/find'));
    await waitFor(() => expect(searched()).toBe('Ada@Example.com'));
    // Never in the query string, which the web server logs.
    expect(router.state.location.search).toBe('');
    await userEvent.type(box, 'grace  hopper{Enter}');
    await waitFor(() => expect(searched()).toBe('grace hopper'));
  });

  it('refuses an access token pasted into the box, and goes nowhere', async () => {
    const router = renderLookup();
    const box = screen.getByRole('combobox', { name: 'Find' });
    await userEvent.click(box);
    await userEvent.paste('eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhZGEifQ.c2lnbmF0dXJl');
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This looks like an access token; it was not searched.',
    );
    expect(router.state.location.pathname).toBe('/products');
  });

  it.each([
    ['g', 'at least 2 characters'],
    ['   ', 'Type a name'],
    ['ada@', 'not a whole e-mail address'],
    ['Ad\u202Ea', 'invisible character (U+202E)'],
    ['x'.repeat(300), 'at most 200'],
  ])('says what is wrong with %j and sends nothing', async (text, message) => {
    const router = renderLookup();
    const box = screen.getByRole('combobox', { name: 'Find' });
    await userEvent.click(box);
    await userEvent.paste(text);
    await userEvent.click(screen.getByRole('button', { name: 'Find' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    await waitFor(() => expect(router.state.location.pathname).toBe('/products'));
  });
});
