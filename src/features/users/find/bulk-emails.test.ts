// @vitest-environment node
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { setupApiTestServer, testQueryClient } from '../../../test/api-test-server';
import { createEmailLookup, PAGE_SIZE, type EmailAnswer } from './bulk-emails';

const BASE = 'https://api.example.com';
const server = setupApiTestServer(BASE);

/** Where the API turns into a failure: far past any bound of these tests. */
const RUNAWAY = 200;

let requests: URL[];

/**
 * An API that claims a billion users (the real ones first, every page after them empty) and
 * refuses sort=email, as in issue 42; `person<n>@example.org` is the n-th user.
 */
beforeEach(() => {
  requests = [];
  server.use(
    http.get(`${BASE}/v1/users`, ({ request }) => {
      const url = new URL(request.url);
      requests.push(url);
      if (requests.length > RUNAWAY) {
        return HttpResponse.json(
          { error: { code: 'internal', message: 'runaway', request_id: 'req_x' } },
          { status: 500 },
        );
      }
      if (url.searchParams.get('sort') !== null) {
        return HttpResponse.json(
          { error: { code: 'invalid_parameter', message: 'sort is not supported' } },
          { status: 400 },
        );
      }
      const page = Number(url.searchParams.get('page'));
      const limit = Number(url.searchParams.get('limit'));
      const data = Array.from({ length: limit }, (_, i) => (page - 1) * limit + i + 1)
        .filter((n) => n <= 5_000)
        .map((n) => ({
          id: `user_${n}`,
          name: `Person ${n}`,
          email: `person${n}@example.org`,
          created_at: '2024-01-01T00:00:00Z',
        }));
      return HttpResponse.json({ data, meta: { total: 1_000_000_000, page, limit } });
    }),
  );
});

/** Looks the addresses up one after another, as one lane of the pool would. */
async function lookUpAll(lookUp: ReturnType<typeof createEmailLookup>, addresses: string[]) {
  const answers: EmailAnswer[] = [];
  for (const address of addresses) {
    answers.push(await lookUp(address, new AbortController().signal));
  }
  return answers;
}

describe('createEmailLookup over a list that claims a billion users', () => {
  it('stops each reading at the bound and says how far it read, for every address', async () => {
    const addresses = ['nobody@example.org', 'noone@example.org', 'person4500@example.org'];
    const lookUp = createEmailLookup({
      queryClient: testQueryClient(),
      baseUrl: `${BASE}/bound/${Math.random()}`,
      addresses,
      maxPages: 20,
    });
    const answers = await lookUpAll(lookUp, addresses);
    for (const answer of answers) {
      expect(answer).toMatchObject({ kind: 'unfinished', total: 1_000_000_000 });
    }
    // The first as Find searches it (its sort=email refused, then its pages), the others read
    // together: each a go of at most 20 pages.
    const [first, second] = answers as Extract<EmailAnswer, { kind: 'unfinished' }>[];
    expect(first!.rows).toBeGreaterThanOrEqual(15 * PAGE_SIZE);
    expect(second!.rows).toBe(20 * PAGE_SIZE);
    expect(requests.length).toBeLessThanOrEqual(1 + 21 + 20);
  });

  it('reads on from where the last go stopped, and finds what lies there', async () => {
    const addresses = ['person4500@example.org', 'nobody@example.org'];
    const goOn = createEmailLookup({
      queryClient: testQueryClient(),
      baseUrl: `${BASE}/go-on/${Math.random()}`,
      addresses,
      // The first 2,000 rows were read by the last go.
      fromPage: 21,
      maxPages: 30,
    });
    const [found, missing] = await lookUpAll(goOn, addresses);
    expect(found).toMatchObject({ kind: 'found', user: { id: 'user_4500' } });
    expect(missing).toEqual({ kind: 'unfinished', rows: 50 * PAGE_SIZE, total: 1_000_000_000 });
    const pages = requests.map((url) => Number(url.searchParams.get('page')));
    // No sort=email asked again, and no page of the last go read again.
    expect(requests.every((url) => url.searchParams.get('sort') === null)).toBe(true);
    expect(Math.min(...pages)).toBe(21);
    expect(new Set(pages).size).toBe(30);
  });
});
