import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OidcSettings } from '../../../lib/api-profile';

/**
 * Several tabs of one API share one renewal: a rotated refresh token used twice ends the session
 * at most providers. Each "tab" here is a fresh copy of the modules (its own memory and holder);
 * they share a BroadcastChannel hub and a lock, as tabs of one origin do.
 */

const refreshCalls: string[] = [];
let serial = 0;

function accessToken(sub = 'alice'): string {
  serial += 1;
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const iat = Math.floor(Date.now() / 1000);
  return `${part({ alg: 'HS256', typ: 'at+jwt' })}.${part({ sub, iat, exp: iat + 3600, jti: serial })}.c2ln`;
}

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
    processRefreshTokenResponse: async () => ({
      access_token: accessToken(),
      refresh_token: `refresh-${serial}`,
      token_type: 'bearer',
    }),
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
    heldTokensFor('').set({ accessToken: first, refreshToken: 'refresh-0', rotation: 1 });
    const tabB = await openTab();
    // Tab B has nothing of its own (another tab's sessionStorage): it asks tab A.
    sessionStorage.clear();

    const [fromA, fromB] = await Promise.all([
      tabA.renewAccessToken(settings, '', first),
      tabB.renewAccessToken(settings, '', first),
    ]);
    expect(refreshCalls).toEqual(['refresh-0']);
    expect(fromB).toBe(fromA);
    expect(fromA).not.toBe(first);

    // The next renewal, from tab B, uses the rotated refresh token, never the spent one.
    await tabB.renewAccessToken(settings, '', fromA);
    expect(refreshCalls).toEqual(['refresh-0', `refresh-${serial - 1}`]);
  });

  it('never spends a refresh token another tab has rotated, though its news is late', async () => {
    const first = accessToken();
    const tabA = await openTab();
    (await import('./held-tokens'))
      .heldTokensFor('late-news')
      .set({ accessToken: first, refreshToken: 'refresh-0', rotation: 1 });
    // Tab B holds the same tokens (it had them from tab A); its lock may come before the message
    // that says tab A has renewed, as the lock and the channel are separate ways between tabs.
    // (An API of its own: the first test's tabs are still listening on theirs.)
    const tabB = await openTab();
    (await import('./held-tokens')).heldTokensFor('late-news');

    const [fromA, fromB] = await Promise.all([
      tabA.renewAccessToken(settings, 'late-news', first),
      tabB.renewAccessToken(settings, 'late-news', first),
    ]);
    expect(refreshCalls).toEqual(['refresh-0']);
    expect(fromB).toBe(fromA);
  });
});
