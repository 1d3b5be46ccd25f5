import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { bindApiClient, createApiClient } from '../../../lib/api-client';
import { createRequestLog } from '../../../lib/request-log';
import { BulkPage } from './bulk-page';

const BASE = 'https://api.example.com';

interface Sent {
  url: string;
  token: string | null;
  signal: AbortSignal;
  answer: () => void;
}

/** An API whose answers (404s) come only when the test says, and a page bound to it. */
function renderBulkPage() {
  const sent: Sent[] = [];
  const person = { token: 'first-person', generation: 1 };
  const api = createApiClient({
    baseUrl: BASE,
    getToken: () => person.token,
    getGeneration: () => person.generation,
    log: createRequestLog(),
    fetchImpl: (input, init) =>
      new Promise<Response>((resolve, reject) => {
        const signal = init?.signal as AbortSignal;
        signal.addEventListener('abort', () =>
          reject(new DOMException('The request was aborted.', 'AbortError')),
        );
        sent.push({
          url: String(input),
          token: new Headers(init?.headers).get('authorization'),
          signal,
          answer: () =>
            resolve(
              Response.json(
                { error: { code: 'not_found', message: 'No such user' } },
                { status: 404 },
              ),
            ),
        });
      }),
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  bindApiClient(queryClient, api);
  const router = createMemoryRouter(
    [{ path: '/users/bulk', element: <BulkPage apiBaseUrl={BASE} /> }],
    { initialEntries: ['/users/bulk'] },
  );
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { sent, person, view };
}

/** An API of `count` users that answers at once and does not sort by e-mail; the URLs asked. */
function renderAgainstList(count: number) {
  const asked: URL[] = [];
  const users = Array.from({ length: count }, (_, index) => ({
    id: `user_${index + 1}`,
    name: `Person ${String(index + 1).padStart(4, '0')}`,
    email: `person${index + 1}@example.org`,
    created_at: '2024-01-01T00:00:00Z',
  }));
  const api = createApiClient({
    baseUrl: BASE,
    getToken: () => 'first-person',
    log: createRequestLog(),
    fetchImpl: (input) => {
      const url = new URL(String(input));
      asked.push(url);
      // A slow API: by the end of a long list, its first pages are older than the cache keeps.
      vi.setSystemTime(Date.now() + 10_000);
      if (url.searchParams.get('sort') !== null) {
        return Promise.resolve(
          Response.json(
            { error: { code: 'validation_error', message: 'Unknown sort' } },
            { status: 400 },
          ),
        );
      }
      const page = Number(url.searchParams.get('page') ?? '1');
      const limit = Number(url.searchParams.get('limit') ?? '20');
      return Promise.resolve(
        Response.json({
          data: users.slice((page - 1) * limit, page * limit),
          meta: { total: count, page, limit },
        }),
      );
    },
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  bindApiClient(queryClient, api);
  const router = createMemoryRouter(
    [{ path: '/users/bulk', element: <BulkPage apiBaseUrl={BASE} /> }],
    { initialEntries: ['/users/bulk'] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { asked };
}

async function startLookingUp(count: number) {
  const ids = Array.from({ length: count }, (_, index) => `user_${index + 1}`);
  const user = userEvent.setup();
  await user.click(screen.getByLabelText('IDs, e-mails or links'));
  await user.paste(ids.join('\n'));
  await user.click(screen.getByRole('button', { name: 'Look up all' }));
}

describe('BulkPage', () => {
  it('stops every lookup when the page goes away (another page, API or person)', async () => {
    const { sent, view } = renderBulkPage();
    await startLookingUp(40);
    await waitFor(() => expect(sent).toHaveLength(4));
    view.unmount();
    for (const request of sent) expect(request.signal.aborted).toBe(true);
    // Nothing more is started, even once the lookups in flight would have answered.
    for (const request of sent) request.answer();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sent).toHaveLength(4);
  });

  it('never looks the first person’s list up for another who signed in meanwhile', async () => {
    const { sent, person } = renderBulkPage();
    await startLookingUp(40);
    await waitFor(() => expect(sent).toHaveLength(4));
    Object.assign(person, { token: 'second-person', generation: 2 });
    for (const request of sent) request.answer();
    await screen.findByText(/^Lookup cancelled: 4 of 40 answered/);
    expect(sent.map((request) => request.token)).toEqual(Array(4).fill('Bearer first-person'));
  });

  it('reads the list once for all the addresses pasted, where the API cannot sort by e-mail', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { asked } = renderAgainstList(950);
    const addresses = [
      'person5@example.org',
      'person940@example.org',
      'nobody@example.org',
      'person420@example.org',
      'PERSON777@example.org',
      'person100@example.org',
      'person101@example.org',
      'person333@example.org',
    ];
    const user = userEvent.setup();
    await user.click(screen.getByLabelText('IDs, e-mails or links'));
    await user.paste(addresses.join('\n'));
    await user.click(screen.getByRole('button', { name: 'Look up all' }));
    await screen.findByText(/^Looked up 8 entries/, undefined, { timeout: 15_000 });

    const table = within(screen.getByRole('table', { name: 'Results' }));
    expect(table.getAllByText('Found')).toHaveLength(7);
    expect(table.getAllByText('Not found')).toHaveLength(1);
    const pages = asked
      .filter((url) => url.searchParams.get('sort') === null)
      .map((url) => url.searchParams.get('page'));
    // Ten pages of 100, each read once: not once per address (the first address, searched as
    // Find searches one, read page 1, which the others' reading takes from the cache).
    expect(pages.toSorted()).toEqual([...new Set(pages)].toSorted());
    expect(pages.length).toBeLessThanOrEqual(10);
  });
});
