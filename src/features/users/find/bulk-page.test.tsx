import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { bindApiClient, createApiClient } from '../../../lib/api-client';
import { scopedStorageKey, setCurrentProfileKey } from '../../../lib/api-profile';
import { createRequestLog } from '../../../lib/request-log';
import { clearStorageMemory, readText, writeText } from '../../../lib/storage';
import { BULK_LOOKUP_KEY, forgetUserData } from '../user-storage';
import { BulkPage } from './bulk-page';

const BASE = 'https://api.example.com';

interface Sent {
  url: string;
  token: string | null;
  signal: AbortSignal;
  answer: () => void;
}

afterEach(() => {
  setCurrentProfileKey('');
  sessionStorage.clear();
  clearStorageMemory();
});

/**
 * An API whose answers (404s) come only when the test says, and a page bound to it; `sub` null
 * once signed out. `renderAgain` opens the page anew, as coming back to it does.
 */
function renderBulkPage() {
  const sent: Sent[] = [];
  const person: { token: string; generation: number; sub: string | null } = {
    token: 'first-person',
    generation: 1,
    sub: 'alice',
  };
  const api = createApiClient({
    baseUrl: BASE,
    getToken: () => person.token,
    getGeneration: () => person.generation,
    getPerson: () => (person.sub === null ? undefined : { sub: person.sub }),
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
  const renderAgain = () => {
    const router = createMemoryRouter(
      [{ path: '/users/bulk', element: <BulkPage apiBaseUrl={BASE} /> }],
      { initialEntries: ['/users/bulk'] },
    );
    return render(
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
  };
  return { sent, person, view: renderAgain(), renderAgain };
}

/** The saved lookup under the current API profile's key (or `profileKey`'s), parsed. */
function savedLookup(profileKey?: string): { text: string; states: { kind: string }[] } | null {
  const text = readText('session', scopedStorageKey(BULK_LOOKUP_KEY, profileKey));
  return text === null ? null : (JSON.parse(text) as { text: string; states: { kind: string }[] });
}

/**
 * An API of `count` users that answers at once and does not sort by e-mail (claiming `claimed`
 * users if given); the URLs asked.
 */
function renderAgainstList(count: number, claimed = count) {
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
    getPerson: () => ({ sub: 'alice' }),
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
          meta: { total: claimed, page, limit },
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

  it('writes nothing of a run once its person has signed out, however late its answers come', async () => {
    const { sent, person, view } = renderBulkPage();
    await startLookingUp(40);
    await waitFor(() => expect(sent).toHaveLength(4));
    // Sign-out: the session ends, what the person kept is forgotten, and the page goes.
    person.sub = null;
    forgetUserData();
    view.unmount();
    for (const request of sent) request.answer();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(savedLookup()).toBeNull();
  });

  it('keeps a run’s answers under the API it ran against when another is chosen mid-run', async () => {
    setCurrentProfileKey('Alpha');
    const { sent, view } = renderBulkPage();
    await startLookingUp(40);
    await waitFor(() => expect(sent).toHaveLength(4));
    sent[0]!.answer();
    await within(screen.getByRole('table', { name: 'Results' })).findByText('Not found');
    // The switch: Beta becomes the current profile and the page goes.
    setCurrentProfileKey('Beta');
    view.unmount();
    for (const request of sent) request.answer();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(savedLookup('Beta')).toBeNull();
    const alpha = savedLookup('Alpha');
    expect(alpha?.text).toContain('user_40');
    expect(alpha?.states.map((state) => state.kind).slice(0, 2)).toEqual(['not-found', 'waiting']);
  });

  it('shows and keeps nothing of another person’s lookup, nor of one bound to nobody', async () => {
    const { sent, person, view, renderAgain } = renderBulkPage();
    await startLookingUp(2);
    await waitFor(() => expect(sent).toHaveLength(2));
    for (const request of sent) request.answer();
    await screen.findByText(/^Looked up 2 entries/);
    expect(savedLookup()).toMatchObject({ apiBaseUrl: BASE, sub: 'alice', text: 'user_1\nuser_2' });
    view.unmount();
    // Another person signs in to the same API (no sign-out between: a renewal as someone else).
    Object.assign(person, { token: 'second-person', generation: 2, sub: 'bob' });
    renderAgain();
    expect(screen.getByLabelText('IDs, e-mails or links')).toHaveValue('');
    expect(screen.queryByRole('table', { name: 'Results' })).toBeNull();
    await waitFor(() => expect(JSON.stringify(savedLookup())).not.toContain('user_1'));
    cleanup();
    // An older record without its owner is dropped as well.
    writeText(
      'session',
      scopedStorageKey(BULK_LOOKUP_KEY),
      JSON.stringify({ text: 'user_9', states: [{ kind: 'not-found' }] }),
    );
    renderAgain();
    expect(screen.getByLabelText('IDs, e-mails or links')).toHaveValue('');
  });

  it('keeps the answers with the entries they answer when the box changes after a run', async () => {
    const { sent, view, renderAgain } = renderBulkPage();
    await startLookingUp(1);
    await waitFor(() => expect(sent).toHaveLength(1));
    sent[0]!.answer();
    await screen.findByText(/^Looked up 1 entry/);
    const box = screen.getByLabelText('IDs, e-mails or links');
    await userEvent.setup().type(box, '0');
    await waitFor(() => expect(savedLookup()?.text).toBe('user_10'));
    view.unmount();
    renderAgain();
    expect(screen.getByLabelText('IDs, e-mails or links')).toHaveValue('user_10');
    // The answer is user_1's, and says so: not shown against user_10, which was not looked up.
    const [, row] = within(screen.getByRole('table', { name: 'Results' })).getAllByRole('row');
    expect(row).toHaveTextContent(/^user_1Not found$/);
  });

  it('goes on reading a list that claims a billion users from where the last go stopped', async () => {
    writeText(
      'session',
      scopedStorageKey(BULK_LOOKUP_KEY),
      JSON.stringify({
        apiBaseUrl: BASE,
        sub: 'alice',
        text: 'person4500@example.org',
        lookedUp: 'person4500@example.org',
        states: [{ kind: 'unfinished', rows: 2000, total: 1_000_000_000 }],
      }),
    );
    const { asked } = renderAgainstList(5_000, 1_000_000_000);
    const table = within(screen.getByRole('table', { name: 'Results' }));
    expect(
      table.getByText(
        'Not in the first 2,000 of 1,000,000,000 users read (Go on reading looks further)',
      ),
    ).toBeVisible();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Go on reading' }));
    await screen.findByText(/^Read on for 1 address\.$/);
    expect(table.getByText('Found')).toBeVisible();
    expect(table.getByText('user_4500')).toBeVisible();
    const pages = asked.map((url) => Number(url.searchParams.get('page')));
    expect(Math.min(...pages)).toBe(21);
    expect(asked.every((url) => url.searchParams.get('sort') === null)).toBe(true);
    expect(screen.queryByRole('button', { name: 'Go on reading' })).toBeNull();
  });

  it('never says "no name has it" of a name whose search stopped at its bound, and leads to Find', async () => {
    writeText(
      'session',
      scopedStorageKey(BULK_LOOKUP_KEY),
      JSON.stringify({
        apiBaseUrl: BASE,
        sub: 'alice',
        text: 'Nobody Anywhere',
        lookedUp: 'Nobody Anywhere',
        states: [{ kind: 'matches', count: 0, truncated: true }],
      }),
    );
    renderAgainstList(20);
    const table = within(screen.getByRole('table', { name: 'Results' }));
    const link = table.getByRole('link', {
      name: 'Not found yet: the search stopped at its bound',
    });
    expect(link).toHaveAttribute('href', '/users/find#q=Nobody+Anywhere');
    expect(table.queryByText(/no name has it/)).toBeNull();
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
