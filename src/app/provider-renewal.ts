import { scopeOfProfile } from '../features/auth/session-binding';
import { renewSilently, type TokenSource } from '../features/auth/silent-renewal';
import type { SessionStore } from '../features/auth/session-store';
import type { ApiProfile, OidcSettings } from '../lib/api-profile';

// The identity provider's code (oauth4webapi): only when a renewal or a sign-out needs it.
const loadOidcClient = () => import('../features/auth/oidc/oidc-client');

/** The identity provider as a token source (docs/security.md, "Token model"). */
function providerSource(settings: OidcSettings, profile: ApiProfile): TokenSource {
  const scope = scopeOfProfile(profile);
  return {
    renew: (current) =>
      loadOidcClient().then((client) =>
        client.renewAccessToken(settings, profile.key, scope, current),
      ),
    signOut(binding) {
      void loadOidcClient().then((client) =>
        client.signOutAtProvider(settings, profile.key, scope, binding),
      );
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
