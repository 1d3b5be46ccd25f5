import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { MemoryRouter, useLocation } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setupApiTestServer, testQueryClient } from '../../test/api-test-server';
import { RenewSessionDialog } from './renew-session-dialog';
import { SessionProvider } from './session-context';
import { SESSION_STORAGE_KEY } from './session-storage-key';
import { createSessionStore, type SessionStore } from './session-store';

const API = 'https://api.test';
const server = setupApiTestServer(API);

// jsdom has <dialog> without its methods: enough of them for the component's side.
beforeAll(() => {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
});

beforeEach(() => {
  server.use(http.get(`${API}/v1/users`, () => HttpResponse.json({ data: [] })));
});

function tokenFor(sub: string): string {
  const part = (value: unknown) => btoa(JSON.stringify(value)).replace(/=+$/, '');
  const exp = Math.floor(Date.now() / 1000) + 3600;
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ sub, exp })}.c2lnbmF0dXJl`;
}

function Where() {
  const location = useLocation();
  return <output aria-label="Address">{`${location.pathname}${location.search}`}</output>;
}

/** Ada kept her session on the device; it then ended on her search's page. */
function renderEnded(signInAgain?: {
  name: string;
  returns: boolean;
  start: () => Promise<void>;
}): SessionStore {
  const store = createSessionStore({ apiBaseUrl: API, channel: null, eventTarget: null });
  store.signIn(tokenFor('ada'), true);
  store.end('unauthorized');
  render(
    <QueryClientProvider client={testQueryClient()}>
      <SessionProvider store={store}>
        <MemoryRouter initialEntries={['/users?q=ada%40example.com']}>
          <RenewSessionDialog
            apiName="Test"
            onClose={() => {}}
            onSignIn={() => {}}
            signInAgain={signInAgain}
          />
          <Where />
        </MemoryRouter>
      </SessionProvider>
    </QueryClientProvider>,
  );
  return store;
}

describe('RenewSessionDialog', () => {
  it('keeps another person in this tab unless they tick the box, and starts at the users list', async () => {
    const store = renderEnded();
    const user = userEvent.setup();
    const grace = tokenFor('grace');
    await user.click(screen.getByLabelText('Access token'));
    await user.paste(grace);
    const keep = screen.getByRole('checkbox', { name: 'Keep me signed in on this device' });
    expect(keep).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Renew' }));

    await waitFor(() => expect(store.getState().session?.token).toBe(grace));
    expect(store.getState().session?.remember).toBe(false);
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    // The move to the users list follows the new session (an effect): waited for, not raced.
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'Address' })).toHaveTextContent(/^\/users$/),
    );
  });

  it('keeps another person on the device when they tick the box', async () => {
    const store = renderEnded();
    const user = userEvent.setup();
    await user.click(screen.getByLabelText('Access token'));
    await user.paste(tokenFor('grace'));
    await user.click(screen.getByRole('checkbox', { name: 'Keep me signed in on this device' }));
    await user.click(screen.getByRole('button', { name: 'Renew' }));
    await waitFor(() => expect(store.getState().session?.remember).toBe(true));
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).not.toBeNull();
  });

  it('offers no box to the same person, who keeps their choice and their page', async () => {
    const store = renderEnded();
    const user = userEvent.setup();
    const fresh = tokenFor('ada').replace('c2lnbmF0dXJl', 'bmV3LXNpZ25hdHVyZQ');
    await user.click(screen.getByLabelText('Access token'));
    await user.paste(fresh);
    expect(screen.queryByRole('checkbox')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Renew' }));
    await waitFor(() => expect(store.getState().session?.token).toBe(fresh));
    expect(store.getState().session?.remember).toBe(true);
    expect(screen.getByRole('status', { name: 'Address' })).toHaveTextContent(
      '/users?q=ada%40example.com',
    );
  });

  it('puts the focus on Sign in again when a provider is configured, on the token box otherwise', () => {
    renderEnded({ name: 'Acme SSO', returns: false, start: async () => {} });
    expect(screen.getByRole('button', { name: 'Sign in again' })).toHaveFocus();
    expect(screen.getByRole('dialog')).toHaveTextContent(
      'Sign in again with Acme SSO: the console then starts afresh, at the users list.',
    );
    cleanup();
    renderEnded();
    expect(screen.getByLabelText('Access token')).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Sign in again' })).toBeNull();
  });
});
