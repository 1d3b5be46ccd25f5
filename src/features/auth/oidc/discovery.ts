import * as oauth from 'oauth4webapi';
import type { OidcSettings } from '../../../lib/api-profile';
import { OidcProblem } from './oidc-problem';

/**
 * The identity provider's metadata (OpenID Connect discovery, checked by oauth4webapi and here:
 * every endpoint on the issuer's origin) and what every request to it carries.
 */

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);
const REQUEST_TIMEOUT_MS = 15_000;

/** http: is allowed for a provider on this machine only, as config-oidc.ts allows it. */
function onLoopback(settings: OidcSettings): boolean {
  const url = new URL(settings.issuer);
  return url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname);
}

export function requestOptions(settings: OidcSettings) {
  return {
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    ...(onLoopback(settings) && { [oauth.allowInsecureRequests]: true }),
  };
}

export function clientOf(settings: OidcSettings): oauth.Client {
  return { client_id: settings.clientId, [oauth.clockTolerance]: 60 };
}

/** The parameters that say which API the access token is for (RFC 8707, or Auth0's). */
export function audienceParameters(settings: OidcSettings): Record<string, string> {
  return {
    ...(settings.resource !== undefined && { resource: settings.resource }),
    ...(settings.audience !== undefined && { audience: settings.audience }),
  };
}

const discovered = new Map<string, Promise<oauth.AuthorizationServer>>();

/** The provider's metadata, fetched once per page (a failure is asked again next time). */
export function discover(settings: OidcSettings): Promise<oauth.AuthorizationServer> {
  let metadata = discovered.get(settings.issuer);
  if (!metadata) {
    metadata = fetchMetadata(settings);
    discovered.set(settings.issuer, metadata);
    metadata.catch(() => discovered.delete(settings.issuer));
  }
  return metadata;
}

async function fetchMetadata(settings: OidcSettings): Promise<oauth.AuthorizationServer> {
  const issuer = new URL(settings.issuer);
  let response: Response;
  try {
    response = await oauth.discoveryRequest(issuer, {
      algorithm: 'oidc',
      ...requestOptions(settings),
    });
  } catch {
    throw new OidcProblem('unreachable', settings);
  }
  // A gateway's 502 to 504: the provider behind it is down.
  if (response.status >= 502 && response.status <= 504) {
    throw new OidcProblem('unreachable', settings);
  }
  let metadata: oauth.AuthorizationServer;
  try {
    metadata = await oauth.processDiscoveryResponse(issuer, response);
  } catch (error) {
    if (error instanceof oauth.OperationProcessingError && /issuer/i.test(error.message)) {
      throw new OidcProblem('issuer-mismatch', settings);
    }
    throw new OidcProblem('discovery-failed', settings, response.status);
  }
  checkEndpoints(metadata, settings);
  return metadata;
}

/**
 * Every endpoint discovery names must be on the issuer's origin: the Content-Security-Policy
 * allows the issuer's origin only, and a document pointing the token request elsewhere is a
 * document nobody should follow.
 */
function checkEndpoints(metadata: oauth.AuthorizationServer, settings: OidcSettings) {
  const origin = new URL(settings.issuer).origin;
  const names = [
    'authorization_endpoint',
    'token_endpoint',
    'jwks_uri',
    'revocation_endpoint',
    'end_session_endpoint',
  ] as const;
  for (const name of names) {
    const value = metadata[name];
    if (value === undefined) continue;
    let url: URL | null;
    try {
      url = new URL(value);
    } catch {
      url = null;
    }
    if (url?.origin !== origin) {
      throw new OidcProblem('foreign-endpoint', settings, name);
    }
  }
  for (const name of ['authorization_endpoint', 'token_endpoint', 'jwks_uri'] as const) {
    if (metadata[name] === undefined) throw new OidcProblem('discovery-failed', settings);
  }
}
