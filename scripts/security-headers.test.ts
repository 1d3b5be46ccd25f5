// @vitest-environment node
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  contentSecurityPolicy,
  policyInputsFor,
  securityHeaders,
  securityHeadersForOutDir,
  type PolicyInputs,
} from './security-headers';

const DEMO: PolicyInputs = { apiOrigins: [], imageSources: ['https:'], embedOrigins: [] };
const API: PolicyInputs = {
  apiOrigins: ['https://api.example.com'],
  imageSources: ['https://api.example.com', 'https:'],
  embedOrigins: [],
};

const API_URL = 'https://api.example.com';

function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy.split(';').map((part) => {
      const [name = '', ...sources] = part.trim().split(/\s+/);
      return [name, sources];
    }),
  );
}

describe('contentSecurityPolicy', () => {
  it('allows no inline or eval’d script and locks down the rest', () => {
    const policy = directives(contentSecurityPolicy(DEMO));
    expect(policy.get('script-src')).toEqual(["'self'"]);
    expect(policy.get('style-src')).toEqual(["'self'"]);
    expect(policy.get('default-src')).toEqual(["'self'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'none'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(policy.get('form-action')).toEqual(["'self'"]);
    expect(policy.get('worker-src')).toEqual(["'self'"]);
    expect(contentSecurityPolicy(API)).not.toMatch(/unsafe-(inline|eval)/);
  });

  it('lets the page connect to its own origin and the API origin only', () => {
    expect(directives(contentSecurityPolicy(DEMO)).get('connect-src')).toEqual(["'self'"]);
    expect(directives(contentSecurityPolicy(API)).get('connect-src')).toEqual([
      "'self'",
      'https://api.example.com',
    ]);
  });
});

describe('policyInputsFor', () => {
  it('follows config.json over the build-time value, as the app does', () => {
    expect(policyInputsFor({ apiBaseUrl: 'https://api.example.com/prefix' }).apiOrigins).toEqual([
      'https://api.example.com',
    ]);
    expect(
      policyInputsFor({ apiBaseUrl: 'http://127.0.0.1:4010' }, 'https://build.example.com')
        .apiOrigins,
    ).toEqual(['http://127.0.0.1:4010']);
    expect(policyInputsFor(undefined, 'https://build.example.com').apiOrigins).toEqual([
      'https://build.example.com',
    ]);
  });

  it('needs no API origin in demo mode or with a setting the app refuses', () => {
    expect(policyInputsFor(undefined).apiOrigins).toEqual([]);
    expect(policyInputsFor({ apiBaseUrl: 'mock' }, 'https://build.example.com').apiOrigins).toEqual(
      [],
    );
    expect(policyInputsFor({ apiBaseUrl: 'http://api.example.com' })).toEqual({
      apiOrigins: [],
      imageSources: [],
      embedOrigins: [],
    });
    expect(policyInputsFor([]).apiOrigins).toEqual([]);
    expect(policyInputsFor({ apis: [{ name: 'A', baseUrl: 'http://api.example.com' }] })).toEqual({
      apiOrigins: [],
      imageSources: [],
      embedOrigins: [],
    });
  });

  it('allows every API of apis, and nothing more', () => {
    const inputs = policyInputsFor({
      apis: [
        { name: 'Production', baseUrl: 'https://api.example.com/v', production: true },
        { name: 'Staging', baseUrl: 'https://staging.example.com' },
        { name: 'Staging EU', baseUrl: 'https://staging.example.com/eu' },
      ],
    });
    expect(inputs.apiOrigins).toEqual(['https://api.example.com', 'https://staging.example.com']);
    expect(contentSecurityPolicy(inputs)).toContain(
      "connect-src 'self' https://api.example.com https://staging.example.com;",
    );
    expect(inputs.imageSources).toEqual([
      'https://api.example.com',
      'https://staging.example.com',
      'https:',
    ]);
  });

  it('allows images from the API origin and https: by default, http: only when named', () => {
    expect(policyInputsFor({ apiBaseUrl: 'http://127.0.0.1:4010' }).imageSources).toEqual([
      'http://127.0.0.1:4010',
      'https:',
    ]);
    expect(policyInputsFor({}).imageSources).toEqual(['https:']);
    expect(
      policyInputsFor({
        apiBaseUrl: 'https://api.example.com',
        imageOrigins: ['https://cdn.example.com', 'http://legacy.example.com'],
      }).imageSources,
    ).toEqual(['https://cdn.example.com', 'http://legacy.example.com']);
  });

  it('never puts a refused image origin in the header', () => {
    expect(
      policyInputsFor({
        apiBaseUrl: 'https://api.example.com',
        imageOrigins: ["https://x.example.com; script-src 'unsafe-inline'"],
      }),
    ).toEqual({ apiOrigins: [], imageSources: [], embedOrigins: [] });
  });
});

describe('the person card (/embed/) and the provider callback', () => {
  const HELP_DESKS = ['https://acme.zendesk.com', 'http://localhost:4000'];
  const EMBEDDED: PolicyInputs = { ...API, embedOrigins: HELP_DESKS };
  const frameAncestors = (inputs: PolicyInputs, path: string) =>
    directives(securityHeaders(inputs, path)['Content-Security-Policy'] as string).get(
      'frame-ancestors',
    );

  it('lets the sites of embedOrigins frame the card, and nothing else of the console', () => {
    expect(policyInputsFor({ apiBaseUrl: API_URL, embedOrigins: HELP_DESKS }).embedOrigins).toEqual(
      HELP_DESKS,
    );
    expect(frameAncestors(EMBEDDED, '/embed/person')).toEqual(HELP_DESKS);
    expect(frameAncestors(EMBEDDED, '/embed/person?email=a@example.org')).toEqual(HELP_DESKS);
    for (const path of ['/', '/users', '/login', '/auth/callback', '/embed', '/Embed/person']) {
      expect(frameAncestors(EMBEDDED, path), path).toEqual(["'none'"]);
    }
    // Without embedOrigins nobody may frame it, the card included.
    expect(frameAncestors(API, '/embed/person')).toEqual(["'none'"]);
  });

  it('keeps the sign-in popup linked to the card that opened it, and every other page apart', () => {
    const opener = (path: string) => securityHeaders(EMBEDDED, path)['Cross-Origin-Opener-Policy'];
    expect(opener('/embed/person')).toBe('same-origin-allow-popups');
    expect(opener('/auth/callback?code=x&state=y')).toBe('unsafe-none');
    for (const path of ['/', '/users', '/login', '/auth/callback/x']) {
      expect(opener(path), path).toBe('same-origin');
    }
  });
});

describe('securityHeaders', () => {
  it('sends the hardening headers with every response', () => {
    const headers = securityHeaders(DEMO);
    expect(headers['X-Content-Type-Options']).toBe('nosniff');
    expect(headers['Referrer-Policy']).toBe('no-referrer');
    expect(headers['Permissions-Policy']).toMatch(/camera=\(\)/);
    expect(headers['Permissions-Policy']).toMatch(/clipboard-write=\(self\)/);
  });

  it('lets the demo service worker relay what the page may load', () => {
    const policy = directives(
      securityHeaders(DEMO, '/mockServiceWorker.js?v=1')['Content-Security-Policy'] as string,
    );
    expect(policy.get('connect-src')).toEqual(["'self'", 'https:']);
    expect(policy.get('script-src')).toEqual(["'self'"]);
  });
});

describe('securityHeadersForOutDir', () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('reads the served directory’s config.json', () => {
    dir = mkdtempSync(join(tmpdir(), 'headers-'));
    const csp = () => securityHeadersForOutDir(dir as string)['Content-Security-Policy'];
    expect(csp()).toContain("connect-src 'self';");
    writeFileSync(join(dir, 'config.json'), JSON.stringify({ apiBaseUrl: 'https://api.test' }));
    expect(csp()).toContain("connect-src 'self' https://api.test;");
    writeFileSync(join(dir, 'config.json'), '{ not json');
    expect(csp()).toContain("connect-src 'self';");
    expect(csp()).toContain("img-src 'self' data:;");
  });

  it('reads a config.json that starts with a byte-order mark, as the browser does', () => {
    dir = mkdtempSync(join(tmpdir(), 'headers-'));
    writeFileSync(
      join(dir, 'config.json'),
      `\uFEFF${JSON.stringify({ apiBaseUrl: 'https://api.test' })}`,
    );
    const csp = securityHeadersForOutDir(dir)['Content-Security-Policy'];
    expect(csp).toContain("connect-src 'self' https://api.test;");
    expect(csp).toContain("img-src 'self' data: https://api.test https:;");
  });
});
