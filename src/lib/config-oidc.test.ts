// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { connectOriginsOf, ConfigError, resolveSettings } from './config';
import { readApis } from './config-apis';
import { DEFAULT_OIDC_SCOPE, readConfigOidc, readOidc } from './config-oidc';

const API = 'https://api.example.com';

describe('readOidc', () => {
  it('fills in the defaults: the scope, and the issuer host as the name', () => {
    expect(readOidc({ issuer: 'https://id.example.com/', clientId: ' admin-console ' })).toEqual({
      issuer: 'https://id.example.com',
      clientId: 'admin-console',
      scope: DEFAULT_OIDC_SCOPE,
      name: 'id.example.com',
    });
    expect(DEFAULT_OIDC_SCOPE).toBe('openid email offline_access');
  });

  it('keeps the optional fields when set, and an issuer path (Keycloak realms, Entra tenants)', () => {
    expect(
      readOidc({
        issuer: 'https://sso.example.com/realms/staff',
        clientId: 'console',
        scope: 'openid  email api:read',
        resource: 'https://api.example.com',
        audience: 'https://api.example.com/',
        name: 'Acme SSO',
      }),
    ).toEqual({
      issuer: 'https://sso.example.com/realms/staff',
      clientId: 'console',
      scope: 'openid email api:read',
      resource: 'https://api.example.com',
      audience: 'https://api.example.com/',
      name: 'Acme SSO',
    });
  });

  it('keeps an Entra ID tenant path, without its trailing slash', () => {
    const issuer = 'https://login.microsoftonline.com/9188040d-6c67-4c5b-b112-36a304b66dad/v2.0';
    expect(readOidc({ issuer: `${issuer}/`, clientId: 'c' }).issuer).toBe(issuer);
  });

  it.each(['http://localhost:4000', 'http://127.0.0.1:9000/oidc', 'http://[::1]:8080'])(
    'allows plain http on loopback: %s',
    (issuer) => {
      expect(readOidc({ issuer, clientId: 'c' }).issuer).toBe(issuer);
    },
  );

  it.each([
    [{ issuer: 'http://id.example.com', clientId: 'c' }, /must use https:/],
    [{ issuer: 'https://id.example.com' }, /"clientId" is missing/],
    [{ issuer: 'https://id.example.com', clientId: '  ' }, /"clientId" is empty/],
    [{ clientId: 'c' }, /"issuer" is missing/],
    [{ issuer: 'id.example.com', clientId: 'c' }, /not an absolute URL/],
    [{ issuer: 'https://id.example.com/?tenant=1', clientId: 'c' }, /query \(\?\) or a fragment/],
    [{ issuer: 'https://id.example.com/#x', clientId: 'c' }, /query \(\?\) or a fragment/],
    [{ issuer: 'https://id.example.com?', clientId: 'c' }, /query \(\?\) or a fragment/],
    [{ issuer: 'https://u:p@id.example.com', clientId: 'c' }, /user name or password/],
    [
      { issuer: 'https://id.example.com/.well-known/openid-configuration', clientId: 'c' },
      /discovery document/,
    ],
    [{ issuer: 'https://id.example.com', clientId: 42 }, /"clientId" must be a text/],
    [{ issuer: 'https://id.example.com', clientId: 'c', scope: 'email' }, /must include openid/],
    [{ issuer: 'https://id.example.com', clientId: 'c', resource: 'api' }, /"resource" is not/],
    [{ issuer: 'https://id.example.com', clientId: 'c', name: '<b>x</b>' }, /plain text/],
    [{ issuer: 'https://id.example.com', clientId: 'c', name: 'x'.repeat(61) }, /at most 60/],
    ['https://id.example.com', /must be an object/],
  ])('refuses %j with a clear message', (value, message) => {
    expect(() => readOidc(value)).toThrow(ConfigError);
    expect(() => readOidc(value)).toThrow(message);
    expect(() => readOidc(value)).toThrow(/^oidc in config.json is refused: /);
  });
});

describe('oidc in config.json', () => {
  it('gives the single API its provider, and connect-src the issuer origin', () => {
    const settings = resolveSettings(
      { apiBaseUrl: API, oidc: { issuer: 'https://id.example.com/realms/x', clientId: 'c' } },
      undefined,
      readApis,
      readConfigOidc,
    );
    expect(settings.profiles[0]?.oidc?.issuer).toBe('https://id.example.com/realms/x');
    expect(connectOriginsOf(settings.profiles)).toEqual([API, 'https://id.example.com']);
  });

  it('gives each apis entry its own provider', () => {
    const settings = resolveSettings(
      {
        apis: [
          { name: 'A', baseUrl: API, oidc: { issuer: 'https://a.example.com', clientId: 'a' } },
          { name: 'B', baseUrl: 'https://b-api.example.com' },
        ],
      },
      undefined,
      readApis,
      readConfigOidc,
    );
    expect(settings.profiles.map((profile) => profile.oidc?.clientId)).toEqual(['a', undefined]);
    expect(connectOriginsOf(settings.profiles)).toEqual([
      API,
      'https://b-api.example.com',
      'https://a.example.com',
    ]);
    expect(() =>
      resolveSettings(
        { apis: [{ name: 'A', baseUrl: API, oidc: { issuer: 'http://a.example.com' } }] },
        undefined,
        readApis,
        readConfigOidc,
      ),
    ).toThrow(/^oidc of apis entry 1 \("A"\) is refused: "issuer" must use https:/);
  });

  it('refuses a top-level oidc next to apis, and with the demo', () => {
    const oidc = { issuer: 'https://id.example.com', clientId: 'c' };
    expect(() =>
      resolveSettings(
        { apis: [{ name: 'A', baseUrl: API }], oidc },
        undefined,
        readApis,
        readConfigOidc,
      ),
    ).toThrow(/give each entry of apis its own "oidc"/);
    expect(() => resolveSettings({ oidc }, undefined, readApis, readConfigOidc)).toThrow(/demo/);
  });
});
