import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { bindApiClient, createApiClient } from '../../lib/api-client';
import { createQueryClient } from '../../lib/query-client';
import { createRequestLog } from '../../lib/request-log';
import type { UserDetail } from '../../features/users/api/users-api';
import type { FindMode } from '../../features/users/find/find-users';
import { CardSearch, SHORT_LIST } from './card-search';

const BASE = 'https://api.example.com';

interface Row {
  id: string;
  name: string;
  email: string;
  created_at: string;
}

function row(name: string, email = `${name.replace(/ /g, '.').toLowerCase()}@example.org`): Row {
  return {
    id: `user_${name.replace(/ /g, '_').toLowerCase()}`,
    name,
    email,
    created_at: '2024-01-01T00:00:00Z',
  };
}

/**
 * An API of these users, sorting by name and e-mail, with their profiles; `fail` answers every
 * list request with a 500 (Find's search then stops with an error). Returns the requests made.
 */
function renderSearch(
  mode: FindMode,
  text: string,
  users: Row[],
  { fail = false }: { fail?: boolean } = {},
) {
  const requests: string[] = [];
  const api = createApiClient({
    baseUrl: BASE,
    getToken: () => 'token',
    log: createRequestLog(),
    fetchImpl: (input) => {
      const url = new URL(String(input));
      requests.push(`${url.pathname}${url.search}`);
      const detail = /^\/v1\/users\/([^/]+)$/.exec(url.pathname)?.[1];
      if (detail) {
        const user = users.find((candidate) => candidate.id === decodeURIComponent(detail));
        return Promise.resolve(
          user
            ? Response.json({
                data: {
                  ...user,
                  profile: { bio: '', location: 'Paris', avatar_url: '' },
                  role: 'admin',
                },
              })
            : Response.json(
                { error: { code: 'not_found', message: 'No such user' } },
                { status: 404 },
              ),
        );
      }
      if (fail) {
        return Promise.resolve(
          Response.json({ error: { code: 'boom', message: 'It broke' } }, { status: 500 }),
        );
      }
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
  const shown = vi.fn<(user: UserDetail) => void>();
  render(
    <QueryClientProvider client={queryClient}>
      <CardSearch mode={mode} text={text} apiBaseUrl={BASE} imageSources={[]} onShown={shown} />
    </QueryClientProvider>,
  );
  return { requests, shown };
}

describe('CardSearch', () => {
  it('shows the one person an e-mail belongs to, and says so to the help desk', async () => {
    const { shown } = renderSearch('email', 'grace.hopper@example.org', [
      row('Ada Lovelace'),
      row('Grace Hopper'),
    ]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Grace Hopper' })).toBeVisible();
    expect(screen.getByText('Paris')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Open in console' })).toHaveAttribute(
      'href',
      `${window.location.origin}/users/user_grace_hopper`,
    );
    // Other fields, as the user page lists them.
    expect(await screen.findByText('Other fields')).toBeVisible();
    expect(shown).toHaveBeenCalledWith(expect.objectContaining({ id: 'user_grace_hopper' }));
  });

  it('says there is no such user only after the whole search, with its requests', async () => {
    const { requests, shown } = renderSearch('email', 'nobody@example.org', [row('Ada Lovelace')]);
    const status = await screen.findByText(/^No user with e-mail nobody@example\.org · /);
    expect(status).toHaveTextContent(
      `No user with e-mail nobody@example.org · ${requests.length} ${requests.length === 1 ? 'request' : 'requests'}`,
    );
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('No user found');
    expect(shown).not.toHaveBeenCalled();
  });

  it('never says "no user" for a search a failure stopped: the alert, and what it made', async () => {
    renderSearch('email', 'ada.lovelace@example.org', [row('Ada Lovelace')], { fail: true });
    const alert = await screen.findByRole('alert', {}, { timeout: 15_000 });
    expect(alert).toHaveTextContent('500');
    expect(screen.getByRole('status')).toHaveTextContent(/stopped by an error · \d+ requests?/);
    expect(screen.queryByText(/No user/)).toBeNull();
  }, 20_000);

  it('lists the first matches of several, leads to the rest in Find, and shows the one chosen', async () => {
    const graces = Array.from({ length: SHORT_LIST + 3 }, (_, i) =>
      row(`Grace ${String.fromCharCode(65 + i)}son`),
    );
    const { shown } = renderSearch('name', 'grace', [row('Ada Lovelace'), ...graces]);
    expect(
      await screen.findByRole('heading', { level: 1, name: `${graces.length} matches` }),
    ).toBeVisible();
    const list = screen.getByRole('list', { name: 'Matches' });
    expect(within(list).getAllByRole('button')).toHaveLength(SHORT_LIST);
    expect(screen.getByText('And 3 more.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Open in console' })).toHaveAttribute(
      'href',
      `${window.location.origin}/users/find#q=grace`,
    );
    expect(shown).not.toHaveBeenCalled();
    await userEvent.click(within(list).getAllByRole('button')[1] as HTMLElement);
    expect(await screen.findByRole('heading', { level: 1, name: 'Grace Bson' })).toBeVisible();
    expect(shown).toHaveBeenCalledWith(expect.objectContaining({ id: 'user_grace_bson' }));
    await userEvent.click(screen.getByRole('button', { name: /Back to the matches/ }));
    expect(await screen.findByRole('list', { name: 'Matches' })).toBeVisible();
  });
});
