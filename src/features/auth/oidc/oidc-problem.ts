import type { OidcSettings } from '../../../lib/api-profile';
import type { CallbackProblem } from './flow-state';

export type OidcProblemKind =
  | 'unreachable'
  | 'discovery-failed'
  | 'issuer-mismatch'
  | 'foreign-endpoint'
  | 'access-denied'
  | 'provider-error'
  | 'token-endpoint-unreachable'
  | 'id-token-invalid'
  | 'clock'
  | 'access-token-unusable';

/** A sign-in through the provider that failed, with what to tell the person (role=alert). */
export class OidcProblem extends Error {
  override readonly name = 'OidcProblem';
  constructor(
    readonly kind: OidcProblemKind,
    settings: OidcSettings,
    detail?: string | number,
  ) {
    super(describe(kind, settings, detail));
  }
}

/** Provider error codes are short tokens (RFC 6749); anything else is not repeated on screen. */
function code(detail: string | number | undefined): string {
  const text = String(detail ?? '');
  return /^[\w.-]{1,60}$/.test(text) ? text : 'an unknown error';
}

function describe(
  kind: OidcProblemKind,
  { name, issuer }: OidcSettings,
  detail?: string | number,
): string {
  switch (kind) {
    case 'unreachable':
      return `Could not reach ${name} (${issuer}): the provider is down, or this network blocks it. Try again in a moment, or paste an access token below.`;
    case 'discovery-failed':
      return `${name} did not answer with a usable OpenID configuration at ${issuer}/.well-known/openid-configuration${typeof detail === 'number' ? ` (status ${detail})` : ''}. Check oidc.issuer in config.json.`;
    case 'issuer-mismatch':
      return `${name} answered as a different issuer than ${issuer}, so the console did not sign in through it. Check oidc.issuer in config.json.`;
    case 'foreign-endpoint':
      return `${name}'s OpenID configuration puts its ${code(detail)} on another host than ${new URL(issuer).host}; the console only talks to the issuer's own host, so it did not sign in.`;
    case 'access-denied':
      return `${name} did not sign you in (access denied). You may not have access to this console: ask your administrator, or sign in as someone else.`;
    case 'provider-error':
      return `${name} refused the sign-in with the error "${code(detail)}". Try again; if it happens again, tell your administrator.`;
    case 'token-endpoint-unreachable':
      return `Could not complete the sign-in with ${name}: its token endpoint did not answer this console. The provider may be down, or it does not allow this console's address (${window.location.origin}) for browser requests (CORS); its administrator can add it as an allowed web origin.`;
    case 'id-token-invalid':
      return `${name}'s ID token failed validation (signature, issuer, audience, nonce or expiry), so the sign-in was refused. Try again; if it happens again, tell your administrator.`;
    case 'clock':
      return `This device's clock is too far from ${name}'s for the sign-in to be trusted. Set the clock to the right time (automatic) and sign in again.`;
    case 'access-token-unusable':
      return `${name} issued an access token the console cannot send: ${String(detail ?? '')} Ask its administrator to check the provider's settings for this API (its resource or audience, and the access token's lifetime).`;
  }
}

/** What the callback's own checks found (flow-state.ts), before any request. */
export function describeCallbackProblem(problem: CallbackProblem): string {
  switch (problem.kind) {
    case 'too-long':
      return 'The address the sign-in came back with is far too long to be a real answer from the provider, so it was ignored and nothing was sent. Sign in again.';
    case 'no-state':
    case 'unknown-state':
      return 'This sign-in answer does not belong to a sign-in started in this tab (a forged or already used link), so it was ignored and nothing was sent. Sign in again.';
    case 'stale':
      return 'This sign-in was started too long ago to be completed. Sign in again.';
  }
}
