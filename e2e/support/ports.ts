/**
 * Ports of the servers an end-to-end run starts, all on 127.0.0.1. E2E_PORT_BASE moves them all,
 * so two runs on one machine do not collide.
 */
const base = Number(process.env.E2E_PORT_BASE ?? 4180);

export const E2E_PORTS = {
  demo: base,
  realApi: base + 1,
  nginx: base + 2,
  /** The build with config.json listing two APIs (apis.spec.ts). */
  severalApis: base + 3,
  /** nginx with the image's start-up hook given APIS (apis-nginx.spec.ts). */
  nginxSeveralApis: base + 4,
  /** The build with config.json's `oidc` (oidc.spec.ts). */
  oidc: base + 5,
  /** The build with two APIs, each with its own identity provider (oidc.spec.ts). */
  oidcApis: base + 6,
  /** The build whose person card the help desk below may frame (embed.spec.ts). */
  embed: base + 7,
  /** A help desk's ticket page that frames the card (e2e/support/help-desk.ts). */
  helpDesk: base + 8,
  /** nginx with the image's start-up hook given EMBED_ORIGINS (embed-nginx.spec.ts). */
  nginxEmbed: base + 9,
  mockApi: base + 10,
  /** A second mock server: another API on another origin. */
  mockApi2: base + 11,
  /**
   * The mock identity provider of the first mock API, and of the second. A login's name picks its
   * access tokens (src/mocks/oidc-provider.ts): HS256 signed with the mock API's secret by default,
   * which both mock APIs accept; RS256, ES256 or opaque for logins containing `rs256-`, `es256-` or
   * `opaque-`, which the first mock API accepts (it trusts the first provider) and the second
   * refuses with a 401 invalid_token (it trusts none).
   */
  provider: base + 12,
  provider2: base + 13,
} as const;

export const MOCK_API_URL = `http://127.0.0.1:${E2E_PORTS.mockApi}`;
export const MOCK_API_2_URL = `http://127.0.0.1:${E2E_PORTS.mockApi2}`;

/**
 * The two APIs of the several-API servers, in the image's APIS format (name|baseUrl[|production]):
 * Staging on the first mock, Production on the second.
 */
export const SEVERAL_APIS = `Staging|${MOCK_API_URL}; Production|${MOCK_API_2_URL}|production`;

export const PROVIDER_URL = `http://127.0.0.1:${E2E_PORTS.provider}`;
export const PROVIDER_2_URL = `http://127.0.0.1:${E2E_PORTS.provider2}`;
export const OIDC_CONSOLE_URL = `http://127.0.0.1:${E2E_PORTS.oidc}`;
export const OIDC_APIS_CONSOLE_URL = `http://127.0.0.1:${E2E_PORTS.oidcApis}`;

/** The help desk's page as the site embedOrigins lists, and as one it does not. */
export const HELP_DESK_URL = `http://localhost:${E2E_PORTS.helpDesk}`;
export const UNLISTED_DESK_URL = `http://127.0.0.1:${E2E_PORTS.helpDesk}`;
export const EMBED_CONSOLE_URL = `http://127.0.0.1:${E2E_PORTS.embed}`;
export const NGINX_EMBED_URL = `http://127.0.0.1:${E2E_PORTS.nginxEmbed}`;

/** config.json of the build signing in through the first provider. */
export const OIDC_CONFIG = {
  apiBaseUrl: MOCK_API_URL,
  oidc: { issuer: PROVIDER_URL, clientId: 'admin-console', name: 'Mock SSO' },
};

/** config.json of the build with two APIs, each signing in through its own provider. */
export const OIDC_APIS_CONFIG = {
  apis: [
    {
      name: 'Staging',
      baseUrl: MOCK_API_URL,
      oidc: { issuer: PROVIDER_URL, clientId: 'admin-console', name: 'Staging SSO' },
    },
    {
      name: 'Production',
      baseUrl: MOCK_API_2_URL,
      oidc: { issuer: PROVIDER_2_URL, clientId: 'admin-console', name: 'Production SSO' },
    },
  ],
};

/** config.json of the build whose person card the help desk may frame, with a provider too. */
export const EMBED_CONFIG = {
  apiBaseUrl: MOCK_API_URL,
  embedOrigins: [HELP_DESK_URL],
  oidc: { issuer: PROVIDER_URL, clientId: 'admin-console', name: 'Mock SSO' },
};
