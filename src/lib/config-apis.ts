import type { ApiProfile } from './api-profile';
import {
  ConfigError,
  DEMO_KEYWORD,
  describe,
  FIX_HINT,
  isPlainObject,
  isSet,
  parseBaseUrl,
} from './config.ts';
import { API_ENTRY_KEYS } from './config-keys.ts';
import { unknownKeysProblem } from './unknown-keys.ts';
import { readOidc } from './config-oidc.ts';

/**
 * config.json's `apis`: several APIs in one console. Its own module, loaded by start-up only when
 * config.json has `apis`, so a single-API console does not download it.
 */

/** Limits on `apis` (docs/ui-contract.md): a header select, not a directory. */
export const MAX_APIS = 20;
export const MAX_API_NAME_LENGTH = 60;

const EXAMPLE_APIS =
  '[{"name": "Production", "baseUrl": "https://api.example.com", "production": true}, {"name": "Staging", "baseUrl": "https://staging.example.com"}]';
// C0/C1 controls, and the marks that reorder text (bidi embeddings, overrides, isolates).
const UNSHOWABLE_NAME =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

/** config.json's `apis`, checked: one profile per entry, keyed by its name. */
export function readApis(config: Record<string, unknown>): ApiProfile[] {
  const value = config.apis;
  if (isSet(config.apiBaseUrl)) {
    throw new ConfigError(
      'config.json sets both apiBaseUrl and apis: keep apis (one entry per API) and remove apiBaseUrl.',
    );
  }
  const refuse = (detail: string): never => {
    throw new ConfigError(`apis in config.json is refused: ${detail} ${FIX_HINT.apis}`);
  };
  if (config.oidc !== undefined && config.oidc !== null) {
    throw new ConfigError(
      'oidc in config.json is refused next to apis: give each entry of apis its own "oidc" instead.',
    );
  }
  if (!Array.isArray(value)) {
    return refuse(`it must be a list of APIs such as ${EXAMPLE_APIS}, got ${describe(value)}.`);
  }
  if (value.length === 0) return refuse('the list is empty; name at least one API.');
  if (value.length > MAX_APIS) {
    return refuse(`it lists ${value.length} APIs; at most ${MAX_APIS} are allowed.`);
  }
  const names = new Set<string>();
  const baseUrls = new Set<string>();
  return value.map((entry: unknown, index): ApiProfile => {
    const at = `entry ${index + 1}`;
    if (!isPlainObject(entry)) {
      return refuse(`${at} must be an object with a name and a baseUrl, got ${describe(entry)}.`);
    }
    const unknown = unknownKeysProblem(entry, API_ENTRY_KEYS);
    if (unknown) return refuse(`${at}: ${unknown}`);
    const { name: rawName, baseUrl, production, oidc } = entry;
    if (typeof rawName !== 'string' || rawName.trim() === '') {
      return refuse(`${at} has no name (a text of 1 to ${MAX_API_NAME_LENGTH} characters).`);
    }
    const name = rawName.trim();
    if ([...name].length > MAX_API_NAME_LENGTH) {
      return refuse(
        `the name of ${at} is ${[...name].length} characters long; at most ${MAX_API_NAME_LENGTH} are allowed.`,
      );
    }
    if (UNSHOWABLE_NAME.test(name)) {
      return refuse(
        `the name of ${at} contains a control character or a bidirectional mark; use plain text.`,
      );
    }
    if (/[<>]/.test(name)) {
      return refuse(`the name of ${at} contains < or >; a name is plain text, not markup.`);
    }
    const folded = name.toLowerCase();
    if (names.has(folded)) return refuse(`two entries are named "${name}"; names must differ.`);
    names.add(folded);
    if (typeof baseUrl !== 'string' || baseUrl.trim() === '') {
      return refuse(`${at} ("${name}") has no baseUrl, such as "https://api.example.com".`);
    }
    if (baseUrl.trim() === DEMO_KEYWORD) {
      return refuse(
        `${at} ("${name}") names the demo ("mock"): the demo is one API of its own; set "apiBaseUrl": "mock" without apis instead.`,
      );
    }
    const target = parseBaseUrl(baseUrl, 'apis');
    if (target.mode !== 'api') return refuse(`${at} ("${name}") has no usable baseUrl.`);
    if (baseUrls.has(target.baseUrl)) {
      return refuse(`two entries have the base URL ${target.baseUrl}; each API once.`);
    }
    baseUrls.add(target.baseUrl);
    if (production !== undefined && production !== null && typeof production !== 'boolean') {
      return refuse(`"production" of ${at} ("${name}") must be true or false.`);
    }
    return {
      key: name,
      name,
      target,
      production: production === true,
      ...(oidc !== undefined &&
        oidc !== null && { oidc: readOidc(oidc, `oidc of apis ${at} ("${name}")`) }),
    };
  });
}
