// @vitest-environment node
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  connectOriginsOf,
  ConfigError,
  parseRuntimeConfig,
  resolveSettings,
} from '../src/lib/config';
import { readApis } from '../src/lib/config-apis';
import { readConfigOidc } from '../src/lib/config-oidc';
import { HOOK_LIB, hookWithCaseFold } from './hook-case-fold';
import {
  configFor,
  consoleAccepts,
  removeHookDirs,
  runHook,
  type HookEnv,
} from './start-up-hook-harness';

afterAll(removeHookDirs);

describe.concurrent('the container start-up hook decides as the console does (deploy/)', () => {
  it('holds the case folding generated from the console’s own toLowerCase', async () => {
    const rules = readFileSync(HOOK_LIB, 'utf8');
    expect(rules, 'run `npx tsx scripts/hook-case-fold.ts`').toBe(hookWithCaseFold(rules));
  });

  it.each([
    'Ünï|https://a.example.com;ünÏ|https://b.example.com',
    'ΟΔΟΣ|https://a.example.com;οδος|https://b.example.com',
    'Σ|https://a.example.com;σ|https://b.example.com',
    'ΑΣ Β|https://a.example.com;ασ β|https://b.example.com',
    'Straße|https://a.example.com;STRASSE|https://b.example.com',
    'İstanbul|https://a.example.com;i\u0307stanbul|https://b.example.com',
    'ǅ|https://a.example.com;ǆ|https://b.example.com',
    '\u{10400}|https://a.example.com;\u{10428}|https://b.example.com',
    'Kelvin \u212A|https://a.example.com;kelvin k|https://b.example.com',
    'A|https://a.example.com/base;B|https://A.EXAMPLE.com:443/base/',
    'A|https://a.example.com/x/../base;B|https://a.example.com/base',
    'A|https://a.example.com/%2E/base;B|https://a.example.com/base//',
    'A|https://a.example.com/base;B|https://a.example.com/BASE',
    'A|https://a.example.com/a//b;B|https://a.example.com/a/b',
    'A|https://a.example.com/a/b/..;B|https://a.example.com/a',
    'A|https://a.example.com/a/.%2e/b;B|https://a.example.com/b/.',
    'A|https://a.example.com;B|https://a.example.com:8443',
    'A|http://localhost:4010/;B|http://LOCALHOST:4010',
    'A|https://a.example.com/%2e%2E;B|https://a.example.com',
    // A base URL that ends in the API's version (the console adds it).
    'A|https://a.example.com/v1',
    'A|https://a.example.com/api/V3//',
    'A|https://a.example.com/v1/x/..',
    'A|https://a.example.com/v1/%2e',
    'A|https://v1',
    'A|https://a.example.com/v',
    'A|https://a.example.com/v1x',
    'A|https://a.example.com/v1/api',
  ])('accepts exactly what the console accepts: %j', async (apis) => {
    const hook = await runHook({ APIS: apis });
    expect(hook.status === 0, hook.stderr).toBe(consoleAccepts({ APIS: apis }));
  });

  // White space as JavaScript's trim() knows it, line breaks aside (they separate APIS entries).
  const SPACES = [...'\t\v\f\r \u00A0\u1680\u2000\u2005\u200A\u2028\u2029\u202F\u205F\u3000\uFEFF'];
  const OIDC: HookEnv = {
    API_BASE_URL: 'https://api.example.com',
    OIDC_ISSUER: 'https://id.example.com',
    OIDC_CLIENT_ID: 'admin-console',
  };
  const codePoints = (text: string) =>
    [...text].map((char) => `U+${char.codePointAt(0)?.toString(16).toUpperCase()}`).join(' ');
  it.each<[string, HookEnv]>([
    ...SPACES.map((space): [string, HookEnv] => [
      `APIS names Prod and Prod with ${codePoints(space)} around`,
      { APIS: `Prod${space}|https://a.example.com;${space}Prod|https://b.example.com` },
    ]),
    ['OIDC_NAME with U+202E', { ...OIDC, OIDC_NAME: 'Acme \u202Egnp.exe' }],
    ['OIDC_NAME with U+0085', { ...OIDC, OIDC_NAME: 'Acme\u0085SSO' }],
    ['OIDC_SCOPE with U+2066', { ...OIDC, OIDC_SCOPE: 'openid\u2066 email' }],
    ['OIDC_AUDIENCE with U+061C', { ...OIDC, OIDC_AUDIENCE: 'a\u061Cb' }],
    ['OIDC_CLIENT_ID of 2,500 characters', { ...OIDC, OIDC_CLIENT_ID: 'c'.repeat(2500) }],
    ['OIDC_CLIENT_ID of 2,000 characters', { ...OIDC, OIDC_CLIENT_ID: 'c'.repeat(2000) }],
    ['OIDC_CLIENT_ID of 2,000 emoji', { ...OIDC, OIDC_CLIENT_ID: '\u{1F600}'.repeat(2000) }],
    ['OIDC_CLIENT_ID of 2,001 emoji', { ...OIDC, OIDC_CLIENT_ID: '\u{1F600}'.repeat(2001) }],
    [
      'OIDC_RESOURCE of 2,024 characters',
      { ...OIDC, OIDC_RESOURCE: `https://api.example.com/${'r'.repeat(2000)}` },
    ],
    [
      "an APIS entry's client id of 2,001 characters",
      { APIS: `A|https://a.example.com|oidc=https://id.example.com,${'c'.repeat(2001)}` },
    ],
    [
      "an APIS entry's provider name with U+202E",
      { APIS: 'A|https://a.example.com|oidc=https://id.example.com,c,name=\u202EA' },
    ],
  ])('accepts exactly what the console accepts: %s', async (_what, env) => {
    const hook = await runHook(env);
    expect(hook.status === 0, hook.stderr).toBe(consoleAccepts(env));
  });

  it.each<HookEnv>([
    {},
    { API_BASE_URL: 'mock' },
    { API_BASE_URL: 'https://api.example.com' },
    { API_BASE_URL: ' https://API.Example.com:443/prefix/ ' },
    { API_BASE_URL: 'https://api.example.com:8443/v' },
    { API_BASE_URL: 'http://localhost:4010' },
    { API_BASE_URL: 'http://127.0.0.1:4010/base' },
    { API_BASE_URL: 'http://[::1]:4010' },
    { API_BASE_URL: 'https://api.example.com', REQUEST_TIMEOUT_MS: '1000' },
    { API_BASE_URL: 'https://api.example.com', REQUEST_TIMEOUT_MS: '600000' },
    { API_BASE_URL: 'https://api.example.com', IMAGE_ORIGINS: 'https:' },
    {
      API_BASE_URL: 'https://api.example.com',
      IMAGE_ORIGINS: 'https://cdn.example.com, http://legacy.example.com',
    },
    { API_BASE_URL: 'mock', IMAGE_ORIGINS: 'https://CDN.example.com/ https: https:' },
    { APIS: 'Production|https://api.example.com|production; Staging|http://127.0.0.1:4011/base' },
    { APIS: 'Only one|https://api.example.com' },
    {
      APIS: 'EU Production | https://eu.example.com | production\nUS|https://us.example.com;Ünï Staging|https://eu.example.com/staging',
      IMAGE_ORIGINS: 'https:',
    },
    { API_BASE_URL: 'mock', IMAGE_ORIGINS: 'http: https://10.0.0.7:8443' },
    {
      API_BASE_URL: 'https://api.example.com',
      OIDC_ISSUER: 'https://id.example.com/realms/staff',
      OIDC_CLIENT_ID: 'admin-console',
    },
    {
      API_BASE_URL: 'https://api.example.com',
      OIDC_ISSUER: ' https://acme.eu.auth0.com/ ',
      OIDC_CLIENT_ID: 'abc123',
      OIDC_SCOPE: 'openid email offline_access',
      OIDC_RESOURCE: 'https://api.example.com',
      OIDC_AUDIENCE: 'https://api.example.com/',
      OIDC_NAME: 'Acme SSO',
    },
    {
      APIS: 'A|https://a.example.com|production|oidc=https://id.example.com,console,name=A SSO,scope=openid email;B|https://b.example.com|oidc=http://127.0.0.1:4012,c2,resource=https://b.example.com',
    },
    {
      APIS: '\u00A0Ünï\u3000|\uFEFFhttps://a.example.com\u2003|\u202Fproduction',
    },
    { ...OIDC, OIDC_NAME: '\u00A0Acme SSO\u2028', OIDC_CLIENT_ID: '\u205Fadmin-console\u00A0' },
    { API_BASE_URL: 'https://api.example.com', EMBED_ORIGINS: 'https://acme.zendesk.com' },
    {
      API_BASE_URL: 'https://api.example.com',
      EMBED_ORIGINS:
        ' https://ACME.zendesk.com/, https://app.frontapp.com:8443\nhttp://localhost:4000 http://[::1]:9000 https://acme.zendesk.com ',
    },
  ])('writes the config.json and policy inputs the app derives from it: %j', async (env) => {
    const hook = await runHook(env);
    expect(hook.status, hook.stderr).toBe(0);
    const written = parseRuntimeConfig(readFileSync(join(hook.htmlDir, 'config.json'), 'utf8'));
    expect(written).toEqual(configFor(env));
    const settings = resolveSettings(written, undefined, readApis, readConfigOidc);
    expect({
      apiOrigins: hook.apiOrigin === '' ? [] : hook.apiOrigin.split(' ').sort(),
      imageSources: hook.imageSources.split(' '),
      frameAncestors: hook.frameAncestors.split(' '),
    }).toEqual({
      apiOrigins: connectOriginsOf(settings.profiles).sort(),
      imageSources: settings.imageSources,
      frameAncestors: settings.embedOrigins.length > 0 ? settings.embedOrigins : ["'none'"],
    });
  });

  it.each<HookEnv>([
    { API_BASE_URL: 'http://api.example.com' },
    { API_BASE_URL: 'api.example.com' },
    { API_BASE_URL: 'ftp://api.example.com' },
    { APIS: 'A|http://api.example.com' },
    { APIS: 'A|https://a.example.com;a|https://b.example.com' },
    { APIS: '|https://a.example.com' },
    { APIS: 'A' },
    { APIS: ';' },
    { APIS: 'Demo|mock' },
    { APIS: 'A|https://a.example.com|yes' },
    { APIS: `${'x'.repeat(61)}|https://a.example.com` },
    { APIS: '<b>A</b>|https://a.example.com' },
    { APIS: 'Bi\u202Edi|https://a.example.com' },
    { APIS: 'A|https://me:pw@a.example.com' },
    { APIS: Array.from({ length: 21 }, (_, i) => `A${i}|https://a${i}.example.com`).join(';') },
    { APIS: 'A|https://a.example.com', API_BASE_URL: 'https://b.example.com' },
    { API_BASE_URL: 'https://user:secret@api.example.com' },
    { API_BASE_URL: 'https://api.example.com/?key=1' },
    { API_BASE_URL: 'https://api.example.com/#top' },
    { API_BASE_URL: 'https://api.example.com', REQUEST_TIMEOUT_MS: '999' },
    {
      API_BASE_URL: 'https://api.example.com',
      OIDC_ISSUER: 'http://id.example.com',
      OIDC_CLIENT_ID: 'c',
    },
    { API_BASE_URL: 'https://api.example.com', OIDC_ISSUER: 'https://id.example.com' },
    {
      API_BASE_URL: 'https://api.example.com',
      OIDC_ISSUER: 'https://id.example.com/?t=1',
      OIDC_CLIENT_ID: 'c',
    },
    {
      API_BASE_URL: 'https://api.example.com',
      OIDC_ISSUER: 'https://id.example.com/.well-known/openid-configuration',
      OIDC_CLIENT_ID: 'c',
    },
    {
      API_BASE_URL: 'https://api.example.com',
      OIDC_ISSUER: 'https://id.example.com',
      OIDC_CLIENT_ID: 'c',
      OIDC_SCOPE: 'email',
    },
    { OIDC_ISSUER: 'https://id.example.com', OIDC_CLIENT_ID: 'c' },
    { APIS: 'A|https://a.example.com', OIDC_ISSUER: 'https://id.example.com', OIDC_CLIENT_ID: 'c' },
    { APIS: 'A|https://a.example.com|oidc=https://id.example.com' },
    { API_BASE_URL: 'https://api.example.com', REQUEST_TIMEOUT_MS: '600001' },
    { API_BASE_URL: 'https://api.example.com', REQUEST_TIMEOUT_MS: '1e4' },
    { API_BASE_URL: 'https://api.example.com', IMAGE_ORIGINS: 'https://cdn.example.com/avatars' },
    { API_BASE_URL: 'https://api.example.com', IMAGE_ORIGINS: 'https://cdn.example.com:443' },
    {
      API_BASE_URL: 'https://api.example.com',
      IMAGE_ORIGINS: "https://x.example.com;script-src 'unsafe-inline'",
    },
    ...[
      'https://*.zendesk.com',
      '*',
      'https://acme.zendesk.com/agent',
      'https://acme.zendesk.com/?x=1',
      'https://acme.zendesk.com#top',
      'http://acme.zendesk.com',
      'https://acme.zendesk.com:443',
      'acme.zendesk.com',
      'null',
      "'self'",
      'https://agent:pw@acme.zendesk.com',
      'https://a.example.com;script-src',
      'https://desk$arg_x.example.com',
      'ftp://acme.zendesk.com',
      Array.from({ length: 21 }, (_, i) => `https://d${i}.example.com`).join(','),
    ].map((origins) => ({ API_BASE_URL: 'https://api.example.com', EMBED_ORIGINS: origins })),
    // Settings without an API: the demo only starts from nothing at all (or "mock").
    { EMBED_ORIGINS: 'https://acme.zendesk.com' },
    { IMAGE_ORIGINS: 'https:' },
    { REQUEST_TIMEOUT_MS: '5000' },
  ])('refuses what the app refuses, so the container does not start: %j', async (env) => {
    const hook = await runHook(env);
    expect(hook.status).not.toBe(0);
    expect(hook.stderr).toMatch(/^admin console: .*(refused|must)/m);
    expect(() => resolveSettings(configFor(env), undefined, readApis, readConfigOidc)).toThrow(
      ConfigError,
    );
  });

  it.each<HookEnv>([
    { API_BASE_URL: 'https://bücher.example' },
    { API_BASE_URL: 'https://0x7f.1' },
    { API_BASE_URL: 'https://[::ffff:7f00:1]' },
    { API_BASE_URL: 'https://api.example.com:99999' },
  ])('refuses hosts it cannot normalise exactly as the browser does: %j', async (env) => {
    expect((await runHook(env)).status).not.toBe(0);
  });
});
