// @vitest-environment node
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError } from '../src/lib/config';
import {
  headerTemplates,
  policyInputsForConfig,
  policyVariables,
  readTemplate,
  renderAll,
  renderTemplate,
} from './nginx-config';
import { MOCK_SERVICE_WORKER_PATH, securityHeaders, type PolicyInputs } from './security-headers';

/** The container's start-up hook, which fills in these templates, is tested in start-up-hook*.test.ts. */

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
  embedOrigins: [],
};
const DEMO: PolicyInputs = { apiOrigins: [], imageSources: ['https:'], embedOrigins: [] };
const EMBEDDED: PolicyInputs = {
  ...API,
  embedOrigins: ['https://acme.zendesk.com', 'http://localhost:4000'],
};

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
    ['a card that help desks may frame', EMBEDDED],
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
    expect(headersOf(files['embed-headers.inc'] as string)).toEqual(
      normalisedHeaders(securityHeaders(inputs, '/embed/person')),
    );
    expect(headersOf(files['callback-headers.inc'] as string)).toEqual(
      normalisedHeaders(securityHeaders(inputs, '/auth/callback')),
    );
    for (const text of Object.values(files)) expect(text).not.toMatch(/\$\{?CONSOLE_/);
    expect(files['admin-console.conf']).toContain(
      'include /etc/nginx/conf.d/security-headers.inc;',
    );
    expect(files['admin-console.conf']).toContain('try_files $uri /index.html;');
    // The card and the callback serve index.html under their own headers: a fallback to
    // /index.html would be answered by that location, with frame-ancestors 'none'.
    for (const [location, include] of [
      ['location /embed/', 'embed-headers.inc'],
      ['location = /auth/callback', 'callback-headers.inc'],
    ]) {
      const block = new RegExp(`${location} \\{([^}]*)\\}`).exec(
        files['admin-console.conf'] as string,
      )?.[1];
      expect(block, location).toContain(`include /etc/nginx/conf.d/${include};`);
      expect(block, location).toContain('try_files /index.html =404;');
    }
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
