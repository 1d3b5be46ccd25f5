import type { OidcSettings } from './api-profile';
import { ConfigError, describe, isPlainObject, type ApiTarget } from './config.ts';
import { OIDC_KEYS } from './config-keys.ts';
import { unknownKeysProblem } from './unknown-keys.ts';

/**
 * config.json's `oidc` (at the top, or in an `apis` entry): sign-in through an identity provider.
 * Its own module, loaded by start-up only when config.json has one, so a console without a
 * provider does not download it.
 */

export const DEFAULT_OIDC_SCOPE = 'openid email offline_access';
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);
const MAX_TEXT_LENGTH = 2_000;
const MAX_NAME_LENGTH = 60;
const EXAMPLE = '{"issuer": "https://id.example.com", "clientId": "admin-console"}';
// C0/C1 controls and the marks that reorder text: a name is shown on a button.
const UNSHOWABLE =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

/** config.json's top-level `oidc`, for its one API (`apiBaseUrl`). */
export function readConfigOidc(config: Record<string, unknown>, target: ApiTarget): OidcSettings {
  if (target.mode === 'demo') {
    throw new ConfigError(
      'oidc in config.json is refused: the demo signs in with its own tokens; set apiBaseUrl to the API the provider issues tokens for, or remove oidc.',
    );
  }
  return readOidc(config.oidc);
}

/**
 * Reads one `oidc` setting. `where` names it in messages: "oidc in config.json", or "oidc of apis
 * entry 2 ("Staging")". Throws ConfigError with what to fix.
 */
export function readOidc(value: unknown, where = 'oidc in config.json'): OidcSettings {
  const refuse = (detail: string): never => {
    throw new ConfigError(`${where} is refused: ${detail}`);
  };
  if (!isPlainObject(value)) {
    return refuse(`it must be an object such as ${EXAMPLE}, got ${describe(value)}.`);
  }
  const unknown = unknownKeysProblem(value, OIDC_KEYS);
  if (unknown) refuse(unknown);
  const text = (name: string, required: boolean): string | undefined => {
    const field = value[name];
    if (field === undefined || field === null) {
      return required
        ? refuse(`"${name}" is missing; ${EXAMPLE} shows both required fields.`)
        : undefined;
    }
    if (typeof field !== 'string')
      return refuse(`"${name}" must be a text, got ${describe(field)}.`);
    const trimmed = field.trim();
    if (trimmed === '') {
      return required ? refuse(`"${name}" is empty.`) : undefined;
    }
    // Characters, not UTF-16 units: the start-up hook counts them so too.
    const length = [...trimmed].length;
    if (length > MAX_TEXT_LENGTH) {
      return refuse(`"${name}" is ${length} characters long; at most ${MAX_TEXT_LENGTH}.`);
    }
    if (UNSHOWABLE.test(trimmed)) return refuse(`"${name}" contains a control character.`);
    return trimmed;
  };

  const issuer = readIssuer(text('issuer', true) as string, refuse);
  const clientId = text('clientId', true) as string;
  const scope = (text('scope', false) ?? DEFAULT_OIDC_SCOPE).split(/\s+/).join(' ');
  if (!scope.split(' ').includes('openid')) {
    refuse(`"scope" must include openid (the console signs people in), got "${scope}".`);
  }
  const resource = text('resource', false);
  if (resource !== undefined) readAbsoluteUrl(resource, 'resource', refuse);
  const audience = text('audience', false);
  const name = text('name', false) ?? new URL(issuer).host;
  if ([...name].length > MAX_NAME_LENGTH) {
    refuse(`"name" is ${[...name].length} characters long; at most ${MAX_NAME_LENGTH}.`);
  }
  if (/[<>]/.test(name)) refuse('"name" contains < or >; a name is plain text, not markup.');
  return {
    issuer,
    clientId,
    scope,
    ...(resource !== undefined && { resource }),
    ...(audience !== undefined && { audience }),
    name,
  };
}

/**
 * The issuer is an https: URL (http: on loopback only) without credentials, query or fragment.
 * A path is kept (Keycloak's /realms/x, Auth0 tenants use none, Entra ID a tenant id): discovery
 * appends /.well-known/openid-configuration to it.
 */
function readIssuer(raw: string, refuse: (detail: string) => never): string {
  const url = readAbsoluteUrl(raw, 'issuer', refuse);
  if (
    url.protocol !== 'https:' &&
    !(url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname))
  ) {
    refuse('"issuer" must use https: (http: only for localhost, 127.0.0.1 and [::1]).');
  }
  if (url.username !== '' || url.password !== '') {
    refuse('"issuer" must not contain a user name or password.');
  }
  // Checked on the raw text too: the URL parser drops an empty "?" or "#".
  if (url.search !== '' || url.hash !== '' || /[?#]/.test(raw)) {
    refuse(
      '"issuer" must not contain a query (?) or a fragment (#): the issuer is a plain URL such as https://id.example.com.',
    );
  }
  const path = url.pathname.replace(/\/+$/, '');
  if (path.endsWith('/.well-known/openid-configuration')) {
    refuse(
      '"issuer" is the discovery document\'s address; give the issuer itself (the part before /.well-known/openid-configuration).',
    );
  }
  return `${url.origin}${path}`;
}

function readAbsoluteUrl(raw: string, name: string, refuse: (detail: string) => never): URL {
  try {
    return new URL(raw);
  } catch {
    return refuse(`"${name}" is not an absolute URL such as https://id.example.com.`);
  }
}
