import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { bindApiClient, createApiClient } from '../../../lib/api-client';
import { createQueryClient } from '../../../lib/query-client';
import { createRequestLog } from '../../../lib/request-log';
import { FindPage } from './find-page';
import { findPath } from './find-query';

const BASE = 'https://api.example.com';

/**
 * The Find page over an API that never answers (what the page does before any response), or that
 * gives these answers first, with the app's query client (its retries).
 */
function renderFindPage(entry: string, answers: (() => Response)[] = []) {
  const api = createApiClient({
    baseUrl: BASE,
    getToken: () => 'token',
    log: createRequestLog(),
    fetchImpl: () => {
      const answer = answers.shift();
      return answer ? Promise.resolve(answer()) : new Promise<Response>(() => {});
    },
  });
  const queryClient = createQueryClient();
  bindApiClient(queryClient, api);
  const router = createMemoryRouter(
    [{ path: '/users/find', element: <FindPage apiBaseUrl={BASE} /> }],
    { initialEntries: [entry] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

/** An API of a few users that sorts by name and e-mail; the Find page and a user page stand-in. */
function renderOverList() {
  const users = ['Ada Lovelace', 'Alan Turing', 'Grace Hopper', 'Grace Kelly'].map((name) => ({
    id: `user_${name.split(' ')[0]!.toLowerCase()}_${name.split(' ')[1]!.toLowerCase()}`,
    name,
    email: `${name.replace(' ', '.').toLowerCase()}@example.org`,
    created_at: '2024-01-01T00:00:00Z',
  }));
  const api = createApiClient({
    baseUrl: BASE,
    getToken: () => 'token',
    log: createRequestLog(),
    fetchImpl: (input) => {
      const url = new URL(String(input));
      const sort = url.searchParams.get('sort') as 'name' | 'email' | null;
      const sorted = sort ? users.toSorted((a, b) => (a[sort] < b[sort] ? -1 : 1)) : users;
      const page = Number(url.searchParams.get('page'));
      const limit = Number(url.searchParams.get('limit'));
      return Promise.resolve(
        Response.json({
          data: sorted.slice((page - 1) * limit, page * limit),
          meta: { total: users.length, page, limit },
        }),
      );
    },
  });
  const queryClient = createQueryClient();
  bindApiClient(queryClient, api);
  const router = createMemoryRouter(
    [
      { path: '/users/find', element: <FindPage apiBaseUrl={BASE} /> },
      { path: '/users/:id', element: <p>A user’s page</p> },
      { path: '/account', element: <p>Another page</p> },
    ],
    { initialEntries: ['/account'] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router };
}

describe('FindPage', () => {
  it('opens the one user an e-mail or a name matches every time it is searched, from the cache too', async () => {
    const { router } = renderOverList();
    for (const [text, id] of [
      ['grace.hopper@example.org', 'user_grace_hopper'],
      ['Grace Hopper', 'user_grace_hopper'],
      ['alan', 'user_alan_turing'],
    ] as const) {
      // The second and third time, the search's answer is the query cache's (five minutes).
      for (let time = 1; time <= 3; time += 1) {
        await act(() => router.navigate(findPath(text)));
        await waitFor(() =>
          expect(router.state.location.pathname, `${text}, time ${time}`).toBe(`/users/${id}`),
        );
        expect(router.state.historyAction).toBe('REPLACE');
        await act(() => router.navigate('/account'));
      }
    }
  });

  it('lists a name several people have, and opens none', async () => {
    const { router } = renderOverList();
    await act(() => router.navigate(findPath('grace')));
    expect(await screen.findByText(/^2 matches · \d+ requests?$/)).toBeVisible();
    expect(router.state.location.pathname).toBe('/users/find');
  });

  it('moves an older ?q= link into the fragment, in place, and searches it', async () => {
    const router = renderFindPage('/users/find?q=grace+hopper&match=anywhere');
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.location.hash).toBe('#q=grace+hopper&match=anywhere');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(await screen.findByText(/“grace hopper” anywhere in their name/)).toBeVisible();
  });

  it('keeps the search out of the title', async () => {
    renderFindPage('/users/find#q=grace+hopper');
    expect(await screen.findByText(/Users whose name starts with “grace hopper”/)).toBeVisible();
    await waitFor(() => expect(document.title).toBe('Find user · Admin console'));
  });

  it('refuses a token in the URL and takes it out of the address', async () => {
    const router = renderFindPage(
      '/users/find?q=eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhZGEifQ.c2lnbmF0dXJl',
    );
    expect(
      await screen.findByText('This looks like an access token; it was not searched.'),
    ).toBeVisible();
    expect(router.state.location.search).toBe('');
    expect(router.state.location.hash).toBe('');
  });

  it('says a search stopped by an error has stopped, not that it is still searching', async () => {
    renderFindPage('/users/find#q=grace', [
      () =>
        Response.json(
          { error: { code: 'forbidden', message: 'No.' } },
          { status: 403, headers: { 'X-Request-Id': 'req_1' } },
        ),
    ]);
    const status = await screen.findByText(/^Search stopped by an error/);
    // The request that failed is one the search made (a 403 is not tried again).
    expect(status).toHaveTextContent('Search stopped by an error · 0 matches so far · 1 request');
    expect(screen.queryByText(/Searching…/)).toBeNull();
  });

  it('counts down a 429 that a page of the search waits out', async () => {
    renderFindPage('/users/find#q=grace', [
      () =>
        Response.json(
          { error: { code: 'rate_limited', message: 'Slow down.' } },
          { status: 429, headers: { 'Retry-After': '30', 'X-Request-Id': 'req_1' } },
        ),
    ]);
    expect(
      await screen.findByText(/The API’s rate limit was reached: going on in (30|29) s/),
    ).toBeVisible();
  });
});
