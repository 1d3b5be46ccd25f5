// @vitest-environment node
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  apiOriginFor,
  contentSecurityPolicy,
  securityHeaders,
  securityHeadersForOutDir,
} from './security-headers';

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
    const policy = directives(contentSecurityPolicy(null));
    expect(policy.get('script-src')).toEqual(["'self'"]);
    expect(policy.get('style-src')).toEqual(["'self'"]);
    expect(policy.get('default-src')).toEqual(["'self'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'none'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(policy.get('form-action')).toEqual(["'self'"]);
    expect(policy.get('worker-src')).toEqual(["'self'"]);
    expect(contentSecurityPolicy('https://api.example.com')).not.toMatch(/unsafe-(inline|eval)/);
  });

  it('lets the page connect to its own origin and the API origin only', () => {
    expect(directives(contentSecurityPolicy(null)).get('connect-src')).toEqual(["'self'"]);
    expect(directives(contentSecurityPolicy('https://api.example.com')).get('connect-src')).toEqual(
      ["'self'", 'https://api.example.com'],
    );
  });
});

describe('apiOriginFor', () => {
  it('follows config.json over the build-time value, as the app does', () => {
    expect(apiOriginFor({ apiBaseUrl: 'https://api.example.com/prefix' })).toBe(
      'https://api.example.com',
    );
    expect(apiOriginFor({ apiBaseUrl: 'http://127.0.0.1:4010' }, 'https://build.example.com')).toBe(
      'http://127.0.0.1:4010',
    );
    expect(apiOriginFor(undefined, 'https://build.example.com')).toBe('https://build.example.com');
  });

  it('needs no API origin in demo mode or with a setting the app refuses', () => {
    expect(apiOriginFor(undefined)).toBeNull();
    expect(apiOriginFor({ apiBaseUrl: 'mock' }, 'https://build.example.com')).toBeNull();
    expect(apiOriginFor({ apiBaseUrl: 'http://api.example.com' })).toBeNull();
    expect(apiOriginFor([])).toBeNull();
  });
});

describe('securityHeaders', () => {
  it('sends the hardening headers with every response', () => {
    const headers = securityHeaders(null);
    expect(headers['X-Content-Type-Options']).toBe('nosniff');
    expect(headers['Referrer-Policy']).toBe('no-referrer');
    expect(headers['Permissions-Policy']).toMatch(/camera=\(\)/);
    expect(headers['Permissions-Policy']).toMatch(/clipboard-write=\(self\)/);
  });

  it('lets the demo service worker relay what the page may load', () => {
    const policy = directives(
      securityHeaders(null, '/mockServiceWorker.js?v=1')['Content-Security-Policy'] as string,
    );
    expect(policy.get('connect-src')).toEqual(["'self'", 'https:', 'http:']);
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
  });
});
