import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import * as v from 'valibot';
import { createApiClient, setApiClient, type ApiClient } from '../../lib/api-client';
import { requestLog } from '../../lib/request-log';
import { RequestsButton } from './requests-button';
import { RequestsPanel } from './requests-panel';

const SIGNATURE = 'U2lnbmF0dXJlT2ZUaGVLbm93blRva2Vu';
const TOKEN = `eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJ1c2VyXzEifQ.${SIGNATURE}`;
const BASE = 'https://api.example.com/prefix';

// jsdom has <dialog> without its methods: enough of them for the component's side.
beforeAll(() => {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    if (!this.open) return;
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
});

type Answer = { status: number; body?: unknown; requestId?: string } | 'network-error';

/** A client writing to the app's request log, with a known token and scripted answers. */
function clientAnswering(answers: Answer[]) {
  const fetchImpl = vi.fn((_input: RequestInfo | URL, init?: RequestInit) => {
    const answer = answers.shift() ?? { status: 200, body: {} };
    if (init?.signal?.aborted) return Promise.reject(new DOMException('Aborted', 'AbortError'));
    if (answer === 'network-error') return Promise.reject(new TypeError('Failed to fetch'));
    const headers = answer.requestId ? { 'X-Request-Id': answer.requestId } : undefined;
    return Promise.resolve(Response.json(answer.body ?? {}, { status: answer.status, headers }));
  });
  const client = createApiClient({ baseUrl: BASE, getToken: () => TOKEN, fetchImpl });
  return { client, fetchImpl };
}

const anything = v.unknown();

async function send(client: ApiClient, path: string, query = {}) {
  await act(() =>
    client.get(path, { query, schema: anything }).then(
      () => undefined,
      () => undefined,
    ),
  );
}

const panel = () => screen.getByRole('dialog', { name: 'Requests' });
const rows = () => within(panel()).queryAllByRole('listitem');

beforeEach(() => requestLog.clear());
afterEach(() => requestLog.clear());

describe('RequestsPanel', () => {
  it('says what will appear while the log is empty', () => {
    render(<RequestsPanel demo={false} onClose={() => undefined} />);
    expect(panel()).toHaveTextContent('No API requests yet');
    expect(rows()).toHaveLength(0);
  });

  it('lists requests newest first with method, path and query, status, duration, time and id', async () => {
    const { client } = clientAnswering([
      { status: 200, body: { data: [] }, requestId: 'req_first' },
      { status: 500, body: { error: { message: 'Simulated 500', request_id: 'req_boom' } } },
      'network-error',
    ]);
    await send(client, '/v1/users', { page: 2, limit: 25, sort: '-name' });
    await send(client, '/v3/account');
    await send(client, '/v1/products', { category: 'Café & co' });
    render(<RequestsPanel demo={false} onClose={() => undefined} />);

    const [network, serverError, ok] = rows();
    expect(rows()).toHaveLength(3);
    expect(network).toHaveTextContent('GET /prefix/v1/products?category=Caf%C3%A9+%26+co');
    expect(network).toHaveTextContent('network error');
    expect(network).toHaveTextContent('No request ID');
    expect(serverError).toHaveTextContent('500 Server error');
    expect(serverError).toHaveTextContent('Simulated 500');
    expect(serverError).toHaveTextContent('req_boom');
    expect(ok).toHaveTextContent('/prefix/v1/users?page=2&limit=25&sort=-name');
    expect(within(ok!).getByText('200')).toBeVisible();
    expect(ok).toHaveTextContent(/\d+ ms/);
    expect(ok).toHaveTextContent(/now|seconds? ago/);
    expect(within(ok!).getByText('req_first')).toBeVisible();
    expect(within(ok!).getByRole('button', { name: 'Copy request ID' })).toBeVisible();
    expect(within(network!).queryByRole('button', { name: 'Copy request ID' })).toBeNull();
    expect(within(network!).getByRole('button', { name: 'Copy as curl' })).toBeVisible();
  });

  it('adds requests live while open, and narrows to errors', async () => {
    const user = userEvent.setup();
    const { client } = clientAnswering([
      { status: 200, body: {} },
      { status: 404, body: { error: { message: 'No such user' } }, requestId: 'req_404' },
      { status: 200, body: {} },
    ]);
    await send(client, '/v1/users');
    render(<RequestsPanel demo={false} onClose={() => undefined} />);
    expect(rows()).toHaveLength(1);

    await send(client, '/v1/users/user_nobody');
    await send(client, '/v1/products');
    expect(rows()).toHaveLength(3);
    expect(rows()[0]).toHaveTextContent('/prefix/v1/products');

    await user.click(within(panel()).getByRole('checkbox', { name: 'Errors only' }));
    expect(rows()).toHaveLength(1);
    expect(rows()[0]).toHaveTextContent('404 Not found');

    await user.click(within(panel()).getByRole('checkbox', { name: 'Errors only' }));
    expect(rows()).toHaveLength(3);
  });

  it('does not count a cancelled request as an error', async () => {
    const user = userEvent.setup();
    const { client } = clientAnswering([{ status: 200 }]);
    const controller = new AbortController();
    controller.abort();
    await act(() =>
      client
        .get('/v1/users', { schema: anything, signal: controller.signal })
        .catch(() => undefined),
    );
    render(<RequestsPanel demo={false} onClose={() => undefined} />);
    expect(rows()[0]).toHaveTextContent('cancelled');
    await user.click(within(panel()).getByRole('checkbox', { name: 'Errors only' }));
    expect(panel()).toHaveTextContent('None of the last 1 request failed.');
  });

  it('marks bidi controls from the API in the error line and the request id', async () => {
    const { client } = clientAnswering([
      {
        status: 500,
        body: { error: { message: 'Admin \u202Egnp.exe\u202C', request_id: 'req_\u2066x\u2069' } },
      },
    ]);
    await send(client, '/v1/users');
    render(<RequestsPanel demo={false} onClose={() => undefined} />);
    const row = rows()[0]!;
    expect(row).toHaveTextContent('Admin [U+202E]gnp.exe[U+202C]');
    expect(row).toHaveTextContent('req_[U+2066]x[U+2069]');
    expect(row.textContent).not.toMatch(/[\u202A-\u202E\u2066-\u2069]/);
  });

  it('copies a request id without the control characters the API put in it', async () => {
    const user = userEvent.setup();
    const { client } = clientAnswering([
      { status: 500, body: { error: { request_id: 'req_\u0000a\nb\r\u001b[2J\u202Ec\u0085' } } },
    ]);
    await send(client, '/v1/users');
    render(<RequestsPanel demo={false} onClose={() => undefined} />);
    await user.click(within(rows()[0]!).getByRole('button', { name: 'Copy request ID' }));
    expect(await navigator.clipboard.readText()).toBe('req_ab[2Jc');
  });

  it('copies curl for the exact request and the request id, and never the token', async () => {
    const user = userEvent.setup();
    const { client } = clientAnswering([
      { status: 500, body: { error: { message: 'Simulated' } }, requestId: 'req_copy' },
    ]);
    await send(client, '/v1/products', { category: "it's", min_price: 5 });
    render(<RequestsPanel demo={false} onClose={() => undefined} />);
    const row = rows()[0]!;

    await user.click(within(row).getByRole('button', { name: 'Copy as curl' }));
    const curl = await navigator.clipboard.readText();
    expect(curl).toBe(
      `curl --globoff -H 'Accept: application/json' -H "Authorization: Bearer $TOKEN" 'https://api.example.com/prefix/v1/products?category=it%27s&min_price=5'`,
    );
    await user.click(within(row).getByRole('button', { name: 'Copy request ID' }));
    expect(await navigator.clipboard.readText()).toBe('req_copy');

    for (const text of [
      curl,
      document.documentElement.outerHTML,
      JSON.stringify(requestLog.entries()),
    ]) {
      expect(text).not.toContain(SIGNATURE);
      expect(text).not.toContain(TOKEN.split('.')[1]);
    }
  });

  it('shows the date and local time, with UTC on hover', async () => {
    const { client } = clientAnswering([{ status: 200 }]);
    await send(client, '/v1/users');
    render(<RequestsPanel demo={false} onClose={() => undefined} />);
    const time = rows()[0]!.querySelector('time')!;
    const at = requestLog.entries()[0]!.startedAt;
    const local = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });
    expect(time).toHaveTextContent(local.format(at));
    expect(time).toHaveAttribute('title', `${new Date(at).toISOString()} (UTC)`);
  });

  it('copies for a ticket every request id of the attempt and its retries', async () => {
    const user = userEvent.setup();
    const { client } = clientAnswering([
      { status: 503, body: { error: { message: 'Busy.' } }, requestId: 'req_1' },
      'network-error',
      {
        status: 500,
        body: { error: { code: 'internal_error', message: 'Simulated' } },
        requestId: 'req_3',
      },
    ]);
    // The tries of one attempt share the query's signal (see api-client.ts).
    const signal = new AbortController().signal;
    for (let i = 0; i < 3; i++) {
      await act(() => client.get('/v1/users', { schema: anything, signal }).catch(() => undefined));
    }
    setApiClient(client);
    onTestFinished(() => setApiClient(null));
    render(<RequestsPanel demo={false} onClose={() => undefined} />);
    expect(rows()[0]).toHaveTextContent('automatic retry 2');
    await user.click(within(rows()[0]!).getByRole('button', { name: 'Copy for ticket' }));
    await waitFor(() => expect(rows()[0]).toHaveTextContent('Copied'));
    const ticket = await navigator.clipboard.readText();
    expect(ticket).toContain(
      '- Request IDs (3 tries: the request and its automatic retries; times in UTC):',
    );
    expect(ticket).toMatch(/ {2}1\. `req_1`: 503 Service unavailable, \d{4}-\d\d-\d\dT[\d:.]+Z/);
    expect(ticket).toContain('  2. no request ID: no answer (network error)');
    expect(ticket).toContain('  3. `req_3`: 500 Server error');
    expect(ticket).toContain('- Error code: `internal_error`');
    expect(ticket).toContain(`- API: api.example.com (\`${BASE}\`)`);
    expect(ticket).not.toContain(SIGNATURE);
  });

  it('downloads the log as requests-YYYY-MM-DD.har, with no token and no Authorization header', async () => {
    const user = userEvent.setup();
    const { client } = clientAnswering([
      { status: 403, body: { error: { message: `Token ${TOKEN} refused` } }, requestId: TOKEN },
    ]);
    await send(client, '/v1/users');
    const blobs: Blob[] = [];
    const names: string[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:har';
    });
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      names.push(this.download);
    });
    render(<RequestsPanel demo={false} onClose={() => undefined} />);
    await user.click(within(panel()).getByRole('button', { name: 'Download log' }));
    await waitFor(() =>
      expect(panel()).toHaveTextContent(
        /Saved 1 request to requests-\d{4}-\d\d-\d\d\.har; its times are UTC \(ISO 8601\)\./,
      ),
    );
    expect(click).toHaveBeenCalledOnce();
    expect(names[0]).toMatch(/^requests-\d{4}-\d\d-\d\d\.har$/);
    const text = await blobs[0]!.text();
    const har = JSON.parse(text) as { log: { entries: { response: { status: number } }[] } };
    expect(har.log.entries[0]?.response.status).toBe(403);
    expect(text).not.toContain(SIGNATURE);
    expect(text.toLowerCase()).not.toContain('authorization');
  });

  it('sends nothing to the API by being opened', async () => {
    const { client, fetchImpl } = clientAnswering([{ status: 200 }]);
    await send(client, '/v1/users');
    const globalFetch = vi.spyOn(globalThis, 'fetch');
    render(<RequestsPanel demo={false} onClose={() => undefined} />);
    expect(rows()).toHaveLength(1);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    expect(globalFetch).not.toHaveBeenCalled();
  });

  it('says in demo mode that curl cannot reach the in-browser mock', () => {
    render(<RequestsPanel demo onClose={() => undefined} />);
    expect(panel()).toHaveTextContent('Demo mode: the mock API answers inside this browser');
  });
});

describe('RequestsButton', () => {
  it('opens the panel as a modal dialog and gives focus back when it closes', async () => {
    const user = userEvent.setup();
    render(<RequestsButton demo={false} />);
    const button = screen.getByRole('button', { name: 'Requests' });
    await user.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Requests' });
    expect(dialog).toHaveAttribute('open');

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(button).toHaveFocus();
  });
});
