// @vitest-environment node
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_USERS, type User } from '../data.ts';
import type { Page, UserSummary } from '../db.ts';
import { mintDemoToken } from '../jwt.ts';
import { createTestServer } from '../node.ts';
import { API_BASE, fetchApi, expectError, postScenario } from '../test-support.ts';
import { roleOf } from './users.ts';

const { server, api } = createTestServer({ users: 250, products: 10 });
let token: string;

beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' });
  token = await mintDemoToken('valid');
});
afterEach(() => api.reset());
afterAll(() => server.close());

async function listUsers(query = '', as = token): Promise<Page<UserSummary>> {
  const response = await fetchApi(`/v1/users${query}`, as);
  expect(response.status).toBe(200);
  return (await response.json()) as Page<UserSummary>;
}

/** All 250 users in the order `sort` gives, page by page as the console reads them. */
async function listAll(sort: string | undefined, as = token): Promise<UserSummary[]> {
  const query = sort === undefined ? '' : `&sort=${sort}`;
  const pages = [1, 2, 3].map((page) => listUsers(`?page=${page}&limit=100${query}`, as));
  return (await Promise.all(pages)).flatMap((page) => page.data);
}

const byCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
const NAME_COMPARATORS = {
  locale: collator.compare,
  'code-unit': byCodeUnits,
  lower: (a: string, b: string) => byCodeUnits(a.toLowerCase(), b.toLowerCase()),
};
/** Orders users by a name comparator, ties by id. */
const byName = (compare: (a: string, b: string) => number) => (a: UserSummary, b: UserSummary) =>
  compare(a.name, b.name) || byCodeUnits(a.id, b.id);
const byEmail = (a: UserSummary, b: UserSummary) =>
  byCodeUnits(a.email, b.email) || byCodeUnits(a.id, b.id);

describe('GET /v1/users', () => {
  it('returns the first 50 list items by default, without profiles', async () => {
    const page = await listUsers();
    expect(page.meta).toEqual({ total: 250, page: 1, limit: 50 });
    expect(page.data).toHaveLength(50);
    const { id, name, email, created_at } = api.db.users.userAt(0);
    expect(page.data[0]).toEqual({ id, name, email, created_at });
  });

  it('pages through every user exactly once', async () => {
    const ids: string[] = [];
    for (let page = 1; page <= 3; page += 1) {
      const result = await listUsers(`?page=${page}&limit=100`);
      expect(result.meta).toEqual({ total: 250, page, limit: 100 });
      ids.push(...result.data.map((user) => user.id));
    }
    expect(ids).toEqual(api.db.users.toArray().map((user) => user.id));
  });

  it('answers a page past the end with no data and the real total', async () => {
    const page = await listUsers('?page=99&limit=10');
    expect(page).toEqual({ data: [], meta: { total: 250, page: 99, limit: 10 } });
  });

  const byLocaleName = byName(collator.compare);
  const byCreated = (a: UserSummary, b: UserSummary) =>
    Date.parse(a.created_at) - Date.parse(b.created_at) || (a.id < b.id ? -1 : 1);

  it.each([
    ['name', byLocaleName],
    ['-name', (a: UserSummary, b: UserSummary) => byLocaleName(b, a)],
    ['created_at', byCreated],
    ['-created_at', (a: UserSummary, b: UserSummary) => byCreated(b, a)],
    ['email', byEmail],
    ['-email', (a: UserSummary, b: UserSummary) => byEmail(b, a)],
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
    ['sort=bogus', 'sort must be one of name, -name, created_at, -created_at, email, -email'],
    ['sort=+name', 'sort must be one of name, -name, created_at, -created_at, email, -email'],
    ['sort=--name', 'sort must be one of name, -name, created_at, -created_at, email, -email'],
    ['sort=Email', 'sort must be one of name, -name, created_at, -created_at, email, -email'],
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

describe('GET /v1/users with a scenario', () => {
  async function scenarioToken(scenario: object): Promise<string> {
    const own = await mintDemoToken('valid');
    expect((await postScenario(own, scenario)).status).toBe(204);
    return own;
  }

  it('accepts only the sort fields listed in userSorts, each in both directions', async () => {
    const own = await scenarioToken({ userSorts: ['name', 'created_at'] });
    const refused = 'sort must be one of name, -name, created_at, -created_at';
    for (const sort of ['email', '-email']) {
      await expectError(
        await fetchApi(`/v1/users?sort=${sort}`, own),
        400,
        'invalid_parameter',
        refused,
      );
    }
    expect((await listUsers('?sort=-created_at', own)).data).toHaveLength(50);
    expect((await listUsers('?sort=name', own)).data).toHaveLength(50);
    // Other tokens keep the default.
    expect((await listUsers('?sort=email')).data).toHaveLength(50);

    const emailOnly = await scenarioToken({ userSorts: ['email'] });
    await expectError(
      await fetchApi('/v1/users?sort=name', emailOnly),
      400,
      'invalid_parameter',
      'sort must be one of email, -email',
    );
    const none = await scenarioToken({ userSorts: [] });
    await expectError(
      await fetchApi('/v1/users?sort=created_at', none),
      400,
      'invalid_parameter',
      'sort is not supported',
    );
    expect((await listUsers('', none)).data).toHaveLength(50);
  });

  it.each(['locale', 'code-unit', 'lower'] as const)(
    'orders names by nameOrder %s, ties by id, and -name is the exact reverse',
    async (nameOrder) => {
      const own = await scenarioToken({ nameOrder });
      const ascending = await listAll('name', own);
      expect(ascending).toHaveLength(250);
      const compare = byName(NAME_COMPARATORS[nameOrder]);
      for (let i = 1; i < ascending.length; i += 1) {
        expect(compare(ascending[i - 1]!, ascending[i]!)).toBeLessThan(0);
      }
      expect(await listAll('-name', own)).toEqual([...ascending].reverse());
    },
  );

  it('files the search users differently under each name order', async () => {
    const namesOf = async (nameOrder: string) =>
      (await listAll('name', await scenarioToken({ nameOrder }))).map((user) => user.name);
    const [locale, codeUnit, lower] = await Promise.all(
      ['locale', 'code-unit', 'lower'].map(namesOf),
    );
    const followers = (names: string[], name: string) => names.slice(names.indexOf(name) + 1);
    /** The initials of the names either side of `name`. */
    const around = (names: string[], name: string) => {
      const index = names.indexOf(name);
      return `${names[index - 1]?.[0]}…${names[index + 1]?.[0]}`;
    };
    // A collator files É under E and ignores case; code units put é and d after every capital.
    expect(around(locale!, 'Émile Zola')).toMatch(/^[DE]…[EF]$/);
    expect(around(locale!, 'de la Cruz María')).toMatch(/^[CD]…[DE]$/);
    expect(followers(codeUnit!, 'de la Cruz María')).toEqual([
      'Émile Zola',
      'Алексей Смирнов',
      '山田 太郎',
    ]);
    expect(around(lower!, 'de la Cruz María')).toMatch(/^[CD]…[DE]$/);
    expect(followers(lower!, 'Émile Zola')).toEqual(['Алексей Смирнов', '山田 太郎']);
  });

  it('ignores sort=name and sort=-name under nameOrder unsorted, and only those', async () => {
    const own = await scenarioToken({ nameOrder: 'unsorted' });
    const apiOrder = await listAll(undefined, own);
    expect(apiOrder.map((user) => user.id)).toEqual(api.db.users.toArray().map((user) => user.id));
    expect(await listAll('name', own)).toEqual(apiOrder);
    expect(await listAll('-name', own)).toEqual(apiOrder);
    expect(await listAll('email', own)).toEqual([...apiOrder].sort(byEmail));
  });

  it('forgets userSorts and nameOrder on reset, and keeps them across other changes', async () => {
    const own = await scenarioToken({ userSorts: ['name'], nameOrder: 'unsorted' });
    await postScenario(own, { latencyMs: 0 });
    await expectError(await fetchApi('/v1/users?sort=email', own), 400, 'invalid_parameter');
    expect(await listAll('name', own)).toEqual(await listAll(undefined, own));
    await postScenario(own, { reset: true });
    expect((await listUsers('?sort=email', own)).data).toHaveLength(50);
    expect(await listAll('name', own)).toEqual(await listAll('name'));
    expect(await listAll('name')).not.toEqual(await listAll(undefined));
  });

  it('claims the userTotal asked for, the pages past the real ones empty', async () => {
    const own = await scenarioToken({ userTotal: 1_000_000_000 });
    const first = await listUsers('?limit=100', own);
    expect(first.meta).toEqual({ total: 1_000_000_000, page: 1, limit: 100 });
    expect(first.data).toEqual((await listUsers('?limit=100')).data);
    expect(await listUsers('?page=4000000&limit=100', own)).toEqual({
      data: [],
      meta: { total: 1_000_000_000, page: 4_000_000, limit: 100 },
    });
    expect((await listUsers('?limit=100')).meta.total).toBe(250);
  });

  it('starts every page after the first with the row before it under repeatEdgeRow', async () => {
    const own = await scenarioToken({ repeatEdgeRow: true });
    const real = await listAll('email');
    const pages = await Promise.all(
      [1, 2, 3].map((page) => listUsers(`?page=${page}&limit=100&sort=email`, own)),
    );
    expect(pages.map((page) => page.data.length)).toEqual([100, 101, 51]);
    expect(pages[1]!.data[0]).toEqual(real[99]);
    expect(pages[2]!.data[0]).toEqual(real[199]);
    expect(pages.flatMap((page) => page.data)).toEqual([
      ...real.slice(0, 100),
      ...real.slice(99, 200),
      ...real.slice(199),
    ]);
    expect((await listUsers('?page=4&limit=100', own)).data).toEqual([]);
  });

  it.each([
    [{ userTotal: 1_000_000_001 }, /^Invalid scenario: userTotal/],
    [{ repeatEdgeRow: 'yes' }, /^Invalid scenario: repeatEdgeRow/],
    [{ userSorts: ['phone'] }, /^Invalid scenario: userSorts.0/],
    [{ userSorts: 'name' }, /^Invalid scenario: userSorts/],
    [{ userSorts: ['-name'] }, /^Invalid scenario: userSorts.0/],
    [{ nameOrder: 'random' }, /^Invalid scenario: nameOrder/],
  ])('refuses the scenario %j with 400', async (body, message) => {
    await expectError(await postScenario(token, body), 400, 'invalid_parameter', message);
  });
});

describe('GET /v1/users/:id', () => {
  it('returns the user with profile', async () => {
    const response = await fetchApi('/v1/users/user_hostile', token);
    expect(response.status).toBe(200);
    const user = api.db.getUser('user_hostile');
    const { data } = (await response.json()) as { data: User };
    expect(data).toEqual({ ...user, role: roleOf('user_hostile') });
    // A field the spec does not name, in the middle, as an API that grew one would send it.
    expect(Object.keys(data)).toEqual(['id', 'name', 'email', 'created_at', 'role', 'profile']);
  });

  it('adds the fields a scenario asks for, to that token only', async () => {
    const fields = { status: 'suspended', flags: { mfa: true, notes: ['a', 1, null] } };
    expect((await postScenario(token, { userFields: fields })).status).toBe(204);
    const own = (await (await fetchApi('/v1/users/user_hostile', token)).json()) as {
      data: Record<string, unknown>;
    };
    expect(own.data).toMatchObject(fields);
    expect(Object.keys(own.data).slice(-2)).toEqual(['status', 'flags']);
    const other = await mintDemoToken('valid', Math.floor(Date.now() / 1000) - 7);
    const theirs = (await (await fetchApi('/v1/users/user_hostile', other)).json()) as {
      data: Record<string, unknown>;
    };
    expect(theirs.data).not.toHaveProperty('status');
  });

  it.each(SEARCH_USERS)('finds the search user $id with profile', async (user) => {
    const response = await fetchApi(`/v1/users/${user.id}`, token);
    expect(response.status).toBe(200);
    const { data } = (await response.json()) as { data: User };
    expect(data).toEqual({
      ...user,
      role: roleOf(user.id),
      profile: { ...user.profile, avatar_url: `${API_BASE}/__demo/avatars/${user.id}.svg` },
    });
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
