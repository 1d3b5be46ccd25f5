// @vitest-environment node
import { delay, http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setupApiTestServer, testQueryClient } from '../../../test/api-test-server';
import { isApiError } from '../../../lib/api-error';
import { findUsers, type FindMode, type FindProgress } from './find-users';

const BASE = 'https://api.example.com';
const server = setupApiTestServer(BASE);

const collator = new Intl.Collator('en');
const people = Array.from({ length: 2_345 }, (_, i) => ({
  id: `user_${String(i).padStart(5, '0')}`,
  name: i === 1_234 ? 'Grace Hopper' : `Person ${String(i).padStart(5, '0')}`,
  email: i === 1_234 ? 'grace@navy.example' : `p${i}@example.org`,
  created_at: '2024-01-02T03:04:05Z',
}));
people.push({ ...people[0]!, id: 'user_sum', name: '+SUM', email: 'sum@example.org' });
people.push({ ...people[0]!, id: 'user_dash', name: '-2+3', email: 'dash@example.org' });
people.push({ ...people[0]!, id: 'user_at', name: '@cmd', email: 'at@example.org' });

/** A fixed, name-blind order: a hash of the id. */
function scramble(id: string): number {
  let hash = 7;
  for (const char of id) hash = (hash * 31 + char.charCodeAt(0)) % 1_000_003;
  return hash;
}

interface ApiBehaviour {
  emailSort: boolean;
  sortsNames: boolean;
  failPage?: number;
  delayMs?: number;
  /** A list that never ends: a total of a billion, every page full. */
  endless?: boolean;
}
let behaviour: ApiBehaviour;
let requests: URL[];

beforeEach(() => {
  behaviour = { emailSort: true, sortsNames: true };
  requests = [];
  server.use(
    http.get(`${BASE}/v1/users`, async ({ request }) => {
      const url = new URL(request.url);
      requests.push(url);
      if (behaviour.delayMs) await delay(behaviour.delayMs);
      const page = Number(url.searchParams.get('page') ?? 1);
      const limit = Number(url.searchParams.get('limit') ?? 50);
      const sort = url.searchParams.get('sort');
      if (sort === 'email' && !behaviour.emailSort) {
        return HttpResponse.json(
          {
            error: {
              code: 'invalid_parameter',
              message: 'sort must be one of name, created_at',
              request_id: 'req_1',
            },
          },
          { status: 400 },
        );
      }
      if (behaviour.failPage === page) {
        behaviour.failPage = undefined;
        return HttpResponse.json(
          { error: { code: 'internal', message: 'boom', request_id: 'req_500' } },
          { status: 500 },
        );
      }
      if (behaviour.endless) {
        const data = Array.from({ length: limit }, (_, i) => ({
          ...people[0]!,
          id: `user_${page}_${i}`,
          name: `Someone ${page}`,
        }));
        return HttpResponse.json({ data, meta: { total: 1_000_000_000, page, limit } });
      }
      const rows = [...people];
      // An API that takes sort=name and ignores it answers in some order of its own.
      if (sort === 'name' && !behaviour.sortsNames) {
        rows.sort((a, b) => scramble(a.id) - scramble(b.id));
      }
      if (sort === 'name' && behaviour.sortsNames)
        rows.sort((a, b) => collator.compare(a.name, b.name));
      if (sort === 'email') rows.sort((a, b) => (a.email < b.email ? -1 : 1));
      return HttpResponse.json({
        data: rows.slice((page - 1) * limit, page * limit),
        meta: { total: rows.length, page, limit },
      });
    }),
  );
});

function find(mode: FindMode, text: string, signal = new AbortController().signal) {
  const progress: FindProgress[] = [];
  const queryClient = testQueryClient();
  const outcome = findUsers({
    queryClient,
    baseUrl: `${BASE}/${mode}/${text}/${Math.random()}`,
    mode,
    text,
    signal,
    onProgress: (next) => progress.push(next),
    // As the Find page reads: 4 at a time.
    width: 4,
  });
  return { outcome, progress, queryClient };
}

describe('findUsers', () => {
  it('finds a name by halving the list sorted by name, never reading it all', async () => {
    const { outcome } = find('name', 'grace hopper');
    const result = await outcome;
    expect(result.kind === 'found' && result.matches.map((user) => user.id)).toEqual([
      'user_01234',
    ]);
    expect(result.kind === 'found' && result.how).toBe('bisection');
    expect(requests.every((url) => url.searchParams.get('sort') === 'name')).toBe(true);
    expect(requests.length).toBeLessThanOrEqual(Math.ceil(Math.log2(24)) + 3);
    expect(result.requests).toBe(requests.length);
  });

  it('finds an e-mail by halving the list sorted by e-mail where the API takes sort=email', async () => {
    const result = await find('email', 'GRACE@navy.example').outcome;
    expect(result.kind === 'found' && result.matches.map((user) => user.id)).toEqual([
      'user_01234',
    ]);
    expect(requests.every((url) => url.searchParams.get('sort') === 'email')).toBe(true);
    expect(requests.length).toBeLessThanOrEqual(8);
  });

  it('reads the list 100 rows a request when the API refuses sort=email, and asks only once', async () => {
    behaviour.emailSort = false;
    const queryClient = testQueryClient();
    const baseUrl = `${BASE}/refuses-email`;
    const progress: FindProgress[] = [];
    const run = (text: string) =>
      findUsers({
        queryClient,
        baseUrl,
        mode: 'email',
        text,
        signal: new AbortController().signal,
        onProgress: (p) => progress.push(p),
      });
    const first = await run('grace@navy.example');
    expect(first.kind === 'found' && [first.how, first.matches[0]?.id]).toEqual([
      'scan',
      'user_01234',
    ]);
    // It stopped at the match: page 13 of 24 holds row 1,234.
    expect(
      requests
        .filter((url) => url.searchParams.get('sort') === null)
        .map((url) => url.searchParams.get('page')),
    ).toEqual(Array.from({ length: 13 }, (_, i) => String(i + 1)));
    expect(requests.every((url) => url.searchParams.get('limit') === '100')).toBe(true);
    expect(progress.some((p) => p.scan?.total === 2_348)).toBe(true);
    requests = [];
    await run('p7@example.org');
    expect(requests.some((url) => url.searchParams.get('sort') === 'email')).toBe(false);
  });

  it('says an API that did not sort by name did not, instead of missing users', async () => {
    behaviour.sortsNames = false;
    const result = await find('name', 'grace hopper').outcome;
    expect(result.kind).toBe('unsorted');
  });

  it('finds a name anywhere in names by reading the list', async () => {
    const result = await find('anywhere', 'hopper').outcome;
    expect(
      result.kind === 'found' && [result.how, result.matches.map((user) => user.name)],
    ).toEqual(['scan', ['Grace Hopper']]);
  });

  it('goes on to search anywhere in names at once when no name starts with the text', async () => {
    const { outcome, progress } = find('name', 'hopper');
    const result = await outcome;
    expect(
      result.kind === 'found' && [result.how, result.widened, result.matches.map((u) => u.name)],
    ).toEqual(['scan', true, ['Grace Hopper']]);
    expect(progress.some((step) => step.widened)).toBe(true);
    // Every page of the list read once, several at a time.
    const pages = requests.filter((url) => !url.searchParams.has('sort'));
    expect(new Set(pages.map((url) => url.search)).size).toBe(pages.length);
  });

  it('stops at a failed request with its error, and goes on from there when run again', async () => {
    const queryClient = testQueryClient();
    const options = {
      queryClient,
      baseUrl: `${BASE}/flaky`,
      mode: 'name' as const,
      text: 'person 01500',
      signal: new AbortController().signal,
      onProgress: () => undefined,
    };
    behaviour.failPage = 13;
    const error: unknown = await findUsers(options).catch((caught: unknown) => caught);
    expect(isApiError(error) && [error.status, error.requestId]).toEqual([500, 'req_500']);
    const before = requests.length;
    const result = await findUsers(options);
    expect(result.kind === 'found' && result.matches.map((user) => user.id)).toEqual([
      'user_01500',
    ]);
    // Page 1 is not read again.
    expect(requests.slice(before).some((url) => url.searchParams.get('page') === '1')).toBe(false);
  });

  it('stops reading a list that never ends at its bound on requests, and says so', async () => {
    behaviour.endless = true;
    const result = await findUsers({
      queryClient: testQueryClient(),
      baseUrl: `${BASE}/endless`,
      mode: 'anywhere',
      text: 'nobody',
      signal: new AbortController().signal,
      onProgress: () => undefined,
      // MAX_SCAN_REQUESTS (10,000) in the console; fewer here, to keep the test quick.
      maxScanRequests: 300,
    });
    expect(
      result.kind === 'found' && [result.truncated, result.stoppedBy, result.read?.total],
    ).toEqual([true, 'requests', 1_000_000_000]);
    expect(requests.length).toBe(300);
    expect(result.requests).toBe(requests.length);
  });

  it('reads a short list whole, within its first total plus a margin', async () => {
    const result = await find('anywhere', 'nobody').outcome;
    expect(result.kind === 'found' && [result.truncated, result.matches.length]).toEqual([
      false,
      0,
    ]);
    expect(requests.length).toBe(24);
  });

  it('stops a name search reading several pages at once when the page is left', async () => {
    behaviour.delayMs = 40;
    const controller = new AbortController();
    const run = find('name', 'person 02000', controller.signal);
    // Page 1, then a round of several pages in flight.
    await vi.waitFor(() => expect(requests.length).toBeGreaterThan(1), { timeout: 10_000 });
    controller.abort();
    await run.outcome.catch(() => undefined);
    const sent = requests.length;
    expect(sent).toBeGreaterThan(1);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(requests.length).toBe(sent);
  });

  it('stops sending when cancelled', async () => {
    behaviour.emailSort = false;
    behaviour.delayMs = 20;
    const controller = new AbortController();
    const run = find('email', 'nobody@example.org', controller.signal);
    await new Promise((resolve) => setTimeout(resolve, 100));
    controller.abort();
    await run.outcome;
    const sent = requests.length;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(requests.length).toBe(sent);
    expect(sent).toBeLessThan(24);
  });
});
