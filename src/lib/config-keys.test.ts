// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { ConfigError, resolveSettings } from './config';
import { readApis } from './config-apis';
import { CONFIG_KEYS } from './config-keys';
import { readConfigOidc } from './config-oidc';
import { unknownKeysProblem } from './unknown-keys';

const settingsOf = (config: unknown, buildTime?: string) =>
  resolveSettings(config, buildTime, readApis, readConfigOidc, unknownKeysProblem);

/** The message a config.json stops the console with, or undefined when it starts. */
function refusal(config: unknown, buildTime?: string): string | undefined {
  try {
    settingsOf(config, buildTime);
    return undefined;
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    return error.message;
  }
}

const OIDC = { issuer: 'https://id.example.com', clientId: 'admin-console' };
const API = 'https://api.example.com';

describe('a name config.json does not know stops the console, naming it', () => {
  it.each<[string, Record<string, unknown>, string]>([
    [
      'a top-level setting in the wrong case',
      { apiBaseURL: API },
      'config.json is refused: "apiBaseURL" is not a setting; did you mean "apiBaseUrl"?',
    ],
    [
      'a top-level setting beside a good one',
      { apiBaseUrl: API, requestTimeout: 5000 },
      'config.json is refused: "requestTimeout" is not a setting; did you mean "requestTimeoutMs"?',
    ],
    [
      'a name in oidc',
      { apiBaseUrl: API, oidc: { ...OIDC, clientID: 'x' } },
      'oidc in config.json is refused: "clientID" is not a setting; did you mean "clientId"?',
    ],
    [
      'a name in an entry of apis',
      {
        apis: [
          { name: 'A', baseUrl: API },
          { name: 'B', baseURL: API },
        ],
      },
      'apis in config.json is refused: entry 2: "baseURL" is not a setting; did you mean "baseUrl"? Fix apis in config.json.',
    ],
    [
      "a name in an entry's oidc",
      { apis: [{ name: 'A', baseUrl: API, oidc: { ...OIDC, scopes: 'openid' } }] },
      'oidc of apis entry 1 ("A") is refused: "scopes" is not a setting; did you mean "scope"?',
    ],
    [
      'a name close to nothing, which lists the settings instead',
      { apiBaseUrl: API, theme: 'dark' },
      'config.json is refused: "theme" is not a setting. The settings here are apiBaseUrl, apis, oidc, requestTimeoutMs, imageOrigins, categories and embedOrigins.',
    ],
  ])('%s', (_what, config, message) => {
    expect(refusal(config)).toBe(message);
  });

  it('names every unknown name, before any other problem of the file', () => {
    expect(refusal({ apiBaseUrl: 'http://insecure.example.com', apiBaseURL: API, Apis: [] })).toBe(
      'config.json is refused: "apiBaseURL" is not a setting; did you mean "apiBaseUrl"? "Apis" is not a setting; did you mean "apis"?',
    );
  });

  it('never starts the demo over an unknown name, as an ignored one did', () => {
    for (const config of [{ apiBaseURL: API }, { api_base_url: API }, { baseUrl: API }]) {
      expect(refusal(config)).toMatch(/did you mean "apiBaseUrl"\?/);
    }
  });

  it('shows a name as written, quoted, with marks that reorder text made visible and cut', () => {
    expect(refusal({ 'apiBaseUrl ': API })).toBe(
      'config.json is refused: "apiBaseUrl " is not a setting; did you mean "apiBaseUrl"?',
    );
    expect(refusal({ 'a\u202Eb': 1 })).toMatch(/^config.json is refused: "a\[U\+202E\]b" is not/);
    expect(refusal({ 'a\nb': 1 })).toMatch(/^config.json is refused: "a\\nb" is not/);
    const long = refusal({ ['x'.repeat(10_000)]: 1 }) ?? '';
    expect(long.length).toBeLessThan(400);
    expect(long).toContain('(9,920 more characters)');
  });

  it('names up to five unknown names and counts the rest', () => {
    const config = Object.fromEntries(Array.from({ length: 8 }, (_, i) => [`extra${i}`, i]));
    expect(unknownKeysProblem(config, CONFIG_KEYS)).toBe(
      '"extra0" is not a setting. "extra1" is not a setting. "extra2" is not a setting. "extra3" is not a setting. "extra4" is not a setting. And 3 more. The settings here are apiBaseUrl, apis, oidc, requestTimeoutMs, imageOrigins, categories and embedOrigins.',
    );
  });

  it('lets no unknown name through where the words for it were not passed in', () => {
    expect(() => resolveSettings({ apiBaseURL: API }, undefined, readApis)).toThrow(
      'explainKeys (lib/unknown-keys.ts) is needed',
    );
  });

  it('takes every known name', () => {
    expect(
      settingsOf({
        apiBaseUrl: API,
        oidc: { ...OIDC, scope: 'openid', resource: API, audience: 'a', name: 'SSO' },
        requestTimeoutMs: 5000,
        imageOrigins: ['https:'],
        categories: ['Books'],
      }).profiles,
    ).toHaveLength(1);
    expect(
      settingsOf({ apis: [{ name: 'A', baseUrl: API, production: true, oidc: OIDC }] }).profiles,
    ).toHaveLength(1);
  });
});

describe('the demo starts from an empty or missing config.json, or "mock", and nothing else', () => {
  it.each<[string, unknown, string | undefined]>([
    ['no config.json', undefined, undefined],
    ['an empty config.json', {}, undefined],
    ['"mock"', { apiBaseUrl: 'mock' }, undefined],
    ['"mock" with other settings', { apiBaseUrl: 'mock', requestTimeoutMs: 5000 }, undefined],
    ['"mock" at build time, with settings', { requestTimeoutMs: 5000 }, 'mock'],
  ])('%s is the demo', (_what, config, buildTime) => {
    expect(settingsOf(config, buildTime).profiles[0]?.target).toEqual({ mode: 'demo' });
  });

  it.each<[string, Record<string, unknown>]>([
    ['settings without an API', { requestTimeoutMs: 5000 }],
    ['an empty apiBaseUrl', { apiBaseUrl: '' }],
    ['a blank apiBaseUrl', { apiBaseUrl: '  ' }],
    ['a null apiBaseUrl', { apiBaseUrl: null }],
  ])('%s is refused, naming apiBaseUrl and "mock"', (_what, config) => {
    expect(refusal(config)).toBe(
      'config.json names no API: set "apiBaseUrl" to the API\'s address, or to "mock" for the demo (only an empty config.json starts it by itself).',
    );
  });

  it('leaves a setting without an API to the build-time API', () => {
    expect(settingsOf({ apiBaseUrl: '', requestTimeoutMs: 5000 }, API).profiles[0]?.target).toEqual(
      { mode: 'api', baseUrl: API, origin: API },
    );
  });

  it("reports a setting's own problem before the missing API", () => {
    expect(refusal({ requestTimeoutMs: 'soon' })).toMatch(/^requestTimeoutMs in config.json must/);
  });
});
