import * as oauth from 'oauth4webapi';
import type { OidcSettings } from '../../../lib/api-profile';
import { clientOf, discover, requestOptions } from './discovery';
import type { HeldTokens } from './held-tokens';

/**
 * What an ending asks of the provider (provider-ends.ts decides when): the refresh token revoked
 * (RFC 7009), and for a sign-out the provider's session ended too (RP-initiated logout, with
 * id_token_hint), coming back to the console's sign-in page. Best effort: a provider that cannot
 * be reached leaves the person signed out of the console anyway, the tokens forgotten.
 */
export async function endAtProvider(
  settings: OidcSettings,
  held: HeldTokens | null,
  signOut: boolean,
  options: { origin?: string; go?: (url: string) => void } = {},
): Promise<void> {
  let metadata: oauth.AuthorizationServer;
  try {
    metadata = await discover(settings);
  } catch {
    return;
  }
  if (held?.refreshToken && metadata.revocation_endpoint) {
    try {
      const response = await oauth.revocationRequest(
        metadata,
        clientOf(settings),
        oauth.None(),
        held.refreshToken,
        {
          additionalParameters: { token_type_hint: 'refresh_token' },
          ...requestOptions(settings),
        },
      );
      await oauth.processRevocationResponse(response);
    } catch {
      // Revoked or not, the token is gone from this console; the provider's session ends next.
    }
  }
  if (!signOut || !metadata.end_session_endpoint) return;
  const origin = options.origin ?? window.location.origin;
  const url = new URL(metadata.end_session_endpoint);
  url.searchParams.set('client_id', settings.clientId);
  url.searchParams.set('post_logout_redirect_uri', `${origin}/login`);
  if (held?.idToken) url.searchParams.set('id_token_hint', held.idToken);
  (options.go ?? ((href: string) => window.location.assign(href)))(url.href);
}
