import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { setRenewalFailing } from '../features/auth/renewal-status';
import { SessionProvider } from '../features/auth/session-context';
import { createSessionStore, type SessionStore } from '../features/auth/session-store';
import type { ApiProfile } from '../lib/api-profile';
import { testQueryClient } from '../test/api-test-server';
import { EnvironmentProvider, type AppEnvironment } from './environment';
import { Shell } from './shell';

/**
 * The header's session: who is signed in, and the time left only for a session that will really
 * end (a pasted token, or a provider's whose renewal failed), never for one that renews itself.
 */

const API = 'https://api.example.com';
const PROVIDER = { issuer: 'https://id.example.com', clientId: 'console' };
const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const claims = {
  sub: 'staff-1',
  email: 'staff@example.org',
  name: 'Staff Member',
  exp: Math.floor(Date.now() / 1000) + 100,
};

const profile: ApiProfile = {
  key: '',
  name: 'api.example.com',
  target: { mode: 'api', baseUrl: API, origin: API },
  production: false,
  oidc: { ...PROVIDER, scope: 'openid', name: 'Acme SSO' },
};
const environment: AppEnvironment = {
  apiBaseUrl: API,
  label: 'api.example.com',
  apiName: 'api.example.com',
  production: false,
  apis: { profiles: [profile], current: profile, switchTo: () => {} },
  demo: null,
  requestTimeoutMs: 30_000,
  imageSources: [],
  categories: [],
};

let store: SessionStore;
afterEach(() => store.dispose());

function renderShell() {
  render(
    <EnvironmentProvider environment={environment}>
      <SessionProvider store={store}>
        <QueryClientProvider client={testQueryClient()}>
          <MemoryRouter initialEntries={['/users']}>
            <Shell>
              <p>page</p>
            </Shell>
          </MemoryRouter>
        </QueryClientProvider>
      </SessionProvider>
    </EnvironmentProvider>,
  );
}

const banner = () => screen.getByRole('banner');

describe('the header’s session', () => {
  it('a provider’s session that renews itself: who and through what, no countdown, no warning', async () => {
    store = createSessionStore({
      apiBaseUrl: API,
      provider: PROVIDER,
      channel: null,
      eventTarget: null,
    });
    store.signIn({ token: 'opaque-token', claims }, false);
    renderShell();
    expect(banner()).toHaveTextContent('staff@example.org · Acme SSO');
    expect(banner()).not.toHaveTextContent(/\d:\d\d left/);
    expect(screen.queryByText(/Your session ends in/)).toBeNull();

    // Its renewal fails: the session will really end, and says when.
    act(() => setRenewalFailing(store, true));
    expect(banner()).toHaveTextContent(/\d:\d\d left/);
    expect(
      await screen.findByText(/Your session ends in \d:\d\d: Acme SSO could not renew it/),
    ).toBeVisible();
    act(() => setRenewalFailing(store, false));
    expect(banner()).not.toHaveTextContent(/\d:\d\d left/);
  });

  it('a pasted token: its person, and the time left', async () => {
    store = createSessionStore({
      apiBaseUrl: API,
      provider: PROVIDER,
      channel: null,
      eventTarget: null,
    });
    store.signIn(`${part({ alg: 'HS256', typ: 'JWT' })}.${part(claims)}.c2ln`, false);
    renderShell();
    expect(banner()).toHaveTextContent('Staff Member');
    expect(banner()).not.toHaveTextContent('Acme SSO');
    expect(banner()).toHaveTextContent(/1:\d\d left/);
    expect(await screen.findByText(/Your session ends in \d:\d\d\. Renew it/)).toBeVisible();
  });
});
