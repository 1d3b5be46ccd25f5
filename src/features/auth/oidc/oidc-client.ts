import * as oauth from 'oauth4webapi';
import type { OidcSettings } from '../../../lib/api-profile';
import { safeStorage } from '../../../lib/storage';
import { RenewalRefusedError } from '../silent-renewal';
import { consistentTokens, readBoundCredential, type ProviderCredential } from '../credential';
import type { SessionBinding, SessionScope } from '../session-binding';
import type { TokenClaims } from '../token';
import { CALLBACK_PATH, saveFlow, type SignInFlow } from './flow-state';
import { heldTokensFor } from './held-tokens';
import { holdSession, type ProviderContext } from './provider-ends';
import { audienceParameters, clientOf, discover, requestOptions } from './discovery';
import { OidcProblem } from './oidc-problem';
import { CLOCK_LIMIT_S, readProviderToken, type Person } from './provider-token';
import type { ScrollSpot } from './restore-scroll';

/**
 * The identity provider's side of sign-in (OpenID Connect authorization code flow with PKCE) on
 * oauth4webapi, which does the protocol's checks: discovery's issuer, the response's state and
 * `iss` (RFC 9207), the ID token's signature (through the JWKS), `iss`, `aud`, `nonce` and times.
 * Loaded only when a console has `oidc` and someone uses it: it is never in a page's first render.
 */

export { CALLBACK_PATH };

export interface ProviderTokens {
  accessToken: string;
  /** What the session keeps beside the access token. */
  claims: TokenClaims;
  refreshToken?: string;
  idToken?: string;
}

/** Sends the person to the provider; the answer comes back to CALLBACK_PATH. */
export async function startSignIn(
  settings: OidcSettings,
  options: {
    profileKey: string;
    next: string;
    /** The page's scroll, put back on return (Sign in again from a page). */
    scroll?: ScrollSpot;
    origin?: string;
    go?: (url: string) => void;
  },
): Promise<void> {
  const { flow, url } = await prepareSignIn(settings, options);
  saveFlow(safeStorage('session'), flow);
  (options.go ?? ((href: string) => window.location.assign(href)))(url);
}

/**
 * A new sign-in (state, nonce, PKCE verifier) and the provider's address that starts it, with
 * the answer coming back to this origin's CALLBACK_PATH. The caller keeps the flow: this tab's
 * storage for a sign-in in the tab (startSignIn), memory for one in a popup (popup-sign-in.ts).
 */
export async function prepareSignIn(
  settings: OidcSettings,
  options: { profileKey: string; next: string; scroll?: ScrollSpot; origin?: string },
): Promise<{ flow: SignInFlow; url: string }> {
  const metadata = await discover(settings);
  const verifier = oauth.generateRandomCodeVerifier();
  const flow: SignInFlow = {
    state: oauth.generateRandomState(),
    nonce: oauth.generateRandomNonce(),
    verifier,
    next: options.next,
    profileKey: options.profileKey,
    issuer: settings.issuer,
    startedAt: Date.now(),
    ...(options.scroll && { scroll: options.scroll }),
  };
  const origin = options.origin ?? window.location.origin;
  const url = new URL(metadata.authorization_endpoint as string);
  const parameters: Record<string, string> = {
    client_id: settings.clientId,
    redirect_uri: `${origin}${CALLBACK_PATH}`,
    response_type: 'code',
    scope: settings.scope,
    code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state: flow.state,
    nonce: flow.nonce,
    ...audienceParameters(settings),
  };
  for (const [name, value] of Object.entries(parameters)) url.searchParams.set(name, value);
  return { flow, url: url.href };
}

/**
 * The provider's answer, for the flow this tab started (flow-state.ts has checked the state):
 * the code exchanged for tokens and the ID token validated. Throws OidcProblem.
 */
export async function completeSignIn(
  settings: OidcSettings,
  params: URLSearchParams,
  flow: SignInFlow,
  origin = window.location.origin,
): Promise<ProviderTokens> {
  const metadata = await discover(settings);
  const client = clientOf(settings);
  let validated: URLSearchParams;
  try {
    validated = oauth.validateAuthResponse(metadata, client, params, flow.state);
  } catch (error) {
    if (error instanceof oauth.AuthorizationResponseError) {
      throw new OidcProblem(
        error.error === 'access_denied' ? 'access-denied' : 'provider-error',
        settings,
        error.error,
      );
    }
    throw new OidcProblem('issuer-mismatch', settings);
  }
  let response: Response;
  try {
    response = await oauth.authorizationCodeGrantRequest(
      metadata,
      client,
      oauth.None(),
      validated,
      `${origin}${CALLBACK_PATH}`,
      flow.verifier,
      { additionalParameters: audienceParameters(settings), ...requestOptions(settings) },
    );
  } catch {
    throw new OidcProblem('token-endpoint-unreachable', settings);
  }
  let result: oauth.TokenEndpointResponse;
  try {
    result = await oauth.processAuthorizationCodeResponse(metadata, client, response, {
      expectedNonce: flow.nonce,
      requireIdToken: true,
    });
  } catch (error) {
    throw problemOfTokenResponse(error, settings);
  }
  await checkSignature(metadata, response, settings);
  checkClock(result, settings);
  const person = personOf(result);
  if (!person) throw new OidcProblem('id-token-invalid', settings);
  // Kept by the caller once the session is this person's (keepSignIn): an ending of the session
  // before it leaves what it held, never what comes after.
  return readTokens(result, settings, person);
}

/**
 * The tokens of a completed sign-in, kept for this tab's session (bound to it). Whatever the tab
 * still held for anyone else is left first, as any ending leaves it (provider-ends.ts).
 */
export function keepSignIn(
  provider: ProviderContext,
  binding: SessionBinding,
  tokens: ProviderTokens,
): void {
  holdSession(provider, binding);
  heldTokensFor(provider.profileKey, provider.scope).set({
    binding,
    ...tokens,
    rotation: Date.now(),
  });
}

async function checkSignature(
  metadata: oauth.AuthorizationServer,
  response: Response,
  settings: OidcSettings,
) {
  try {
    await oauth.validateApplicationLevelSignature(metadata, response, requestOptions(settings));
  } catch {
    throw new OidcProblem('id-token-invalid', settings);
  }
}

/**
 * The ID token was issued a moment ago, so its `iat` is the provider's clock. oauth4webapi refuses
 * one already expired here (this device far ahead) but not one issued in the future (this device
 * far behind), whose access token would then be renewed late and refused by the API.
 */
function checkClock(result: oauth.TokenEndpointResponse, settings: OidcSettings) {
  const issuedAt = oauth.getValidatedIdTokenClaims(result)?.iat;
  if (issuedAt !== undefined && Math.abs(issuedAt - Date.now() / 1000) > CLOCK_LIMIT_S) {
    throw new OidcProblem('clock', settings);
  }
}

function problemOfTokenResponse(error: unknown, settings: OidcSettings): OidcProblem {
  if (error instanceof oauth.ResponseBodyError) {
    return new OidcProblem('provider-error', settings, error.error);
  }
  if (error instanceof oauth.OperationProcessingError && error.code === oauth.JWT_TIMESTAMP_CHECK) {
    return new OidcProblem('clock', settings);
  }
  return new OidcProblem('id-token-invalid', settings);
}

/**
 * The tokens of a response, the access token read for the API to judge (provider-token.ts): the
 * person from the ID token (or, on a refresh without one, the session's), the end from the token
 * or `expires_in`.
 */
function readTokens(
  result: oauth.TokenEndpointResponse,
  settings: OidcSettings,
  person: Person,
): ProviderTokens {
  const read = readProviderToken(result.access_token, result.expires_in, person, Date.now());
  if (!read.ok) {
    throw read.problem === 'clock'
      ? new OidcProblem('clock', settings)
      : new OidcProblem('access-token-unusable', settings, read.detail);
  }
  return {
    accessToken: result.access_token,
    claims: read.claims,
    ...(result.refresh_token !== undefined && { refreshToken: result.refresh_token }),
    ...(result.id_token !== undefined && { idToken: result.id_token }),
  };
}

/** The validated ID token's person, if the response has one. */
function personOf(result: oauth.TokenEndpointResponse): Person | undefined {
  const claims = oauth.getValidatedIdTokenClaims(result);
  if (!claims) return undefined;
  const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
  return { sub: claims.sub, email: text(claims.email), name: text(claims.name) };
}

/**
 * A new access token with the refresh token, once for all of this console's tabs of the session:
 * a lock makes the tabs take turns, and a tab whose turn comes after another tab's renewal takes
 * that one's token instead of using the (rotated, now spent) refresh token again. Only tokens of
 * this session's binding are used, and a token is taken only if it follows on from the current one
 * (the same issuer, audience and person, as far as the tokens show).
 */
export async function renewAccessToken(
  settings: OidcSettings,
  profileKey: string,
  scope: SessionScope,
  current: { token: string; binding: SessionBinding; claims: TokenClaims },
): Promise<ProviderCredential> {
  const holder = heldTokensFor(profileKey, scope);
  const { binding } = current;
  return withLock(channelLockName(profileKey, scope), async () => {
    const held = await holder.newest(binding);
    if (held && held.accessToken !== current.token) {
      const read = readBoundCredential(
        { binding: held.binding, token: held.accessToken, claims: held.claims },
        Date.now(),
      );
      if (read.ok && consistentTokens(current.token, read.token)) {
        return { token: read.token, claims: read.claims };
      }
    }
    if (!held?.refreshToken) throw new RenewalRefusedError('No refresh token to renew with.');
    const metadata = await discover(settings);
    const client = clientOf(settings);
    const response = await oauth.refreshTokenGrantRequest(
      metadata,
      client,
      oauth.None(),
      held.refreshToken,
      { additionalParameters: audienceParameters(settings), ...requestOptions(settings) },
    );
    let result: oauth.TokenEndpointResponse;
    try {
      result = await oauth.processRefreshTokenResponse(metadata, client, response);
    } catch (error) {
      // The provider said no (invalid_grant: revoked, expired or already used) or answered
      // something unusable: only signing in again helps.
      if (error instanceof oauth.ResponseBodyError) holder.forget(binding);
      throw new RenewalRefusedError(error instanceof Error ? error.message : String(error));
    }
    if (result.id_token !== undefined) await checkSignature(metadata, response, settings);
    // A new ID token must name the same person (OpenID Connect Core 12.2).
    const person = personOf(result) ?? { ...current.claims, sub: binding.sub ?? '' };
    if (person.sub !== binding.sub)
      throw new RenewalRefusedError('The renewal is for someone else.');
    let tokens: ProviderTokens;
    try {
      tokens = readTokens(result, settings, person);
    } catch (error) {
      throw new RenewalRefusedError((error as Error).message);
    }
    if (!consistentTokens(current.token, tokens.accessToken)) {
      throw new RenewalRefusedError('The renewed token is for another API or person.');
    }
    holder.set({
      binding,
      accessToken: tokens.accessToken,
      claims: tokens.claims,
      refreshToken: tokens.refreshToken ?? held.refreshToken,
      idToken: tokens.idToken ?? held.idToken,
      rotation: Math.max(Date.now(), held.rotation + 1),
    });
    return { token: tokens.accessToken, claims: tokens.claims };
  });
}

function channelLockName(profileKey: string, scope: SessionScope): string {
  return `admin-console.oidc-renewal:${profileKey}|${scope.api}|${scope.issuer ?? ''}|${scope.clientId ?? ''}`;
}

function withLock<T>(name: string, task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? (locks.request(name, task) as Promise<T>) : task();
}
