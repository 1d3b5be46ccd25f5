import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
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
      const one = /^\/v1\/users\/(.+)$/.exec(url.pathname)?.[1];
      if (one !== undefined) {
        const found = users.find((user) => user.id === one);
        return Promise.resolve(
          found
            ? Response.json({
                data: { ...found, profile: { bio: '', location: '', avatar_url: '' } },
              })
            : Response.json(
                { error: { code: 'not_found', message: 'No such user' } },
                { status: 404 },
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

  it('keeps links’ queries and tokens out of the Input column and the CSV, and names another host', async () => {
    renderAgainstList(20);
    const blobs: Blob[] = [];
    const { createObjectURL, revokeObjectURL } = URL;
    onTestFinished(() => {
      Object.assign(URL, { createObjectURL, revokeObjectURL });
    });
    URL.createObjectURL = (blob: Blob) => {
      blobs.push(blob);
      return 'blob:results';
    };
    URL.revokeObjectURL = () => undefined;
    const click = vi
      .spyOn(HTMLAnchorElement.prototype, 'click')
      .mockImplementation(() => undefined);
    onTestFinished(() => click.mockRestore());
    const token = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhZGEifQ.c2lnbmF0dXJlLXRoYXQtaXMtbG9uZw';
    const user = userEvent.setup();
    await user.click(screen.getByLabelText('IDs, e-mails or links'));
    await user.paste(
      [
        `https://evil.example/users/user_3?access_token=${token}&utm=x#frag`,
        `${BASE}/v1/users/user_4?session=abc123`,
      ].join('\n'),
    );
    await user.click(screen.getByRole('button', { name: 'Look up all' }));
    await screen.findByText(/^Looked up 2 entries/);

    const table = within(screen.getByRole('table', { name: 'Results' }));
    const [, first, second] = table.getAllByRole('row');
    expect(first).toHaveTextContent('https://evil.example/users/user_3');
    expect(first).toHaveTextContent(
      'Found (the link is for another host, evil.example: its user ID was looked up here)',
    );
    expect(second).toHaveTextContent(`${BASE}/v1/users/user_4`);
    expect(second).not.toHaveTextContent('another host');
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    const csv = await blobs[0]!.text();
    for (const text of [screen.getByRole('table', { name: 'Results' }).textContent ?? '', csv]) {
      expect(text).toContain('https://evil.example/users/user_3');
      for (const secret of ['eyJ', 'c2lnbmF0dXJl', 'abc123', 'utm', 'frag']) {
        expect(text).not.toContain(secret);
      }
    }
    expect(csv).toContain('another host, evil.example');
  });
});
