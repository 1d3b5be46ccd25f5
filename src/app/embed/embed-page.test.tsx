import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../lib/query-client';
import * as storage from '../../lib/storage';
import { mintDemoToken } from '../../mocks/jwt';
import { SessionProvider } from '../../features/auth/session-context';
import { createSessionStore, type SessionStore } from '../../features/auth/session-store';
import type { ParamsReading } from './card-request';
import { EmbedPage } from './embed-page';

const API = 'https://api.example.com';

function memoryStore(): SessionStore {
  return createSessionStore({
    apiBaseUrl: API,
    profileKey: '<embed>',
    channel: null,
    eventTarget: null,
  });
}

function renderCard(initial: ParamsReading, store = memoryStore()) {
  render(
    <SessionProvider store={store}>
      <QueryClientProvider client={createQueryClient()}>
        <EmbedPage
          embedOrigins={['https://acme.zendesk.com']}
          apiName="api.example.com"
          apiBaseUrl={API}
          imageSources={[]}
          demo={false}
          initial={initial}
          takeHeld={() => []}
        />
      </QueryClientProvider>
    </SessionProvider>,
  );
  return store;
}

afterEach(() => {
  vi.restoreAllMocks();
  sessionStorage.clear();
  localStorage.clear();
});

describe('EmbedPage', () => {
  it('asks for its own sign-in, explains a bad token, and waits for the requester', async () => {
    const store = renderCard({ kind: 'none' });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Sign in');
    await userEvent.type(screen.getByLabelText('Access token'), 'not-a-token');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByRole('alert')).toBeVisible();
    await userEvent.clear(screen.getByLabelText('Access token'));
    await userEvent.type(screen.getByLabelText('Access token'), await mintDemoToken('valid'));
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByRole('status')).toHaveTextContent(
      'Waiting for the help desk to name the ticket’s requester.',
    );
    expect(store.getState().session).not.toBeNull();
    // Sign out, from the panel's footer.
    await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Sign in');
    expect(screen.getByText('You signed out of the panel.')).toBeVisible();
  });

  it('says what is wrong with the request it was given, and searches nothing', async () => {
    const store = memoryStore();
    store.signIn(await mintDemoToken('valid'), false);
    renderCard({ kind: 'request', request: { field: 'email', value: 'Ada Lovelace' } }, store);
    expect(screen.getByRole('status')).toHaveTextContent(
      '“Ada Lovelace” is not an e-mail address: it should look like name@example.org.',
    );
  });

  it('renews a session that ended on the card, for the same person', async () => {
    const store = memoryStore();
    const token = await mintDemoToken('valid');
    store.signIn(token, false);
    renderCard({ kind: 'none' }, store);
    act(() => store.end('expired'));
    expect(
      screen.getByText('Your session expired. Sign in again to see the requester.'),
    ).toBeVisible();
    const generation = store.getState().generation;
    await userEvent.type(screen.getByLabelText('Access token'), await mintDemoToken('valid'));
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(store.getState().session).not.toBeNull();
    // The same person renewed in place: no new sign-in, so nothing of theirs was forgotten.
    expect(store.getState().generation).toBe(generation);
  });

  it('says the session lasts while the panel is open where storage is denied', () => {
    vi.spyOn(storage, 'storageDenied').mockReturnValue(true);
    renderCard({ kind: 'none' });
    expect(
      screen.getByText(
        /does not let the panel store anything here, so your session lasts while the panel is open/,
      ),
    ).toBeVisible();
  });
});
