// @vitest-environment node
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import {
  connectOriginsOf,
  ConfigError,
  parseRuntimeConfig,
  resolveSettings,
} from '../src/lib/config';
import { readApis } from '../src/lib/config-apis';
import { readConfigOidc } from '../src/lib/config-oidc';
import {
  headerTemplates,
  HOOK_SH_ARGS,
  policyInputsForConfig,
  policyVariables,
  readTemplate,
  checkServerSettings,
  renderAll,
  renderTemplate,
} from './nginx-config';
import { HOOK_LIB, hookWithCaseFold } from './hook-case-fold';
import { MOCK_SERVICE_WORKER_PATH, securityHeaders, type PolicyInputs } from './security-headers';

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

function tempDir(): string {
  dir = mkdtempSync(join(tmpdir(), 'nginx-config-'));
  return dir;
}

/** `add_header` lines as a map, each value's whitespace runs collapsed (an empty input leaves two). */
function headersOf(conf: string): Record<string, string> {
  return Object.fromEntries(
    [...conf.matchAll(/^add_header (\S+) "([^"]*)" always;$/gm)].map(([, name, value]) => [
      name as string,
      normalise(value as string),
    ]),
  );
}

function normalise(value: string): string {
  return value.replace(/\s+/g, ' ').replace(/ ;/g, ';').trim();
}

function normalisedHeaders(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers).map(([name, value]) => [name, normalise(value)]),
  );
}

const API: PolicyInputs = {
  apiOrigins: ['https://api.example.com'],
  imageSources: ['https://api.example.com', 'https:'],
};
const DEMO: PolicyInputs = { apiOrigins: [], imageSources: ['https:'] };

describe('the nginx header templates', () => {
  it('are committed exactly as scripts/security-headers.ts generates them', () => {
    for (const [name, text] of Object.entries(headerTemplates())) {
      expect(
        readTemplate(name),
        `deploy/templates/${name}: run \`npx tsx scripts/nginx-config.ts templates\``,
      ).toBe(text);
    }
  });

  it.each([
    ['an API', API],
    ['demo mode', DEMO],
  ])('filled in for %s, send what vite preview sends', (_what, inputs) => {
    const files = renderAll({
      CONSOLE_LISTEN: '8080',
      CONSOLE_ROOT: '/srv/console',
      CONSOLE_CONF_DIR: '/etc/nginx/conf.d',
      ...policyVariables(inputs),
    });
    expect(headersOf(files['security-headers.inc'] as string)).toEqual(
      normalisedHeaders(securityHeaders(inputs, '/')),
    );
    expect(headersOf(files['service-worker-headers.inc'] as string)).toEqual(
      normalisedHeaders(securityHeaders(inputs, MOCK_SERVICE_WORKER_PATH)),
    );
    for (const text of Object.values(files)) expect(text).not.toMatch(/\$\{?CONSOLE_/);
    expect(files['admin-console.conf']).toContain(
      'include /etc/nginx/conf.d/security-headers.inc;',
    );
    expect(files['admin-console.conf']).toContain('try_files $uri /index.html;');
  });

  it('fills in only the names it is given, as envsubst with a filter does', () => {
    expect(renderTemplate('a ${X} $X $uri ${Y} $$', { X: '1' })).toBe('a 1 1 $uri ${Y} $$');
  });
});

describe('policyInputsForConfig (nginx without Docker)', () => {
  it('reads config.json as the app does, byte-order mark included', () => {
    const root = tempDir();
    expect(policyInputsForConfig(join(root, 'config.json'))).toEqual(DEMO);
    writeFileSync(join(root, 'config.json'), `\uFEFF{ "apiBaseUrl": "https://api.example.com/v" }`);
    expect(policyInputsForConfig(join(root, 'config.json'))).toEqual(API);
  });

  it('refuses a config.json the app would refuse, with its reason', () => {
    const root = tempDir();
    writeFileSync(join(root, 'config.json'), '{ "apiBaseUrl": "http://api.example.com" }');
    expect(() => policyInputsForConfig(join(root, 'config.json'))).toThrow(ConfigError);
    writeFileSync(join(root, 'config.json'), '{ not json');
    expect(() => policyInputsForConfig(join(root, 'config.json'))).toThrow(/not valid JSON/);
  });

  it.each([
    { apiBaseUrl: 'https://api$arg_x.example.com' },
    {
      apis: [
        { name: 'A', baseUrl: 'https://a.example.com/${x}' },
        { name: 'B', baseUrl: 'https://b$host.example.com' },
      ],
    },
    { apiBaseUrl: 'https://api.example.com', imageOrigins: ['https://cdn$arg_x.example.com'] },
    {
      apiBaseUrl: 'https://api.example.com',
      oidc: { issuer: 'https://id$http_x.example.com', clientId: 'c' },
    },
  ])('refuses a host the start-up hook refuses, which nginx would fill in: %j', (config) => {
    const root = tempDir();
    writeFileSync(join(root, 'config.json'), JSON.stringify(config));
    expect(() => policyInputsForConfig(join(root, 'config.json'))).toThrow(ConfigError);
    expect(() => policyInputsForConfig(join(root, 'config.json'))).toThrow(/only DNS names/);
  });
});

interface HookEnv {
  API_BASE_URL?: string;
  APIS?: string;
  REQUEST_TIMEOUT_MS?: string;
  IMAGE_ORIGINS?: string;
  CONSOLE_LISTEN?: string;
  CONSOLE_ROOT?: string;
  CONSOLE_CONF_DIR?: string;
  OIDC_ISSUER?: string;
  OIDC_CLIENT_ID?: string;
  OIDC_SCOPE?: string;
  OIDC_RESOURCE?: string;
  OIDC_AUDIENCE?: string;
  OIDC_NAME?: string;
}

/** Each hook run's own directory (they run side by side), removed once the file is done. */
const hookDirs: string[] = [];
afterAll(() => {
  for (const hookDir of hookDirs.splice(0)) rmSync(hookDir, { recursive: true, force: true });
});

interface HookRun {
  status: number | null;
  stderr: string;
  htmlDir: string;
  apiOrigin: string;
  imageSources: string;
}

/**
 * Sources the container start-up hook as the nginx image's entrypoint does (HOOK_SH_ARGS).
 * Asynchronous, so the hook's tests run side by side (`describe.concurrent`): each run is a
 * shell starting dozens of small programs, and one after another they were the unit tests' longest
 * wait, with the second core idle once the other checks had finished.
 */
function runHook(env: HookEnv, cwd?: string): Promise<HookRun> {
  const htmlDir = mkdtempSync(join(tmpdir(), 'nginx-config-hook-'));
  hookDirs.push(htmlDir);
  return new Promise((resolve, reject) => {
    const child = spawn('sh', HOOK_SH_ARGS, {
      env: { PATH: process.env.PATH, CONSOLE_HTML_DIR: htmlDir, ...env },
      cwd,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (status) => {
      const [apiOrigin = '', imageSources = ''] = stdout.split('\n');
      resolve({ status, stderr, htmlDir, apiOrigin, imageSources });
    });
  });
}

/** An APIS entry's `oidc=ISSUER,CLIENT_ID[,key=value]…`, as config.json's `oidc`. */
function entryOidc(text: string): Record<string, string> {
  const [issuer = '', clientId = '', ...rest] = text.split(',').map((field) => field.trim());
  return {
    issuer,
    clientId,
    ...Object.fromEntries(
      rest.filter(Boolean).map((field) => field.split('=') as [string, string]),
    ),
  };
}

/** The config.json a person would write by hand for the same settings. */
function configFor(env: HookEnv): Record<string, unknown> {
  const config: Record<string, unknown> = {};
  if (env.API_BASE_URL?.trim()) config.apiBaseUrl = env.API_BASE_URL.trim();
  if (env.APIS?.trim()) {
    config.apis = env.APIS.split(/[;\n]/)
      .map((entry) => entry.trim())
      .filter(Boolean)
      .map((entry) => {
        const [name = '', baseUrl, ...flags] = entry.split('|').map((field) => field.trim());
        const oidc = flags.find((flag) => flag.startsWith('oidc='));
        return {
          name,
          baseUrl,
          ...(flags.includes('production') && { production: true }),
          // Anything else, as the app would read it (and refuse it).
          ...Object.fromEntries(
            flags
              .filter((flag) => flag !== 'production' && !flag.startsWith('oidc='))
              .map((flag) => ['production', flag]),
          ),
          ...(oidc && { oidc: entryOidc(oidc.slice('oidc='.length)) }),
        };
      });
  }
  if (env.OIDC_ISSUER?.trim()) {
    config.oidc = {
      issuer: env.OIDC_ISSUER.trim(),
      clientId: env.OIDC_CLIENT_ID?.trim(),
      ...(env.OIDC_SCOPE?.trim() && { scope: env.OIDC_SCOPE.trim() }),
      ...(env.OIDC_RESOURCE?.trim() && { resource: env.OIDC_RESOURCE.trim() }),
      ...(env.OIDC_AUDIENCE?.trim() && { audience: env.OIDC_AUDIENCE.trim() }),
      ...(env.OIDC_NAME?.trim() && { name: env.OIDC_NAME.trim() }),
    };
  }
  if (env.REQUEST_TIMEOUT_MS !== undefined) {
    const text = env.REQUEST_TIMEOUT_MS.trim();
    config.requestTimeoutMs = /^\d+$/.test(text) ? Number(text) : text;
  }
  if (env.IMAGE_ORIGINS?.trim()) {
    config.imageOrigins = env.IMAGE_ORIGINS.split(/[\s,]+/).filter(Boolean);
  }
  return config;
}

describe.concurrent('the container start-up hook (deploy/18-admin-console.envsh)', () => {
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
    let consoleAccepts = true;
    try {
      resolveSettings(configFor({ APIS: apis }), undefined, readApis, readConfigOidc);
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      consoleAccepts = false;
    }
    expect(hook.status === 0, hook.stderr).toBe(consoleAccepts);
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
    let consoleAccepts = true;
    try {
      resolveSettings(configFor(env), undefined, readApis, readConfigOidc);
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      consoleAccepts = false;
    }
    expect(hook.status === 0, hook.stderr).toBe(consoleAccepts);
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
  ])('writes the config.json and policy inputs the app derives from it: %j', async (env) => {
    const hook = await runHook(env);
    expect(hook.status, hook.stderr).toBe(0);
    const written = parseRuntimeConfig(readFileSync(join(hook.htmlDir, 'config.json'), 'utf8'));
    expect(written).toEqual(configFor(env));
    const settings = resolveSettings(written, undefined, readApis, readConfigOidc);
    expect({
      apiOrigins: hook.apiOrigin === '' ? [] : hook.apiOrigin.split(' ').sort(),
      imageSources: hook.imageSources.split(' '),
    }).toEqual({
      apiOrigins: connectOriginsOf(settings.profiles).sort(),
      imageSources: settings.imageSources,
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
    // Settings without an API: the demo only starts from nothing at all (or "mock").
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

  it('explains a base URL that ends in the API version, naming the address to use', async () => {
    const hook = await runHook({ API_BASE_URL: 'https://api.example.com/api/V1/' });
    expect(hook.status).not.toBe(0);
    expect(hook.stderr).toContain(
      'admin console: API_BASE_URL "https://api.example.com/api/V1/" is refused: it ends in the API\'s version (/V1), which the console adds itself (it asks for /v1/users and /v3/account). Set API_BASE_URL to https://api.example.com/api.',
    );
    const entry = await runHook({ APIS: 'A|https://a.example.com;B|https://b.example.com/v2' });
    expect(entry.stderr).toContain(
      "admin console: APIS entry 2's base URL \"https://b.example.com/v2\" is refused: it ends in the API's version (/v2), which the console adds itself (it asks for /v1/users and /v3/account). Set that entry's base URL to https://b.example.com.",
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

  it.each<HookEnv>([
    { API_BASE_URL: 'https://api.example.com\n/v1' },
    { API_BASE_URL: '\nhttps://api.example.com' },
    { API_BASE_URL: 'https://api.example.com/a\tb' },
    { API_BASE_URL: 'https://api.example.com/\u007f' },
  ])(
    'refuses an API_BASE_URL with a control character, which would break config.json: %j',
    async (env) => {
      const hook = await runHook(env);
      expect(hook.status).not.toBe(0);
      expect(hook.stderr).toMatch(
        /^admin console: API_BASE_URL is refused: it contains a line break/m,
      );
    },
  );

  it('reads IMAGE_ORIGINS as words, never as file-name patterns', async () => {
    // A file named like an allowed source: an unquoted `*` would have expanded to it.
    const cwd = mkdtempSync(join(tmpdir(), 'nginx-config-glob-'));
    try {
      writeFileSync(join(cwd, 'https:'), '');
      const hook = await runHook({ API_BASE_URL: 'mock', IMAGE_ORIGINS: '*' }, cwd);
      expect(hook.status).not.toBe(0);
      expect(hook.stderr).toContain('IMAGE_ORIGINS must list origins');
      expect(hook.stderr).toContain('got "*"');
      const listed = await runHook(
        { API_BASE_URL: 'mock', IMAGE_ORIGINS: 'https://a.example.com,\nhttps:\t' },
        cwd,
      );
      expect(listed.status, listed.stderr).toBe(0);
      expect(listed.imageSources).toBe('https://a.example.com https:');
    } finally {
      rmSync(cwd, { recursive: true, force: true });
    }
  });

  it.each<[HookEnv, boolean]>([
    [{ CONSOLE_LISTEN: '8080', CONSOLE_ROOT: '/usr/share/nginx/html' }, true],
    [{ CONSOLE_LISTEN: '127.0.0.1:8080', CONSOLE_CONF_DIR: '/etc/nginx/conf.d' }, true],
    [{ CONSOLE_LISTEN: '[::]:8080' }, true],
    [{ CONSOLE_LISTEN: '8080; include /etc/passwd' }, false],
    [{ CONSOLE_LISTEN: '8080\nserver_tokens on' }, false],
    [{ CONSOLE_LISTEN: '' }, false],
    [{ CONSOLE_LISTEN: '70000' }, false],
    [{ CONSOLE_ROOT: 'relative/html' }, false],
    [{ CONSOLE_ROOT: '/srv/html; autoindex on' }, false],
    [{ CONSOLE_CONF_DIR: '/etc/nginx/conf.d\n' }, false],
    [{ CONSOLE_CONF_DIR: '/etc/$host' }, false],
  ])('checks what goes into the nginx configuration: %j → %s', async (env, ok) => {
    const hook = await runHook(env);
    if (ok) expect(hook.status, hook.stderr).toBe(0);
    else {
      expect(hook.status).not.toBe(0);
      expect(hook.stderr).toMatch(/^admin console: CONSOLE_\w+ must be/m);
    }
    // `nginx-config.ts render` (nginx without Docker) applies the same rules.
    const settings = {
      listen: env.CONSOLE_LISTEN ?? '8080',
      root: env.CONSOLE_ROOT ?? '/srv/console',
      confDir: env.CONSOLE_CONF_DIR ?? '/etc/nginx/conf.d',
    };
    if (ok) expect(() => checkServerSettings(settings)).not.toThrow();
    else expect(() => checkServerSettings(settings)).toThrow(/must be/);
  });
});
