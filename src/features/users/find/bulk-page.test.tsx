import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
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
});
