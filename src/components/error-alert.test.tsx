import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { createApiClient, setApiClient } from '../lib/api-client';
import { ApiError } from '../lib/api-error';
import { ErrorAlert } from './error-alert';
import { QueryAlert } from './query-alert';

function httpError(status: number, extra: Partial<ConstructorParameters<typeof ApiError>[0]> = {}) {
  return new ApiError({
    kind: 'http',
    status,
    method: 'GET',
    url: 'https://api.example.com/v1/users',
    serverMessage: 'Something the server said',
    requestId: 'req_abc123',
    ...extra,
  });
}

describe('ErrorAlert', () => {
  it('marks bidi controls in the request id and in a schema problem, as in the server message', () => {
    const { unmount } = render(
      <ErrorAlert
        error={httpError(500, { serverMessage: 'a\u202Eb', requestId: 'req_\u202Egnp.exe' })}
        what="users"
      />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Request ID: req_[U+202E]gnp.exe');
    expect(screen.getByRole('alert').textContent).not.toMatch(/[\u202A-\u202E\u2066-\u2069]/);
    unmount();
    render(
      <ErrorAlert
        error={
          new ApiError({
            kind: 'schema',
            status: 200,
            method: 'GET',
            url: 'https://api.example.com/v1/users',
            message: 'Invalid key: received "\u2067x"',
          })
        }
        what="users"
      />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('received "[U+2067]x"');
  });

  it('shows the status in words, the server message and the request id, with both buttons', async () => {
    const onRetry = vi.fn();
    render(<ErrorAlert error={httpError(500)} what="users" onRetry={onRetry} />);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('500 Server error');
    expect(alert).toHaveTextContent('Something the server said');
    expect(alert).toHaveTextContent('req_abc123');
    expect(screen.getByRole('button', { name: 'Copy request ID' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('says a 403 is a missing permission', () => {
    render(<ErrorAlert error={httpError(403)} what="the account" />);
    expect(screen.getByRole('alert')).toHaveTextContent('lacks permission to read the account');
  });

  it.each([400, 403, 404])('offers no Try again for a %i, which would only repeat', (status) => {
    render(<ErrorAlert error={httpError(status)} what="users" onRetry={vi.fn()} />);
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('says the API did not answer in time, and offers to try again', () => {
    const error = new ApiError({
      kind: 'network',
      status: 0,
      code: 'timeout',
      method: 'GET',
      url: 'https://api.example.com/v1/users',
      message: 'The API did not answer within 30 s.',
    });
    render(<ErrorAlert error={error} what="users" onRetry={vi.fn()} />);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('The API did not answer within 30 s');
    expect(alert).toHaveTextContent('https://api.example.com for users was stopped');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeVisible();
  });

  it('shows a long server message cut, with a way to see more', async () => {
    render(
      <ErrorAlert error={httpError(500, { serverMessage: 'z'.repeat(1_000) })} what="users" />,
    );
    const alert = screen.getByRole('alert');
    expect(alert.textContent?.length).toBeLessThan(700);
    await userEvent.click(
      screen.getByRole('button', { name: /Show more \(700 more characters\)/ }),
    );
    expect(alert).toHaveTextContent('z'.repeat(1_000));
  });

  it('cannot be reordered by bidi controls in the server message', () => {
    render(
      <ErrorAlert
        error={httpError(500, { serverMessage: 'Admin \u202Egnp.exe\u202C' })}
        what="users"
      />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Admin [U+202E]gnp.exe[U+202C]');
    expect(screen.getByRole('alert').textContent).not.toContain('\u202E');
  });

  it('says a schema break is an unexpected response', () => {
    const error = new ApiError({
      kind: 'schema',
      status: 200,
      method: 'GET',
      url: 'https://api.example.com/v1/users',
      requestId: 'req_x1',
      message: 'data: expected array',
    });
    render(<ErrorAlert error={error} what="users" />);
    expect(screen.getByRole('alert')).toHaveTextContent('Unexpected response from the API');
  });

  it('copies the failed request as curl, with $TOKEN and never a token', async () => {
    const user = userEvent.setup();
    const error = httpError(500, {
      url: 'https://api.example.com/prefix/v1/products?category=Caf%C3%A9+%26+co&access_token=tok123',
    });
    render(<ErrorAlert error={error} what="products" />);
    await user.click(screen.getByRole('button', { name: 'Copy as curl' }));
    const copied = await navigator.clipboard.readText();
    expect(copied).toBe(
      `curl --globoff -H 'Accept: application/json' -H "Authorization: Bearer $TOKEN" 'https://api.example.com/prefix/v1/products?category=Caf%C3%A9+%26+co'`,
    );
    expect(screen.getByRole('alert')).not.toHaveTextContent('tok123');
  });

  it('copies for a ticket every try of the attempt, the API and the version, never the token', async () => {
    const user = userEvent.setup();
    const error = httpError(503, {
      serverMessage: 'Down for maintenance.',
      code: 'maintenance',
      requestId: 'req_3',
      receivedAt: Date.UTC(2026, 10, 24, 9, 0, 3),
      tries: [
        { requestId: 'req_1', status: 503, startedAt: Date.UTC(2026, 10, 24, 9, 0, 0) },
        { requestId: 'req_2', status: 503, startedAt: Date.UTC(2026, 10, 24, 9, 0, 1) },
        { requestId: 'req_3', status: 503, startedAt: Date.UTC(2026, 10, 24, 9, 0, 2) },
      ],
    });
    setApiClient(
      createApiClient({
        baseUrl: 'https://api.example.com/',
        name: 'Staging',
        getToken: () => null,
        getPerson: () => ({ sub: 'agent_7', email: 'agent7@example.org' }),
      }),
    );
    onTestFinished(() => setApiClient(null));
    window.history.replaceState(null, '', '/users?page=2#q=private');
    onTestFinished(() => window.history.replaceState(null, '', '/'));
    render(<ErrorAlert error={error} what="users" />);
    await user.click(screen.getByRole('button', { name: 'Copy for ticket' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Copied'));
    const copied = await navigator.clipboard.readText();
    expect(copied).toContain('- Request: GET `https://api.example.com/v1/users`');
    expect(copied).toContain('- Status: 503 Service unavailable');
    expect(copied).toContain(
      '- Message: `Service unavailable (HTTP 503): Down for maintenance.`\n',
    );
    expect(copied).toContain('  1. `req_1`: 503 Service unavailable, 2026-11-24T09:00:00.000Z');
    expect(copied).toContain('  3. `req_3`: 503 Service unavailable, 2026-11-24T09:00:02.000Z');
    expect(copied).toContain('- Error code: `maintenance`');
    expect(copied).toContain('- Time (UTC): 2026-11-24T09:00:03.000Z');
    expect(copied).toContain(`- Console page: \`${window.location.origin}/users?page=2\``);
    expect(copied).not.toContain('private');
    expect(copied).toContain('- Signed in as: `agent_7`, `agent7@example.org`');
    expect(copied).toContain('- API: Staging (`https://api.example.com`)');
    expect(copied).toContain(`- Console version: ${__APP_VERSION__}`);
    expect(__APP_VERSION__).toMatch(/^\d+\.\d+\.\d+/);
    expect(copied).toContain(`- Browser: ${navigator.userAgent}`);
  });

  it('copies a request id without control characters', async () => {
    const user = userEvent.setup();
    render(
      <ErrorAlert error={httpError(500, { requestId: 'req_1\n2\u0007\u2066' })} what="users" />,
    );
    await user.click(screen.getByRole('button', { name: 'Copy request ID' }));
    expect(await navigator.clipboard.readText()).toBe('req_12');
  });

  it('says when no request id came back, and still offers curl', () => {
    render(<ErrorAlert error={httpError(502, { requestId: undefined })} what="users" />);
    expect(screen.getByRole('alert')).toHaveTextContent('No request ID was returned');
    expect(screen.queryByRole('button', { name: 'Copy request ID' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Copy as curl' })).toBeVisible();
  });
});

describe('QueryAlert', () => {
  const idle = { error: null, failureReason: null, isFetching: false, refetch: vi.fn() };

  it('shows nothing while there is no failure', () => {
    const { container } = render(<QueryAlert query={idle} what="users" />);
    expect(container).toHaveTextContent(/^$/);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('counts down to the automatic retry while a 429 is waited out, Try again held back', async () => {
    const error = httpError(429, { retryAfterMs: 3000 });
    render(<QueryAlert query={{ ...idle, failureReason: error, isFetching: true }} what="users" />);
    expect(await screen.findByText(/will try again in 0:0[23]/)).toBeVisible();
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('429 Rate limit exceeded');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeDisabled();
  });

  it('does not show a failure that is still being retried, other than a 429', () => {
    const { container } = render(
      <QueryAlert
        query={{ ...idle, failureReason: httpError(500), isFetching: true }}
        what="users"
      />,
    );
    expect(container).toHaveTextContent(/^$/);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('QueryAlert before the full alert has arrived', () => {
  it('says the essentials at once, then shows the full alert', async () => {
    const query = {
      error: httpError(500),
      failureReason: null,
      isFetching: false,
      refetch: vi.fn(),
    };
    render(<QueryAlert query={query} what="users" />);
    const plain = screen.getByRole('alert');
    expect(plain).toHaveTextContent('500 Server error');
    expect(plain).toHaveTextContent('Something the server said');
    expect(plain).toHaveTextContent('Request ID: req_abc123');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled();
    expect(await screen.findByRole('button', { name: 'Copy as curl' })).toBeVisible();
    expect(screen.getAllByRole('alert')).toHaveLength(1);
  });
});
