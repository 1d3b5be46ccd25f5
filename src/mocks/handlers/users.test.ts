// @vitest-environment node
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '../data.ts';
import type { Page, UserSummary } from '../db.ts';
import { mintDemoToken } from '../jwt.ts';
import { createTestServer } from '../node.ts';
import { fetchApi, expectError } from '../test-support.ts';

const { server, api } = createTestServer({ users: 250, products: 10 });
let token: string;

beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' });
  token = await mintDemoToken('valid');
});
afterEach(() => api.reset());
afterAll(() => server.close());

async function listUsers(query = ''): Promise<Page<UserSummary>> {
  const response = await fetchApi(`/v1/users${query}`, token);
  expect(response.status).toBe(200);
  return (await response.json()) as Page<UserSummary>;
}

describe('GET /v1/users', () => {
  it('returns the first 50 list items by default, without profiles', async () => {
    const page = await listUsers();
    expect(page.meta).toEqual({ total: 250, page: 1, limit: 50 });
    expect(page.data).toHaveLength(50);
    expect(page.data[0]).toEqual({
      id: api.db.users[0]?.id,
      name: api.db.users[0]?.name,
      email: api.db.users[0]?.email,
      created_at: api.db.users[0]?.created_at,
    });
  });

  it('pages through every user exactly once', async () => {
    const ids: string[] = [];
    for (let page = 1; page <= 3; page += 1) {
      const result = await listUsers(`?page=${page}&limit=100`);
      expect(result.meta).toEqual({ total: 250, page, limit: 100 });
      ids.push(...result.data.map((user) => user.id));
    }
    expect(ids).toEqual(api.db.users.map((user) => user.id));
  });

  it('answers a page past the end with no data and the real total', async () => {
    const page = await listUsers('?page=99&limit=10');
    expect(page).toEqual({ data: [], meta: { total: 250, page: 99, limit: 10 } });
  });

  const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
  const byName = (a: UserSummary, b: UserSummary) =>
    collator.compare(a.name, b.name) || (a.id < b.id ? -1 : 1);
  const byCreated = (a: UserSummary, b: UserSummary) =>
    Date.parse(a.created_at) - Date.parse(b.created_at) || (a.id < b.id ? -1 : 1);

  it.each([
    ['name', byName],
    ['-name', (a: UserSummary, b: UserSummary) => byName(b, a)],
    ['created_at', byCreated],
    ['-created_at', (a: UserSummary, b: UserSummary) => byCreated(b, a)],
  ])('sorts by %s across pages', async (sort, compare) => {
    const first = await listUsers(`?sort=${sort}&limit=100`);
    const second = await listUsers(`?sort=${sort}&limit=100&page=2`);
    const third = await listUsers(`?sort=${sort}&limit=100&page=3`);
    const all = [...first.data, ...second.data, ...third.data];
    expect(all).toHaveLength(250);
    expect(all).toEqual([...all].sort(compare));
    expect(new Set(all.map((user) => user.id)).size).toBe(250);
  });

  it('puts names led by symbols ("-2+3", "<img…") first ascending and last descending', async () => {
    // The collator orders symbols before letters: - @ + < =
    const led = [
      'user_csv_minus',
      'user_csv_at',
      'user_csv_sum',
      'user_hostile',
      'user_csv_hyperlink',
    ];
    const ascending = await listUsers('?sort=name&limit=100&page=1');
    expect(ascending.data.slice(0, 5).map((user) => user.id)).toEqual(led);
    const descending = await listUsers('?sort=-name&limit=100&page=3');
    expect(descending.data.slice(-5).map((user) => user.id)).toEqual([...led].reverse());
  });

  it.each([
    ['page=0', 'page must be an integer of at least 1'],
    ['page=-1', 'page must be an integer of at least 1'],
    ['page=1.5', 'page must be an integer of at least 1'],
    ['page=', 'page must not be empty'],
    ['page=1&page=2', 'page must be given at most once'],
    ['limit=0', 'limit must be an integer between 1 and 100'],
    ['limit=101', 'limit must be an integer between 1 and 100'],
    ['limit=abc', 'limit must be an integer between 1 and 100'],
    ['limit=1e1', 'limit must be an integer between 1 and 100'],
    ['limit=', 'limit must not be empty'],
    ['sort=email', 'sort must be one of name, -name, created_at, -created_at'],
    ['sort=+name', 'sort must be one of name, -name, created_at, -created_at'],
    ['sort=', 'sort must not be empty'],
  ])('rejects %s with 400 invalid_parameter', async (query, message) => {
    await expectError(
      await fetchApi(`/v1/users?${query}`, token),
      400,
      'invalid_parameter',
      message,
    );
  });

  it('accepts the boundary values and ignores unknown parameters', async () => {
    expect((await listUsers('?limit=1')).data).toHaveLength(1);
    expect((await listUsers('?limit=100')).data).toHaveLength(100);
    expect((await listUsers('?limit=5&utm_source=x')).meta.limit).toBe(5);
  });
});

describe('GET /v1/users/:id', () => {
  it('returns the user with profile', async () => {
    const response = await fetchApi('/v1/users/user_hostile', token);
    expect(response.status).toBe(200);
    expect(((await response.json()) as { data: User }).data).toEqual(
      api.db.getUser('user_hostile'),
    );
  });

  it('answers an unknown id with 404 not_found', async () => {
    await expectError(
      await fetchApi('/v1/users/user_x', token),
      404,
      'not_found',
      'User user_x not found',
    );
  });
});

describe('routing', () => {
  it.each(['https://api.test/prefix/v1/users', 'http://127.0.0.1:4010/v1/users'])(
    'serves %s',
    async (url) => {
      const response = await fetch(`${url}?limit=1`, {
        headers: { Authorization: `Bearer ${token}` },
      });
      expect(response.status).toBe(200);
    },
  );

  it('answers unknown paths under the API with 404 not_found', async () => {
    await expectError(await fetchApi('/v1/nothing', token), 404, 'not_found', /GET \/v1\/nothing/);
    const post = await fetch('https://api.test/v1/users', { method: 'POST' });
    await expectError(post, 404, 'not_found');
  });
});
