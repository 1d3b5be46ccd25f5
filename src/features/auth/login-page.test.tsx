import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LoginPage } from './login-page';
import { SessionProvider } from './session-context';
import { createSessionStore, type SessionStore } from './session-store';

/**
 * A token the API refused right after sign-in is explained on the sign-in page with the API's own
 * message: a pasted one comes back in the box; a provider's is explained beside its button, with
 * what to check, and never shown.
 */

const API = 'https://api.example.com';
const PROVIDER = { issuer: 'https://id.example.com', clientId: 'console' };
const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const exp = Math.floor(Date.now() / 1000) + 3600;

let store: SessionStore;
afterEach(() => store.dispose());

function refused(credential: Parameters<SessionStore['signIn']>[0], token: string) {
  store = createSessionStore({
    apiBaseUrl: API,
    provider: PROVIDER,
    channel: null,
    eventTarget: null,
  });
  store.signIn(credential, false);
  store.noteResponse(token, 401);
  store.unauthorized('token signed with RS256 by an issuer this API does not trust');
  render(
    <SessionProvider store={store}>
      <MemoryRouter initialEntries={['/login']}>
        <LoginPage apiName="Orders API" provider={{ name: 'Acme SSO', start: vi.fn() }} />
      </MemoryRouter>
    </SessionProvider>,
  );
}

describe('the sign-in page after the API refused the token', () => {
  it('explains a provider’s token the API refused, with its message and what to check', async () => {
    const token = `${part({ alg: 'RS256', kid: 'k' })}.${part({ sub: 'ada', exp })}.c2ln`;
    refused({ token, claims: { sub: 'ada', exp } }, token);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'The API Orders API refused the access token Acme SSO issued (401): “token signed with RS256 by an issuer this API does not trust”.',
    );
    expect(alert).toHaveTextContent('must be signed the way this API checks them');
    expect(screen.getByLabelText('Access token')).toHaveValue('');
    expect(document.body.textContent).not.toContain(token);
  });

  it('puts a pasted token it refused back in the box', async () => {
    const token = `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ sub: 'ada', exp })}.c2ln`;
    refused(token, token);
    expect(await screen.findByRole('alert')).toHaveTextContent('Is this a token for Orders API?');
    expect(screen.getByLabelText('Access token')).toHaveValue(token);
  });
});
