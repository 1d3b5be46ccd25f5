import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LoginPage } from './login-page';
import { SessionProvider } from './session-context';
import { createSessionStore, type SessionStore } from './session-store';

/**
 * A token the API refused right after sign-in is explained on the sign-in page with the API's own
 * message: a pasted one comes back in the box; a provider's is explained beside its button, with
 * what to check, and never shown. And the sign-in page after Go to sign-in still knows whose the
 * session was: another person starts afresh.
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

describe('the sign-in page after Go to sign-in', () => {
  const pasted = (sub: string) =>
    `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ sub, exp, jti: Math.random() })}.c2ln`;

  /** The sign-in page at /login; elsewhere, where it went. */
  function Page() {
    const { pathname } = useLocation();
    if (pathname === '/login') return <LoginPage apiName="Orders API" />;
    return <p data-testid="where">{pathname}</p>;
  }

  async function signInOver(firstPerson: string, secondPerson: string) {
    store = createSessionStore({ apiBaseUrl: API, channel: null, eventTarget: null });
    store.signIn(pasted(firstPerson), false);
    // Expired on the page, then Go to sign-in.
    store.end('expired');
    store.dropRenewal();
    render(
      <SessionProvider store={store}>
        {/* As the app's router (app.tsx): a navigation is no transition. */}
        <MemoryRouter initialEntries={['/login?next=%2Fusers%2Fbulk']} useTransitions={false}>
          <Page />
        </MemoryRouter>
      </SessionProvider>,
    );
    await userEvent.type(screen.getByLabelText('Access token'), pasted(secondPerson));
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    return (await screen.findByTestId('where')).textContent;
  }

  it('another person starts at the users list, not on the first one’s page', async () => {
    expect(await signInOver('ada', 'grace')).toBe('/users');
  });

  it('the same person comes back to where they were', async () => {
    expect(await signInOver('ada', 'ada')).toBe('/users/bulk');
  });
});
