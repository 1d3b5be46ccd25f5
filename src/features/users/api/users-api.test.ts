// @vitest-environment node
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { testQueryClient, setupApiTestServer } from '../../../test/api-test-server';
import { ApiError } from '../../../lib/api-error';
import { userDetailQueryOptions, usersKeys, usersListQueryOptions } from './users-api';

const BASE = 'https://api.example.com';
const server = setupApiTestServer(BASE);

const user = {
  id: 'user_1',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  created_at: '2024-01-02T03:04:05Z',
};

const queryClient = testQueryClient;

describe('usersKeys', () => {
  it('nests lists and details under one root', () => {
    const params = { page: 2, limit: 25, sort: '-name' as const };
    expect(usersKeys.all).toEqual(['users']);
    expect(usersKeys.lists()).toEqual(['users', 'list']);
    expect(usersKeys.list(params)).toEqual(['users', 'list', params]);
    expect(usersKeys.details()).toEqual(['users', 'detail']);
    expect(usersKeys.detail('user_1')).toEqual(['users', 'detail', 'user_1']);
    expect(usersListQueryOptions(params).queryKey).toEqual(usersKeys.list(params));
    expect(userDetailQueryOptions('user_1').queryKey).toEqual(usersKeys.detail('user_1'));
  });
});

describe('usersListQueryOptions', () => {
  it('asks for the page, size and sort, and returns the envelope', async () => {
    let search = '';
    server.use(
      http.get(`${BASE}/v1/users`, ({ request }) => {
        search = new URL(request.url).search;
        return HttpResponse.json({ data: [user], meta: { total: 51, page: 2, limit: 50 } });
      }),
    );

    const page = await queryClient().fetchQuery(
      usersListQueryOptions({ page: 2, limit: 50, sort: '-created_at' }),
    );

    expect(search).toBe('?page=2&limit=50&sort=-created_at');
    expect(page).toEqual({ data: [user], meta: { total: 51, page: 2, limit: 50 } });
  });

  it('leaves out an unset sort', async () => {
    let search = '';
    server.use(
      http.get(`${BASE}/v1/users`, ({ request }) => {
        search = new URL(request.url).search;
        return HttpResponse.json({ data: [], meta: { total: 0, page: 1, limit: 10 } });
      }),
    );

    await queryClient().fetchQuery(usersListQueryOptions({ page: 1, limit: 10 }));

    expect(search).toBe('?page=1&limit=10');
  });

  it('refuses an envelope whose meta breaks the contract', async () => {
    server.use(
      http.get(`${BASE}/v1/users`, () =>
        HttpResponse.json({ data: [user], meta: { total: -1, page: 0, limit: 50 } }),
      ),
    );

    await expect(
      queryClient().fetchQuery(usersListQueryOptions({ page: 1, limit: 50 })),
    ).rejects.toMatchObject({ kind: 'schema', message: expect.stringMatching(/meta\.total/) });
  });
});

describe('userDetailQueryOptions', () => {
  it('looks the user up by encoded id and unwraps the data', async () => {
    let path = '';
    const detail = {
      ...user,
      profile: {
        bio: 'Counts things',
        location: 'London',
        avatar_url: 'https://img.example.com/a.png',
      },
    };
    server.use(
      http.get(`${BASE}/v1/users/:id`, ({ request }) => {
        path = new URL(request.url).pathname;
        return HttpResponse.json({ data: detail });
      }),
    );

    await expect(queryClient().fetchQuery(userDetailQueryOptions('user_a/b c'))).resolves.toEqual(
      detail,
    );
    expect(path).toBe('/v1/users/user_a%2Fb%20c');
  });

  it('answers "not found" for an id that URL rules would rewrite', async () => {
    const error = await queryClient()
      .fetchQuery(userDetailQueryOptions('..'))
      .catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, kind: 'http' });
  });
});
