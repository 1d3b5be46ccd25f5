import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ApiProfile } from '../../../lib/api-profile';
import { safeStorage } from '../../../lib/storage';
import { channelHub } from '../../../test/channel-hub';
import { fakeProvider, nowS, providerKeys, type ProviderKeys } from '../../../test/fake-provider';
import { SessionProvider } from '../session-context';
import { createSessionStore, type SessionStore } from '../session-store';
import { saveFlow } from './flow-state';
import { OidcCallback } from './oidc-callback';

/**
 * The way back from the provider (`/auth/callback`) when this tab held a session: the same person
 * comes back to where they were; anyone else ends that session everywhere and starts afresh.
 */

const API = 'https://api.example.com';
let kit: ProviderKeys;
beforeAll(async () => {
  kit = await providerKeys();
});
afterEach(() => vi.restoreAllMocks());

function Where() {
  const location = useLocation();
  return <output aria-label="Address">{`${location.pathname}${location.search}`}</output>;
}

/** Alice's session is still stored in this tab; the provider signed `sub` in. */
function comeBack(sub: string): { store: SessionStore; sent: unknown[] } {
  const fake = fakeProvider(kit, { sub, next: '/users/bulk', profileKey: '' });
  const { issuer, clientId } = fake.settings;
  const profile: ApiProfile = {
    key: '',
    name: 'API',
    target: { mode: 'api', baseUrl: API, origin: API },
    production: false,
    oidc: fake.settings,
  };
  const claims = { sub: 'alice', exp: nowS() + 600 };
  sessionStorage.setItem(
    'admin-console.token',
    JSON.stringify({ api: API, issuer, clientId, sub: 'alice', token: 'opaque-alice', claims }),
  );
  saveFlow(safeStorage('session'), fake.flow);
  window.history.replaceState(null, '', `/auth/callback?${fake.callback}`);
  const hub = channelHub();
  const store = createSessionStore({
    apiBaseUrl: API,
    provider: { issuer, clientId },
    channel: hub.channel(),
    eventTarget: null,
  });
  render(
    <SessionProvider store={store}>
      <MemoryRouter initialEntries={['/auth/callback']}>
        <OidcCallback profiles={[profile]} current={profile} switchTo={() => {}} />
        <Where />
      </MemoryRouter>
    </SessionProvider>,
  );
  return { store, sent: hub.sent };
}

describe('the way back from the provider, over a session this tab held', () => {
  it('another person (Sign in again, completed by someone else) ends it everywhere and starts at the users list', async () => {
    const { store, sent } = comeBack('bob');
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'Address' })).toHaveTextContent(/^\/users$/),
    );
    expect(store.getState().session?.binding.sub).toBe('bob');
    expect(sent).toContainEqual({
      type: 'signed-out',
      binding: expect.objectContaining({ sub: 'alice' }),
    });
    store.dispose();
  });

  it('the same person comes back to where they were', async () => {
    const { store, sent } = comeBack('alice');
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'Address' })).toHaveTextContent('/users/bulk'),
    );
    expect(store.getState().session?.binding.sub).toBe('alice');
    expect(sent.some((message) => (message as { type: string }).type === 'signed-out')).toBe(false);
    store.dispose();
  });
});
