import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OidcSettings } from '../../../lib/api-profile';
import type { SessionBinding, SessionScope } from '../session-binding';

/**
 * Several tabs of one API share one renewal: a rotated refresh token used twice ends the session
 * at most providers. Each "tab" here is a fresh copy of the modules (its own memory and holder);
 * they share a BroadcastChannel hub and a lock, as tabs of one origin do.
 */

const refreshCalls: string[] = [];
let serial = 0;
/** The provider answers with opaque access tokens (and no new refresh token). */
let opaqueAnswers = false;

function accessToken(sub = 'alice', iss = 'https://id.example.com'): string {
  serial += 1;
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const iat = Math.floor(Date.now() / 1000);
  return `${part({ alg: 'HS256', typ: 'at+jwt' })}.${part({ sub, iss, iat, exp: iat + 3600, jti: serial })}.c2ln`;
}

const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as {
    sub: string;
    exp: number;
  };

vi.mock('oauth4webapi', async (importOriginal) => {
  const actual = await importOriginal<typeof import('oauth4webapi')>();
  return {
    ...actual,
    discoveryRequest: async () => new Response('{}'),
    processDiscoveryResponse: async () => ({
      issuer: 'https://id.example.com',
      authorization_endpoint: 'https://id.example.com/auth',
      token_endpoint: 'https://id.example.com/token',
      jwks_uri: 'https://id.example.com/jwks',
    }),
    refreshTokenGrantRequest: async (_as: unknown, _c: unknown, _a: unknown, token: string) => {
      refreshCalls.push(token);
      // The provider takes a moment: long enough for the other tab to ask meanwhile.
      await new Promise((resolve) => setTimeout(resolve, 20));
      return new Response('{}');
    },
    processRefreshTokenResponse: async () =>
      opaqueAnswers
        ? { access_token: `opaque-${++serial}`, expires_in: 300, token_type: 'bearer' }
        : { access_token: accessToken(), refresh_token: `refresh-${serial}`, token_type: 'bearer' },
  };
});

/** One exclusive lock per name, shared by the tabs (navigator.locks). */
function installLocks() {
  const queues = new Map<string, Promise<unknown>>();
  Object.defineProperty(navigator, 'locks', {
    configurable: true,
    value: {
      request(name: string, task: () => Promise<unknown>) {
        const before = queues.get(name) ?? Promise.resolve();
        const run = before.then(task, task);
        queues.set(
          name,
          run.catch(() => undefined),
        );
        return run;
      },
    },
  });
}

const settings: OidcSettings = {
  issuer: 'https://id.example.com',
  clientId: 'console',
  scope: 'openid',
  name: 'SSO',
};
const API = 'https://api.example.com';
const scope: SessionScope = { api: API, issuer: settings.issuer, clientId: settings.clientId };
const alice: SessionBinding = { ...scope, sub: 'alice' };

/** Tokens as a sign-in keeps them, for `binding`. */
function held(binding: SessionBinding, token: string, refreshToken: string, rotation = 1) {
  return { binding, accessToken: token, claims: claimsOf(token), refreshToken, rotation };
}

async function openTab() {
  vi.resetModules();
  return import('./oidc-client');
}

describe('renewal shared by tabs', () => {
  beforeEach(() => {
    refreshCalls.length = 0;
    sessionStorage.clear();
    installLocks();
  });
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'locks');
  });
  // The test files share one module registry (vite.config.ts): the fake provider above must not
  // outlive this file, nor the copies of the modules that imported it.
  afterAll(() => {
    vi.doUnmock('oauth4webapi');
    vi.resetModules();
  });

  it('renews once when two tabs ask at once, and both get the new token', async () => {
    const first = accessToken();
    const tabA = await openTab();
    const { heldTokensFor } = await import('./held-tokens');
    heldTokensFor('', scope).follow(alice);
    heldTokensFor('', scope).set(held(alice, first, 'refresh-0'));
    const tabB = await openTab();
    // Tab B has nothing of its own (another tab's sessionStorage): it asks tab A.
    sessionStorage.clear();
    (await import('./held-tokens')).heldTokensFor('', scope).follow(alice);

    const current = { token: first, binding: alice, claims: claimsOf(first) };
    const [fromA, fromB] = await Promise.all([
      tabA.renewAccessToken(settings, '', scope, current),
      tabB.renewAccessToken(settings, '', scope, current),
    ]);
    expect(refreshCalls).toEqual(['refresh-0']);
    expect(fromB).toEqual(fromA);
    expect(fromA.token).not.toBe(first);

    // The next renewal, from tab B, uses the rotated refresh token, never the spent one.
    await tabB.renewAccessToken(settings, '', scope, {
      token: fromA.token,
      binding: alice,
      claims: claimsOf(fromA.token),
    });
    expect(refreshCalls).toEqual(['refresh-0', `refresh-${serial - 1}`]);
  });

  it('never spends a refresh token another tab has rotated, though its news is late', async () => {
    const first = accessToken();
    const tabA = await openTab();
    const holderA = (await import('./held-tokens')).heldTokensFor('late-news', scope);
    holderA.follow(alice);
    holderA.set(held(alice, first, 'refresh-0'));
    // Tab B holds the same tokens (it had them from tab A); its lock may come before the message
    // that says tab A has renewed, as the lock and the channel are separate ways between tabs.
    // (An API of its own: the first test's tabs are still listening on theirs.)
    const tabB = await openTab();
    (await import('./held-tokens')).heldTokensFor('late-news', scope).follow(alice);

    const current = { token: first, binding: alice, claims: claimsOf(first) };
    const [fromA, fromB] = await Promise.all([
      tabA.renewAccessToken(settings, 'late-news', scope, current),
      tabB.renewAccessToken(settings, 'late-news', scope, current),
    ]);
    expect(refreshCalls).toEqual(['refresh-0']);
    expect(fromB).toEqual(fromA);
  });

  it('after a config change between tabs, takes nothing of a tab of another provider or API', async () => {
    // Tab B was opened after config.json changed: another API and provider under the same profile.
    const tabB = await openTab();
    const scopeB: SessionScope = {
      api: 'https://y.example.com',
      issuer: 'https://id2.example.com',
      clientId: 'console',
    };
    const bobB = accessToken('alice', scopeB.issuer as string);
    const holderB = (await import('./held-tokens')).heldTokensFor('changed', scopeB);
    holderB.follow({ ...scopeB, sub: 'alice' });
    holderB.set(
      held({ ...scopeB, sub: 'alice' }, bobB, 'refresh-of-provider-2', Date.now() + 60_000),
    );
    sessionStorage.clear();
    void tabB;
    // Tab A, on the first configuration, has nothing of its own and asks.
    const tabA = await openTab();
    (await import('./held-tokens')).heldTokensFor('changed', scope).follow(alice);
    const first0 = accessToken();
    await expect(
      tabA.renewAccessToken(settings, 'changed', scope, {
        token: first0,
        binding: alice,
        claims: claimsOf(first0),
      }),
    ).rejects.toThrow('No refresh token');
    expect(refreshCalls).toEqual([]);
    // And tab B's tokens are still there.
    expect(holderB.get({ ...scopeB, sub: 'alice' })?.refreshToken).toBe('refresh-of-provider-2');
  });

  it('never takes another person’s tokens of the same API and provider', async () => {
    const tabB = await openTab();
    const bob: SessionBinding = { ...scope, sub: 'bob' };
    const holderB = (await import('./held-tokens')).heldTokensFor('people', scope);
    holderB.follow(bob);
    holderB.set(held(bob, accessToken('bob'), 'refresh-of-bob', Date.now() + 60_000));
    sessionStorage.clear();
    void tabB;
    const tabA = await openTab();
    const holderA = (await import('./held-tokens')).heldTokensFor('people', scope);
    holderA.follow(alice);
    const first = accessToken();
    holderA.set(held(alice, first, 'refresh-of-alice'));
    const renewed = await tabA.renewAccessToken(settings, 'people', scope, {
      token: first,
      binding: alice,
      claims: claimsOf(first),
    });
    expect(refreshCalls).toEqual(['refresh-of-alice']);
    expect(renewed.claims.sub).toBe('alice');
    expect(holderB.get(bob)?.refreshToken).toBe('refresh-of-bob');
  });

  it('renews an opaque token: its end from expires_in, its person the session’s', async () => {
    opaqueAnswers = true;
    try {
      const tab = await openTab();
      const holder = (await import('./held-tokens')).heldTokensFor('opaque', scope);
      holder.follow(alice);
      const claims = {
        sub: 'alice',
        email: 'alice@example.org',
        exp: Math.floor(Date.now() / 1000) + 60,
      };
      holder.set({
        binding: alice,
        accessToken: 'opaque-0',
        claims,
        refreshToken: 'refresh-0',
        rotation: 1,
      });
      const before = Math.floor(Date.now() / 1000);
      const renewed = await tab.renewAccessToken(settings, 'opaque', scope, {
        token: 'opaque-0',
        binding: alice,
        claims,
      });
      expect(renewed.token).toMatch(/^opaque-/);
      expect(renewed.claims).toMatchObject({ sub: 'alice', email: 'alice@example.org' });
      expect(renewed.claims.exp - before).toBeGreaterThanOrEqual(300);
      // The refresh token is kept when the provider does not rotate it.
      expect(holder.get(alice)?.refreshToken).toBe('refresh-0');
    } finally {
      opaqueAnswers = false;
    }
  });
});
