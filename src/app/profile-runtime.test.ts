import { afterEach, describe, expect, it, vi } from 'vitest';
import { overviewStore } from '../features/overview/overview-count';
import { rememberProducts, suggestSeenProducts } from '../features/products/seen-products';
import { findUsers, type FindMode } from '../features/users/find/find-users';
import { indexUsersFrom, suggestSeenUsers } from '../features/users/seen-users';
import { setApiClient } from '../lib/api-client';
import { setCurrentProfileKey, type ApiProfile } from '../lib/api-profile';
import { createProfileRuntimes } from './profile-runtime';

const API = 'https://api.example.com';
const profile: ApiProfile = {
  key: '',
  name: 'api.example.com',
  target: { mode: 'api', baseUrl: API, origin: API },
  production: false,
};

function token(): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const payload = { sub: 'ada', exp: Math.floor(Date.now() / 1000) + 3600 };
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part(payload)}.c2ln`;
}

/** An API with no users that refuses sort=email; `hang`: every request waits until aborted. */
function stubApi() {
  const requests: string[] = [];
  const api = { requests, hang: false };
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    requests.push(url.search);
    if (api.hang) {
      return new Promise((_, reject) =>
        init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)),
      );
    }
    if (url.searchParams.get('sort') === 'email') {
      const error = { code: 'invalid_sort', message: 'Cannot sort by email' };
      return Promise.resolve(Response.json({ error }, { status: 400 }));
    }
    const limit = Number(url.searchParams.get('limit'));
    return Promise.resolve(Response.json({ data: [], meta: { total: 0, page: 1, limit } }));
  });
  return api;
}

// The files of a worker share their modules (vite.config.ts): nothing of this runtime stays.
afterEach(() => {
  vi.unstubAllGlobals();
  setApiClient(null);
  setCurrentProfileKey('');
});

describe('profile runtime', () => {
  it('forgets at sign-out Find’s searches and what it learnt of the API, and the Overview’s counts', async () => {
    const api = stubApi();
    const runtimes = createProfileRuntimes({
      locationOrigin: 'https://console.example.com',
      requestTimeoutMs: 5_000,
    });
    const { sessionStore, queryClient, apiBaseUrl } = runtimes.activate(profile);
    const find = (mode: FindMode, text: string) =>
      findUsers({
        queryClient,
        baseUrl: apiBaseUrl,
        mode,
        text,
        signal: new AbortController().signal,
        onProgress: () => {},
      });
    const askedToSortByEmail = () => api.requests.some((search) => search.includes('sort=email'));
    sessionStore.signIn(token(), false);

    // Refused once, sort=email is not asked for again in this session.
    expect(await find('email', 'ada@example.org')).toMatchObject({ kind: 'found' });
    expect(askedToSortByEmail()).toBe(true);
    api.requests.length = 0;
    await find('email', 'grace@example.org');
    expect(askedToSortByEmail()).toBe(false);

    api.hang = true;
    const running = find('name', 'Ada');
    const overview = overviewStore(queryClient, apiBaseUrl).getSnapshot();
    await vi.waitFor(() => expect(api.requests).not.toEqual([]));

    sessionStore.end('signed-out');
    // Each on its own (soft), so that each memory is seen forgotten. The search under way
    // stops (kept, it would go on for the next person with Try again).
    expect
      .soft(await running.catch((error: unknown) => error))
      .toMatchObject({ kind: 'cancelled' });
    expect.soft(overviewStore(queryClient, apiBaseUrl).getSnapshot()).not.toBe(overview);

    api.hang = false;
    api.requests.length = 0;
    sessionStore.signIn(token(), false);
    await find('email', 'ada@example.org');
    expect.soft(askedToSortByEmail()).toBe(true);
    sessionStore.dispose();
  });

  it('suggests at sign-out neither the users nor the products seen, and takes in the next person’s', () => {
    const runtimes = createProfileRuntimes({
      locationOrigin: 'https://console.example.com',
      requestTimeoutMs: 5_000,
    });
    const { sessionStore, queryClient } = runtimes.activate(profile);
    sessionStore.signIn(token(), false);
    indexUsersFrom(queryClient);
    const ada = { id: 'user_ada', name: 'Ada Lovelace', email: 'ada@example.org' };
    queryClient.setQueryData(['users', 'list'], { data: [ada] });
    const lamp = {
      id: 'prod_lamp',
      name: 'Desk Lamp',
      description: '',
      price: 9,
      category: 'Home',
    };
    rememberProducts(queryClient, [lamp]);
    expect(suggestSeenUsers(queryClient, 'ada')).toEqual([ada]);
    expect(suggestSeenProducts(queryClient, 'lamp')).toEqual([lamp]);

    sessionStore.end('signed-out');
    expect(suggestSeenUsers(queryClient, 'ada')).toEqual([]);
    expect(suggestSeenProducts(queryClient, 'lamp')).toEqual([]);

    sessionStore.signIn(token(), false);
    const grace = { id: 'user_grace', name: 'Grace Hopper', email: 'grace@example.org' };
    queryClient.setQueryData(['users', 'list'], { data: [grace] });
    expect(suggestSeenUsers(queryClient, 'grace')).toEqual([grace]);
    expect(suggestSeenUsers(queryClient, 'ada')).toEqual([]);
    sessionStore.dispose();
  });
});
