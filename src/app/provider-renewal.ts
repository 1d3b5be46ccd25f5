import { holdSession, leaveSession } from '../features/auth/oidc/provider-ends';
import { scopeOfProfile } from '../features/auth/session-binding';
import { renewSilently, type TokenSource } from '../features/auth/silent-renewal';
import type { SessionStore } from '../features/auth/session-store';
import type { ApiProfile, OidcSettings } from '../lib/api-profile';

// The identity provider's code (oauth4webapi): only when a renewal needs it.
const loadOidcClient = () => import('../features/auth/oidc/oidc-client');

/**
 * The identity provider as a token source (docs/security.md, "Token model"). What its
 * sessions hold is settled at once when they end (provider-ends.ts, light); the protocol's code
 * comes only with the first renewal or revocation.
 */
function providerSource(settings: OidcSettings, profile: ApiProfile): TokenSource {
  const provider = { settings, profileKey: profile.key, scope: scopeOfProfile(profile) };
  return {
    renew: (current) =>
      loadOidcClient().then((client) =>
        client.renewAccessToken(settings, profile.key, provider.scope, current),
      ),
    hold: (binding, atStart) => holdSession(provider, binding, atStart),
    leave(binding, how) {
      void leaveSession(provider, binding, how);
    },
  };
}

/**
 * Renewal without a dialog for the sessions a profile's provider issued. Loaded by the profile's
 * runtime beside (not before) the first page, and only for a profile with `oidc`.
 */
export function startProviderRenewal(store: SessionStore, profile: ApiProfile): void {
  if (profile.oidc) renewSilently(store, providerSource(profile.oidc, profile));
}
