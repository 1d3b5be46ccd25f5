import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { setupMockApiClient } from '../../test/api-test-server';
import { HOSTILE_USER, LONG_TEXT_USER } from '../../mocks/data';
import { rememberLookup } from './recent-lookups';
import { usersKeys } from './api/users-api';
import { UserLookup } from './user-lookup';
import { UserPage } from './user-page';

configure({ asyncUtilTimeout: 5000 });

const { server } = setupMockApiClient({ users: 10, products: 1 });

beforeEach(() => sessionStorage.clear());

function renderUser(id: string, state?: unknown, imageSources: readonly string[] = ['https:']) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [{ path: '/users/:id', element: <UserPage id={id} imageSources={imageSources} /> }],
    {
      initialEntries: [{ pathname: `/users/${encodeURIComponent(id)}`, state }],
    },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return queryClient;
}

describe('UserPage', () => {
  it('marks a bidi override in the e-mail and an RLM in the h1, and makes no mailto: link of it', async () => {
    const email = 'ada\u202Emoc.elpmaxe@example.com';
    server.use(
      http.get('https://api.test/v1/users/user_bidi', () =>
        HttpResponse.json({
          data: {
            id: 'user_bidi',
            name: 'Ada\u200F Lovelace',
            email,
            created_at: '2024-01-02T03:04:05Z',
            profile: { bio: '', location: '', avatar_url: '' },
          },
        }),
      ),
    );
    renderUser('user_bidi');
    const heading = await screen.findByRole('heading', { level: 1 });
    expect(heading.textContent).toBe('Ada[U+200F] Lovelace');
    expect(screen.getByText(/ada\[U\+202E\]moc/)).toBeVisible();
    expect(document.querySelector('a[href^="mailto:"]')).toBeNull();
    expect(document.body.textContent).not.toMatch(/[\u202E\u200F]/);
  });

  it.each([
    ['a word joiner', '\u2060', '[U+2060]'],
    ['a soft hyphen', '\u00AD', '[U+AD]'],
    ['a zero-width joiner', '\u200D', '[U+200D]'],
    ['a tag character', '\u{E0061}', '[U+E0061]'],
  ])(
    'makes no mailto: link of an address with %s, and shows it marked',
    async (_, hidden, mark) => {
      server.use(
        http.get('https://api.test/v1/users/user_hidden', () =>
          HttpResponse.json({
            data: {
              id: 'user_hidden',
              name: 'Ada Lovelace',
              email: `ada@exam${hidden}ple.com`,
              created_at: '2024-01-02T03:04:05Z',
              profile: { bio: '', location: '', avatar_url: '' },
            },
          }),
        ),
      );
      renderUser('user_hidden');
      expect(await screen.findByText(`ada@exam${mark}ple.com`)).toBeVisible();
      expect(document.querySelector('a[href^="mailto:"]')).toBeNull();
    },
  );

  it('shows hostile markup as plain text and never as an image or script', async () => {
    renderUser(HOSTILE_USER.id);
    const heading = await screen.findByRole('heading', { level: 1 });
    expect(heading.textContent).toBe(HOSTILE_USER.name);
    expect(document.querySelector('img')).toBeNull();
    expect(document.querySelector('script, [onerror], [onload]')).toBeNull();
    const bio = screen.getByText(/Hello <b>admin<\/b>!/);
    expect(bio.textContent).toBe(HOSTILE_USER.profile.bio);
    expect(bio.querySelector('b')).toBeNull();
    expect(screen.getByText(HOSTILE_USER.profile.location)).toBeVisible();
  });

  it('keeps the bio’s line breaks', async () => {
    renderUser(LONG_TEXT_USER.id);
    const bio = (await screen.findByText(/This profile exists/)).closest('p');
    expect(bio?.textContent).toBe(LONG_TEXT_USER.profile.bio);
    expect(bio).toHaveClass('whitespace-pre-line');
  });

  it('shows no avatar from an address the image sources do not allow, and says why', async () => {
    // No image sources: the mock's avatar, under the API's origin, is not allowed.
    renderUser(LONG_TEXT_USER.id, undefined, []);
    await screen.findByRole('heading', { level: 1, name: LONG_TEXT_USER.name });
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.getByText(/The avatar is not shown: it is at https:\/\/api\.test/)).toBeVisible();
  });

  it('shows the profile: avatar, e-mail link, created time and the id with copy', async () => {
    renderUser(LONG_TEXT_USER.id);
    expect(
      await screen.findByRole('heading', { level: 1, name: LONG_TEXT_USER.name }),
    ).toBeVisible();
    // Stored as plain http: on the demo's avatar host; the mock serves it under the API.
    expect(screen.queryByText(/The avatar is not shown/)).toBeNull();
    expect(screen.getByRole('img', { name: LONG_TEXT_USER.name })).toHaveAttribute(
      'src',
      `https://api.test/__demo/avatars/${LONG_TEXT_USER.id}.svg`,
    );
    expect(screen.getByRole('link', { name: LONG_TEXT_USER.email })).toHaveAttribute(
      'href',
      `mailto:${LONG_TEXT_USER.email}`,
    );
    expect(document.querySelector('dl time')).toHaveAttribute(
      'dateTime',
      '2021-06-15T08:30:00.000Z',
    );
    expect(screen.getByRole('button', { name: `Copy ID ${LONG_TEXT_USER.id}` })).toBeVisible();
  });

  it('says an unknown id is not found, and where to look up another', async () => {
    renderUser('user_nobody');
    // The full alert replaces a plain one once its code has arrived.
    await screen.findByRole('button', { name: 'Copy request ID' });
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('404 Not found');
    expect(alert).toHaveTextContent('User user_nobody not found');
    expect(alert).toHaveTextContent(/Request ID: req_/);
    expect(within(alert).getByRole('button', { name: 'Copy request ID' })).toBeVisible();
    // Asking again would get the same 404.
    expect(within(alert).queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(screen.getByText(/Use the Find box above to look up another user/)).toBeVisible();
    expect(screen.queryByLabelText('User ID')).toBeNull();
  });

  it('offers to look up another user instead of trying the same id again', async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const router = createMemoryRouter(
      [
        {
          path: '/users/:id',
          element: (
            <>
              <UserLookup />
              <UserPage id="user_nobody" imageSources={[]} />
            </>
          ),
        },
      ],
      { initialEntries: ['/users/user_nobody'] },
    );
    render(
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    await screen.findByRole('button', { name: 'Copy request ID' });
    const alert = screen.getByRole('alert');
    await userEvent.click(within(alert).getByRole('button', { name: 'Look up another user' }));
    expect(screen.getByRole('combobox', { name: 'Find' })).toHaveFocus();
  });

  it('offers the ids looked up before when one is not found', async () => {
    rememberLookup('user_longtext');
    rememberLookup('user_nobody');
    renderUser('user_nobody');
    const recent = await screen.findByRole('region', { name: 'Recent lookups' });
    expect(
      within(recent)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['user_longtext']);
    expect(within(recent).getByRole('link')).toHaveAttribute('href', '/users/user_longtext');
  });

  it('goes back to the list view the person came from', async () => {
    renderUser(LONG_TEXT_USER.id, { usersSearch: '?page=3&limit=25&sort=-name' });
    expect(await screen.findByRole('link', { name: /Back to users/ })).toHaveAttribute(
      'href',
      '/users?page=3&limit=25&sort=-name',
    );
  });

  it('copies the e-mail address', async () => {
    const user = userEvent.setup();
    renderUser(LONG_TEXT_USER.id);
    await user.click(await screen.findByRole('button', { name: 'Copy email' }));
    expect(await navigator.clipboard.readText()).toBe(LONG_TEXT_USER.email);
  });

  it('shows the API’s answer as raw JSON, and Refresh refetches without leaving that view', async () => {
    const user = userEvent.setup();
    const queryClient = renderUser(LONG_TEXT_USER.id);
    await user.click(await screen.findByRole('button', { name: 'Raw JSON' }));
    expect(screen.getByRole('button', { name: 'Raw JSON' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    const raw = screen.getByRole('region', { name: 'User response' });
    const shown = JSON.parse(raw.textContent ?? '') as { data: { id: string; email: string } };
    // `role` is the mock's field the console does not know: shown as it came.
    expect(shown.data).toMatchObject({
      id: LONG_TEXT_USER.id,
      email: LONG_TEXT_USER.email,
      role: expect.any(String),
    });
    expect(screen.queryByText('Bio')).toBeNull();
    expect(screen.getByText(/^Updated/)).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() =>
      expect(queryClient.getQueryState(usersKeys.detail(LONG_TEXT_USER.id))?.dataUpdateCount).toBe(
        2,
      ),
    );
    expect(screen.getByRole('region', { name: 'User response' })).toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: LONG_TEXT_USER.name })).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Profile' }));
    expect(screen.getByText('Bio')).toBeVisible();
  });
});
