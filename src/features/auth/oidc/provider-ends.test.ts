import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OidcSettings } from '../../../lib/api-profile';
import type { SessionBinding } from '../session-binding';
import { CALLBACK_PATH } from './flow-state';
import { heldTokensFor, type HeldTokens } from './held-tokens';
import { holdSession, leaveSession, type ProviderContext } from './provider-ends';

/**
 * Every ending of a provider's session revokes its newest refresh token and forgets it in every
 * tab (session-leave.ts says which endings). The provider is faked at fetch; another tab is a
 * bare BroadcastChannel on the held tokens' channel.
 */

const CONSOLE = 'https://console.example.com';
const exp = Math.floor(Date.now() / 1000) + 3600;
let serial = 0;
const channels: BroadcastChannel[] = [];

function setUp() {
  serial += 1;
  const issuer = `https://ends${serial}.example.com`;
  const settings: OidcSettings = { issuer, clientId: 'console', scope: 'openid', name: 'SSO' };
  const provider: ProviderContext = {
    settings,
    profileKey: `ends-${serial}`,
    scope: { api: 'https://api.example.com', issuer, clientId: 'console' },
  };
  const ada: SessionBinding = { ...provider.scope, sub: 'ada' };
  const revoked: string[] = [];
  const asked: string[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    asked.push(url);
    if (url === `${issuer}/.well-known/openid-configuration`) {
      return Response.json({
        issuer,
        authorization_endpoint: `${issuer}/auth`,
        token_endpoint: `${issuer}/token`,
        jwks_uri: `${issuer}/jwks`,
        revocation_endpoint: `${issuer}/token/revocation`,
        end_session_endpoint: `${issuer}/session/end`,
      });
    }
    if (url === `${issuer}/token/revocation`) {
      const body = input instanceof Request ? await input.text() : String(init?.body ?? '');
      revoked.push(new URLSearchParams(body).get('token') ?? '');
      return new Response(null, { status: 200 });
    }
    return new Response('not found', { status: 404 });
  });
  const holder = heldTokensFor(provider.profileKey, provider.scope);
  const name = `admin-console.oidc:${provider.profileKey}|${[provider.scope.api, issuer, 'console']
    .map(encodeURIComponent)
    .join('|')}`;
  const otherTab = new BroadcastChannel(name);
  channels.push(otherTab);
  const heard: { type: string }[] = [];
  otherTab.addEventListener('message', (event) => heard.push(event.data as { type: string }));
  const storageKey = `admin-console.oidc:${provider.profileKey}`;
  return { provider, ada, holder, otherTab, heard, revoked, asked, storageKey };
}

function held(binding: SessionBinding, refreshToken: string, rotation = 1): HeldTokens {
  return {
    binding,
    accessToken: `access-of-${refreshToken}`,
    claims: { sub: binding.sub ?? undefined, exp },
    refreshToken,
    idToken: `id-of-${refreshToken}`,
    rotation,
  };
}

afterEach(() => {
  vi.restoreAllMocks();
  for (const channel of channels.splice(0)) channel.close();
});

describe('what an ending of a provider’s session leaves', () => {
  it('a sign-out from a tab that holds nothing revokes the other tabs’ newest and ends the provider’s session with its ID token', async () => {
    const { provider, ada, holder, otherTab, heard, revoked } = setUp();
    holder.follow(ada);
    otherTab.addEventListener('message', (event: MessageEvent<{ type: string }>) => {
      if (event.data.type === 'held-request') {
        otherTab.postMessage({ type: 'held', held: held(ada, 'refresh-older', 1) });
        otherTab.postMessage({ type: 'held', held: held(ada, 'refresh-newest', 2) });
      }
    });
    const go = vi.fn();
    await leaveSession(provider, ada, 'sign-out', { origin: CONSOLE, go });
    expect(revoked).toEqual(['refresh-newest']);
    const end = new URL(go.mock.calls[0]?.[0] as string);
    expect(end.origin + end.pathname).toBe(`${provider.settings.issuer}/session/end`);
    expect(end.searchParams.get('id_token_hint')).toBe('id-of-refresh-newest');
    expect(end.searchParams.get('post_logout_redirect_uri')).toBe(`${CONSOLE}/login`);
    // Asked first, then every tab told to forget.
    expect(heard.map((message) => message.type)).toEqual(['held-request', 'held-forget']);
  });

  it('any other ending revokes and forgets at once, and stays on the page', async () => {
    const { provider, ada, holder, revoked, storageKey } = setUp();
    holder.follow(ada);
    holder.set(held(ada, 'refresh-ada'));
    const go = vi.fn();
    const leaving = leaveSession(provider, ada, 'end', { origin: CONSOLE, go });
    // Forgotten before any answer or request: a sign-in a moment later finds nothing of it.
    expect(holder.get(ada)).toBeNull();
    expect(sessionStorage.getItem(storageKey)).toBeNull();
    await leaving;
    expect(revoked).toEqual(['refresh-ada']);
    expect(go).not.toHaveBeenCalled();
  });

  it('another tab’s sign-out: this tab lets go, and leaves the revoking to that tab', async () => {
    const { provider, ada, holder, asked, storageKey } = setUp();
    holder.follow(ada);
    holder.set(held(ada, 'refresh-ada'));
    await leaveSession(provider, ada, 'other-tab');
    expect(holder.get(ada)).toBeNull();
    expect(sessionStorage.getItem(storageKey)).toBeNull();
    expect(asked).toEqual([]);
  });

  it('tokens of a provider configured before are forgotten, never sent anywhere', async () => {
    const { provider, holder, asked, storageKey } = setUp();
    const before: SessionBinding = {
      ...provider.scope,
      issuer: 'https://old.example.com',
      sub: 'ada',
    };
    holder.set(held(before, 'refresh-old'));
    await leaveSession(provider, before, 'end');
    expect(sessionStorage.getItem(storageKey)).toBeNull();
    expect(asked).toEqual([]);
  });
});

describe('holding a session', () => {
  const settle = () => new Promise((resolve) => setTimeout(resolve, 400));

  it('leaves what the tab still held for anyone else (a reload after an ending), keeps its own', async () => {
    const { provider, ada, holder, revoked } = setUp();
    holder.set(held(ada, 'refresh-ada'));
    holdSession(provider, ada, true, '/users');
    await settle();
    expect(holder.get(ada)).not.toBeNull();
    holdSession(provider, { ...ada, sub: 'grace' });
    await settle();
    expect(holder.get(ada)).toBeNull();
    expect(revoked).toEqual(['refresh-ada']);

    holder.set(held(ada, 'refresh-ada-2'));
    holdSession(provider, null, true, '/login');
    await settle();
    expect(revoked).toEqual(['refresh-ada', 'refresh-ada-2']);
  });

  it('revokes nothing at start-up on the way back from the provider: that sign-in may share the grant', async () => {
    const { provider, ada, holder, revoked } = setUp();
    holder.set(held(ada, 'refresh-ada'));
    holdSession(provider, null, true, CALLBACK_PATH);
    await settle();
    expect(revoked).toEqual([]);
    expect(holder.get(ada)).not.toBeNull();
  });
});
