import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bindApiClient, createApiClient } from '../../../lib/api-client';
import { setCurrentProfileKey } from '../../../lib/api-profile';
import { createRequestLog } from '../../../lib/request-log';
import { clearStorageMemory } from '../../../lib/storage';
import { parseBulkInput } from './bulk-input';
import { BulkPage } from './bulk-page';
import type { LoadProductLookup, LookUpProducts, ProductAnswer } from './bulk-products';

const BASE = 'https://api.example.com';

afterEach(() => {
  cleanup();
  setCurrentProfileKey('');
  sessionStorage.clear();
  clearStorageMemory();
});

describe('parseBulkInput with product ids', () => {
  it('reads product ids and links as products, once each, beside users', () => {
    const parsed = parseBulkInput(
      [
        'user_1, prod_e0517ffd4c; PROD_E0517FFD4C',
        'https://console.example.com/products?category=Books&product=prod_c2402f921a',
        '<prod_aa1>.',
      ].join('\n'),
    );
    expect(parsed.ok && parsed.entries.map(({ query }) => query)).toEqual([
      { kind: 'id', id: 'user_1', host: undefined },
      { kind: 'product', id: 'prod_e0517ffd4c' },
      { kind: 'product', id: 'prod_c2402f921a' },
      { kind: 'product', id: 'prod_aa1' },
    ]);
    expect(parsed.ok && parsed.duplicates).toBe(1);
  });

  it('still reads a line of words as a name, product-like words or not', () => {
    const parsed = parseBulkInput('prod manager Grace');
    expect(parsed.ok && parsed.entries.map(({ query }) => query.kind)).toEqual(['name']);
  });
});

/** An API that knows user_1 only, and the page with a product lookup the test gives. */
function renderPage(loadProductLookup?: LoadProductLookup) {
  const asked: string[] = [];
  const api = createApiClient({
    baseUrl: BASE,
    getToken: () => 'first-person',
    getPerson: () => ({ sub: 'alice' }),
    log: createRequestLog(),
    fetchImpl: (input) => {
      const url = new URL(String(input));
      asked.push(url.pathname);
      return Promise.resolve(
        url.pathname === '/v1/users/user_1'
          ? Response.json({
              data: {
                id: 'user_1',
                name: 'Grace Hopper',
                email: 'grace@example.org',
                created_at: '2024-01-01T00:00:00Z',
                profile: { bio: '', location: '', avatar_url: '' },
              },
            })
          : Response.json(
              { error: { code: 'not_found', message: 'No such user' } },
              { status: 404 },
            ),
      );
    },
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  bindApiClient(queryClient, api);
  const renderAgain = () =>
    render(
      <QueryClientProvider client={queryClient}>
        <RouterProvider
          router={createMemoryRouter(
            [
              {
                path: '/users/bulk',
                element: <BulkPage apiBaseUrl={BASE} loadProductLookup={loadProductLookup} />,
              },
            ],
            { initialEntries: ['/users/bulk'] },
          )}
        />
      </QueryClientProvider>,
    );
  renderAgain();
  return { asked, renderAgain };
}

async function lookUpAll(text: string) {
  const user = userEvent.setup();
  await user.click(screen.getByLabelText('IDs, e-mails or links'));
  await user.paste(text);
  await user.click(screen.getByRole('button', { name: 'Look up all' }));
  await screen.findByText(/^Looked up|^Lookup cancelled/u);
}

function resultRows(): string[][] {
  const table = screen.getByRole('table', { name: 'Results' });
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent ?? ''),
    );
}

/** A lookup that answers from `answers`, recording the ids it was asked. */
function fakeLookup(answers: Record<string, ProductAnswer>) {
  const asked: string[][] = [];
  const lookUp: LookUpProducts = (ids, { onProgress }) => {
    asked.push([...ids]);
    onProgress({ rows: 100, total: 5_000 });
    return Promise.resolve(new Map(ids.map((id) => [id, answers[id] ?? { kind: 'not-found' }])));
  };
  const load = vi.fn<LoadProductLookup>(() => Promise.resolve(lookUp));
  return { asked, load };
}

describe('Look up many with product ids', () => {
  it('looks every product id up in one reading, in the order given, beside users', async () => {
    const { asked, load } = fakeLookup({
      prod_late: { kind: 'found', product: { id: 'prod_late', name: 'Crème brûlée cookbook' } },
    });
    const api = renderPage(load);
    await lookUpAll(
      'prod_late\nuser_1\nprod_missing\nhttps://x.example/products?product=prod_late',
    );
    expect(asked).toEqual([['prod_late', 'prod_missing']]);
    expect(api.asked).toEqual(['/v1/users/user_1']);
    expect(resultRows()).toEqual([
      ['prod_late', 'Found', 'prod_late', 'Crème brûlée cookbook', ''],
      ['user_1', 'Found', 'user_1', 'Grace Hopper', 'grace@example.org'],
      ['prod_missing', 'Not found', '', '', ''],
    ]);
    const table = screen.getByRole('table', { name: 'Results' });
    expect(within(table).getByRole('link', { name: 'prod_late' })).toHaveAttribute(
      'href',
      '/products?product=prod_late',
    );
    expect(screen.getByText(/1 not found/u)).toBeInTheDocument();
  });

  it('loads no product lookup for a paste without product ids', async () => {
    const { load } = fakeLookup({});
    renderPage(load);
    await lookUpAll('user_1');
    expect(load).not.toHaveBeenCalled();
  });

  it('says where the reading stopped at its bound, and a lookup that failed to load', async () => {
    const { load } = fakeLookup({ prod_far: { kind: 'unfinished', rows: 1_100, total: 1_000 } });
    renderPage(load);
    await lookUpAll('prod_far');
    expect(resultRows()[0]?.[1]).toBe(
      'Not in the first 1,100 of 1,000 products read: the reading stopped at its bound (Find product on the Products page reads on)',
    );
    cleanup();
    renderPage(() => Promise.reject(new Error('Failed to fetch dynamically imported module')));
    await lookUpAll('prod_far');
    expect(resultRows()[0]?.[1]).toBe('Failed to fetch dynamically imported module');
  });

  it('stops the product reading with Cancel lookup, saying so in the rows', async () => {
    const lookUp: LookUpProducts = (ids, { signal, onProgress }) => {
      onProgress({ rows: 300, total: 5_000 });
      return new Promise((resolve) =>
        signal.addEventListener('abort', () =>
          resolve(new Map(ids.map((id) => [id, { kind: 'cancelled' } as const]))),
        ),
      );
    };
    renderPage(() => Promise.resolve(lookUp));
    const user = userEvent.setup();
    await user.click(screen.getByLabelText('IDs, e-mails or links'));
    await user.paste('prod_a\nprod_b');
    await user.click(screen.getByRole('button', { name: 'Look up all' }));
    await screen.findByText('Reading the product list: 300 of 5,000 products read');
    await user.click(screen.getByRole('button', { name: 'Cancel lookup' }));
    await screen.findByText(/^Lookup cancelled/u);
    expect(resultRows().map((row) => row[1])).toEqual(['Cancelled', 'Cancelled']);
  });

  it('keeps a product’s answer for the tab, as the users’ are', async () => {
    const { load } = fakeLookup({
      prod_a: { kind: 'found', product: { id: 'prod_a', name: 'Kettle' } },
    });
    const { renderAgain } = renderPage(load);
    await lookUpAll('prod_a');
    cleanup();
    renderAgain();
    expect(resultRows()).toEqual([['prod_a', 'Found', 'prod_a', 'Kettle', '']]);
  });
});
