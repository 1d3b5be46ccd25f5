// @vitest-environment node
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { testQueryClient, setupApiTestServer } from '../../../test/api-test-server';
import { ApiError } from '../../../lib/api-error';
import { bindApiClient, createApiClient, setApiClient } from '../../../lib/api-client';
import { cancellableFetchQuery } from '../../../lib/cancellable-fetch-query';
import { createQueryClient } from '../../../lib/query-client';
import { createRequestLog } from '../../../lib/request-log';
import {
  userDetailQueryOptions,
  usersExportPageQueryOptions,
  usersKeys,
  usersListQueryOptions,
  usersSearchPageQueryOptions,
} from './users-api';

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

describe('the API a query asks', () => {
  it('is its query client’s profile, even after another profile became current', async () => {
    const OTHER = 'https://staging.example.com';
    const asked: string[] = [];
    server.use(
      http.get(`${BASE}/v1/users/:id`, ({ request }) => {
        asked.push(request.url);
        return HttpResponse.json({
          data: { ...user, profile: { bio: '', location: '', avatar_url: '' } },
        });
      }),
      http.get(`${OTHER}/v1/users/:id`, ({ request }) => {
        asked.push(request.url);
        return HttpResponse.json({ error: {} }, { status: 500 });
      }),
    );
    const production = queryClient();
    bindApiClient(
      production,
      createApiClient({ baseUrl: BASE, getToken: () => 'tok', log: createRequestLog() }),
    );
    // Another profile made current (the header's API select) while Production's query runs.
    setApiClient(
      createApiClient({ baseUrl: OTHER, getToken: () => 'tok', log: createRequestLog() }),
    );
    await production.fetchQuery(userDetailQueryOptions('user_1'));
    expect(asked).toEqual([`${BASE}/v1/users/user_1`]);
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

  it('refuses an implausible total (over 10^9 rows) as a broken answer, for every list read', async () => {
    server.use(
      http.get(`${BASE}/v1/users`, () =>
        HttpResponse.json({
          data: [user],
          meta: { total: Number.MAX_SAFE_INTEGER, page: 1, limit: 1 },
        }),
      ),
    );
    const refused = (read: Promise<unknown>) =>
      expect(read).rejects.toMatchObject({
        kind: 'schema',
        message: expect.stringMatching(/meta\.total: more than 1,000,000,000 rows/),
      });
    await refused(queryClient().fetchQuery(usersListQueryOptions({ page: 1, limit: 1 })));
    await refused(
      queryClient().fetchQuery(usersSearchPageQueryOptions({ page: 1, limit: 1, sort: 'email' })),
    );
    await refused(queryClient().fetchQuery(usersExportPageQueryOptions({ page: 1, limit: 1 })));
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

    await expect(queryClient().fetchQuery(userDetailQueryOptions('user_a/b c'))).resolves.toEqual({
      data: detail,
      raw: { data: detail },
    });
    expect(path).toBe('/v1/users/user_a%2Fb%20c');
  });

  it('keeps the body as sent beside the fields it reads, unknown ones included', async () => {
    const sent = {
      data: {
        role: 'admin',
        ...user,
        status: 'suspended',
        profile: { bio: '', location: '', avatar_url: '', pronouns: 'they' },
      },
      meta: { served_by: 'eu-1' },
    };
    server.use(http.get(`${BASE}/v1/users/:id`, () => HttpResponse.json(sent)));

    const lookup = await queryClient().fetchQuery(userDetailQueryOptions(user.id));

    expect(lookup.raw).toEqual(sent);
    expect(Object.keys(lookup.raw as object)).toEqual(['data', 'meta']);
    expect(Object.keys((lookup.raw as typeof sent).data)).toEqual(Object.keys(sent.data));
    expect(lookup.data).toEqual({ ...user, profile: { bio: '', location: '', avatar_url: '' } });
  });

  it('still refuses a body without the fields it reads, naming where', async () => {
    server.use(
      http.get(`${BASE}/v1/users/:id`, () =>
        HttpResponse.json({ data: { ...user, profile: { bio: 1 } } }),
      ),
    );
    await expect(
      queryClient().fetchQuery({ ...userDetailQueryOptions(user.id), retry: false }),
    ).rejects.toMatchObject({
      kind: 'schema',
      message: expect.stringMatching(/data\.profile\.bio/),
    });
  });

  it('answers "not found" for an id that URL rules would rewrite', async () => {
    const error = await queryClient()
      .fetchQuery(userDetailQueryOptions('..'))
      .catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, kind: 'http' });
  });
});

describe('usersExportPageQueryOptions, fetched as the export does', () => {
  const params = { page: 3, limit: 100, sort: 'name' as const };

  function installClient() {
    const log = createRequestLog();
    setApiClient(createApiClient({ baseUrl: BASE, getToken: () => 'tok', log }));
    return log;
  }

  it('keeps its pages apart from the table’s, fetched afresh and not kept', () => {
    const options = usersExportPageQueryOptions(params);
    expect(options.queryKey).toEqual(['users', 'export', params]);
    expect(options).toMatchObject({ retry: false, staleTime: 0, gcTime: 0 });
  });

  it('logs every page, and a 401 ends the session through the query cache as everywhere', async () => {
    const log = installClient();
    const onUnauthorized = vi.fn();
    const client = createQueryClient({ onUnauthorized });
    server.use(
      http.get(`${BASE}/v1/users`, ({ request }) =>
        new URL(request.url).searchParams.get('page') === '1'
          ? HttpResponse.json({ data: [user], meta: { total: 101, page: 1, limit: 100 } })
          : HttpResponse.json(
              { error: { code: 'unauthorized', message: 'Token expired', request_id: 'req_1' } },
              { status: 401 },
            ),
      ),
    );
    const signal = new AbortController().signal;
    const first = usersExportPageQueryOptions({ ...params, page: 1 });
    await expect(cancellableFetchQuery(client, first, signal)).resolves.toMatchObject({
      data: [user],
    });
    await expect(
      cancellableFetchQuery(client, usersExportPageQueryOptions({ ...params, page: 2 }), signal),
    ).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(log.entries().map((entry) => [entry.url, entry.status])).toEqual([
      [`${BASE}/v1/users?page=1&limit=100&sort=name`, 200],
      [`${BASE}/v1/users?page=2&limit=100&sort=name`, 401],
    ]);
  });

  it('is not retried by the query library: the export waits out a 429 itself', async () => {
    installClient();
    let requests = 0;
    server.use(
      http.get(`${BASE}/v1/users`, () => {
        requests += 1;
        return HttpResponse.json(
          { error: { code: 'rate_limited', message: 'Slow down', request_id: 'req_2' } },
          { status: 429, headers: { 'Retry-After': '1' } },
        );
      }),
    );
    const client = createQueryClient();
    await expect(
      cancellableFetchQuery(
        client,
        usersExportPageQueryOptions(params),
        new AbortController().signal,
      ),
    ).rejects.toMatchObject({ status: 429, retryAfterMs: 1000 });
    expect(requests).toBe(1);
  });

  it('aborting the signal aborts the request in flight', async () => {
    installClient();
    let aborted: Promise<void> | undefined;
    server.use(
      http.get(`${BASE}/v1/users`, async ({ request }) => {
        aborted = new Promise((resolve) =>
          request.signal.addEventListener('abort', () => resolve()),
        );
        await delay('infinite');
        return HttpResponse.json({});
      }),
    );
    const controller = new AbortController();
    const fetching = cancellableFetchQuery(
      createQueryClient(),
      usersExportPageQueryOptions(params),
      controller.signal,
    );
    await vi.waitFor(() => expect(aborted).toBeDefined());
    controller.abort();
    await expect(fetching).rejects.toThrow();
    await aborted;
    // Nothing is sent once the signal has aborted.
    await expect(
      cancellableFetchQuery(
        createQueryClient(),
        usersExportPageQueryOptions(params),
        controller.signal,
      ),
    ).rejects.toThrow();
  });
});
