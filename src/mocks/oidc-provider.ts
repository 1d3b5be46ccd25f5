// A local OpenID Provider for the mock API (panva's oidc-provider, OpenID-certified), so the
// console's sign-in through an identity provider can be tried and tested end to end:
//
//   npm run mock-api -- --oidc [--oidc-port 4011] [--console-origin http://127.0.0.1:4173]
//
// Its login page takes any login and password. By default the access tokens it issues for the API
// are HS256 JWTs (typ at+jwt) signed with the mock API's own secret, so the mock API accepts them,
// as Auth0 and Keycloak can sign an API's tokens with that API's secret. Logins that name a
// behaviour, for the end-to-end tests (they combine: `ttl20-rs256-refuse-bob`):
//   - `ttl20-…`: access tokens live 20 seconds (default ACCESS_TOKEN_TTL_S);
//   - `…refuse-…`: every refresh is refused (invalid_grant), as after a revoked grant;
//   - `nocors-…`: the code exchange is answered without CORS headers, as by a provider that does
//     not list the console's origin (the browser then keeps the answer from the console);
//   - `…rs256-…`, `…es256-…`: access tokens are RS256 or ES256 JWTs (RFC 9068: typ at+jwt, iss,
//     aud, sub, exp, iat, scope, client_id) signed with this provider's own keys, made at start and
//     published at its jwks_uri, as Okta, Entra ID, Auth0 and Keycloak sign by default;
//   - `…opaque-…`: access tokens are opaque strings (the token response's expires_in says how long
//     they live), which the API checks at this provider's introspection endpoint (RFC 7662) with
//     its own client credentials (INTROSPECTION_CLIENT, src/mocks/trusted-issuer.ts).
// The mock API accepts the last two kinds only when started with `--trust-issuer <this issuer>`.
// Node-only and loopback-only, like the mock API: it trusts anyone.
import { createSecretKey, generateKeyPair, type KeyObject } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { pathToFileURL } from 'node:url';
import { parseArgs, promisify } from 'node:util';
import Provider from 'oidc-provider';
import { DEMO_SIGNING_SECRET } from './jwt.ts';
import { listenOnLoopback } from './listen.ts';
import { randomId } from './random-id.ts';
import { INTROSPECTION_CLIENT } from './trusted-issuer.ts';

export const OIDC_CLIENT_ID = 'admin-console';
/** Long enough for a person to watch it renew, short enough to see it happen. */
export const ACCESS_TOKEN_TTL_S = 45;
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '::1', '[::1]']);
const API_SCOPES = 'users:read products:read account:read';

export interface MockOidcOptions {
  port?: number;
  host?: string;
  /** The API its access tokens are for (the resource indicator and the tokens' `aud`). */
  apiUrl: string;
  /** Every console origin that may sign in: each gets <origin>/auth/callback and <origin>/login. */
  consoleOrigins: string[];
  /** Signs the access tokens: the mock API's secret unless a test wants another. */
  signingSecret?: string;
  clientId?: string;
}

export interface MockOidc {
  issuer: string;
  close(): Promise<void>;
}

/** The login's behaviour: `ttl20-alice` lives 20 s, `ttl20-refuse-bob` cannot refresh either. */
function ttlFor(accountId: string | undefined): number {
  const match = /^ttl(\d{2,4})-/.exec(accountId ?? '');
  return match ? Number(match[1]) : ACCESS_TOKEN_TTL_S;
}

export type AccessTokenFormat = 'HS256' | 'RS256' | 'ES256' | 'opaque';

/** `rs256-alice` gets RS256 JWTs, `ttl20-opaque-bob` short-lived opaque tokens; others HS256. */
export function accessTokenFormatFor(accountId: string | undefined): AccessTokenFormat {
  const login = accountId ?? '';
  if (login.includes('rs256-')) return 'RS256';
  if (login.includes('es256-')) return 'ES256';
  if (login.includes('opaque-')) return 'opaque';
  return 'HS256';
}

/** What getResourceServerInfo says of the API's tokens for a login of that format. */
function resourceServerFormat(format: AccessTokenFormat, secret: KeyObject): object {
  switch (format) {
    case 'opaque':
      return { accessTokenFormat: 'opaque' };
    case 'RS256':
    case 'ES256':
      // The provider picks the key of that algorithm from its own key set (`jwks` below).
      return { accessTokenFormat: 'jwt', jwt: { sign: { alg: format } } };
    case 'HS256':
      return { accessTokenFormat: 'jwt', jwt: { sign: { alg: 'HS256', key: secret } } };
  }
}

/**
 * The provider's signing keys, new at every start: RSA (its ID tokens' RS256 too) and P-256.
 * Private JWKs, of which the provider publishes the public halves at its jwks_uri. Made off the
 * event loop: an RSA key takes up to a second on a busy machine, and `--oidc` shares its process
 * with the API.
 */
async function signingKeys(): Promise<object[]> {
  const generate = promisify(generateKeyPair);
  const [{ privateKey: rsa }, { privateKey: ec }] = await Promise.all([
    generate('rsa', { modulusLength: 2048 }),
    generate('ec', { namedCurve: 'P-256' }),
  ]);
  return [
    { ...rsa.export({ format: 'jwk' }), alg: 'RS256', use: 'sig', kid: `rs256-${randomId(8)}` },
    { ...ec.export({ format: 'jwk' }), alg: 'ES256', use: 'sig', kid: `es256-${randomId(8)}` },
  ];
}

/** Whose tokens the provider is issuing: the grant's person at the token endpoint. */
interface ResourceContext {
  oidc: { grant?: { accountId?: string }; account?: { accountId?: string } };
}

export async function startMockOidc(options: MockOidcOptions): Promise<MockOidc> {
  const { port = 0, host = '127.0.0.1', apiUrl, consoleOrigins } = options;
  if (!LOOPBACK_HOSTS.has(host)) {
    throw new Error(`Refusing to listen on ${host}: the mock provider only listens on loopback`);
  }
  const key = createSecretKey(Buffer.from(options.signingSecret ?? DEMO_SIGNING_SECRET));
  const server = createServer();
  const issuer = await listenOnLoopback(server, port, host);

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: options.clientId ?? OIDC_CLIENT_ID,
        // A public client (a browser app holds no secret): PKCE is then required.
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: consoleOrigins.map((origin) => `${origin}/auth/callback`),
        post_logout_redirect_uris: consoleOrigins.map((origin) => `${origin}/login`),
      },
      {
        // The API, as a resource server: it only introspects tokens, with its own secret.
        client_id: INTROSPECTION_CLIENT.id,
        client_secret: INTROSPECTION_CLIENT.secret,
        token_endpoint_auth_method: 'client_secret_basic',
        grant_types: [],
        response_types: [],
        redirect_uris: [],
      },
    ],
    jwks: { keys: await signingKeys() },
    pkce: { required: () => true },
    // The browser calls discovery, the key set, the token and revocation endpoints itself.
    clientBasedCORS: (_ctx: unknown, origin: string) => consoleOrigins.includes(origin),
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    async findAccount(_ctx: unknown, id: string) {
      return {
        accountId: id,
        claims: () => ({ sub: id, email: `${id}@example.com`, email_verified: true, name: id }),
      };
    },
    features: {
      devInteractions: { enabled: true },
      revocation: { enabled: true },
      introspection: {
        enabled: true,
        // Only the API asks what a token is (the console has expires_in from the token response).
        allowedPolicy: (_ctx: unknown, client: { clientId: string }) =>
          client.clientId === INTROSPECTION_CLIENT.id,
      },
      rpInitiatedLogout: { enabled: true },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => apiUrl,
        useGrantedResource: () => true,
        getResourceServerInfo: (ctx: ResourceContext, resource: string) => {
          if (resource !== apiUrl) throw new Error(`Unknown resource ${resource}`);
          const accountId = ctx.oidc.grant?.accountId ?? ctx.oidc.account?.accountId;
          return {
            scope: API_SCOPES,
            audience: apiUrl,
            ...resourceServerFormat(accessTokenFormatFor(accountId), key),
          };
        },
      },
    },
    // The console shows who is signed in from the access token.
    extraTokenClaims: (_ctx: unknown, token: { accountId?: string }) =>
      token.accountId ? { email: `${token.accountId}@example.com`, name: token.accountId } : {},
    // A refresh token whether or not the request said prompt=consent (OIDC's rule for
    // offline_access, which most providers relax for first-party clients).
    issueRefreshToken: (_ctx: unknown, client: { grantTypeAllowed(type: string): boolean }) =>
      client.grantTypeAllowed('refresh_token'),
    // Rotation: every refresh token is used once (the provider's default for public clients).
    rotateRefreshToken: () => true,
    ttl: {
      AccessToken: (_ctx: unknown, token: { accountId?: string }) => ttlFor(token.accountId),
      IdToken: 3600,
      RefreshToken: 8 * 3600,
      Grant: 8 * 3600,
      Session: 8 * 3600,
      Interaction: 3600,
      AuthorizationCode: 60,
    },
    // First-party client: consent is taken as given, no consent page.
    async loadExistingGrant(ctx: GrantContext) {
      const grantId =
        ctx.oidc.result?.consent?.grantId ?? ctx.oidc.session.grantIdFor(ctx.oidc.client.clientId);
      const existing = grantId ? await ctx.oidc.provider.Grant.find(grantId) : undefined;
      if (existing) return existing;
      const grant = new ctx.oidc.provider.Grant({
        clientId: ctx.oidc.client.clientId,
        accountId: ctx.oidc.session.accountId,
      });
      grant.addOIDCScope('openid email profile offline_access');
      grant.addResourceScope(apiUrl, API_SCOPES);
      await grant.save();
      return grant;
    },
    cookies: { keys: ['mock-oidc-only-not-a-secret'] },
    // Quiet in tests: nothing here is a production setting, and it says so loudly otherwise.
    renderError(ctx: { type: string; body: string }, out: Record<string, string>) {
      ctx.type = 'html';
      ctx.body = `<!DOCTYPE html><title>Provider error</title><h1>${escapeHtml(out.error ?? 'error')}</h1><p>${escapeHtml(out.error_description ?? '')}</p>`;
    },
  });

  const handle = provider.callback();
  server.on('request', (req, res) => {
    void tokenRequestBehaviour(provider, req).then(
      (behaviour) => {
        if (behaviour === 'refuse') {
          res.writeHead(400, {
            'Content-Type': 'application/json',
            'Access-Control-Allow-Origin': req.headers.origin ?? '*',
            'Cache-Control': 'no-store',
          });
          res.end(JSON.stringify({ error: 'invalid_grant', error_description: 'grant revoked' }));
          return;
        }
        if (behaviour === 'no-cors') withoutCors(res);
        handle(req, res);
      },
      () => res.destroy(),
    );
  });

  return {
    issuer,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

interface GrantLike {
  addOIDCScope(scope: string): void;
  addResourceScope(resource: string, scope: string): void;
  save(): Promise<string>;
}

interface GrantContext {
  oidc: {
    result?: { consent?: { grantId?: string } };
    session: { accountId: string; grantIdFor(clientId: string): string | undefined };
    client: { clientId: string };
    provider: {
      Grant: {
        new (init: { clientId: string; accountId: string }): GrantLike;
        find(id: string): Promise<GrantLike | undefined>;
      };
    };
  };
}

/**
 * What a token request of a login that names a behaviour gets: a refresh by a `…refuse-…` login
 * is refused, the code exchange of a `nocors-…` login loses its CORS headers. Reads the request's
 * body (the provider then reads it from req.body) to find whose code or refresh token it is.
 */
async function tokenRequestBehaviour(
  provider: Provider,
  req: IncomingMessage,
): Promise<'refuse' | 'no-cors' | null> {
  if (req.method !== 'POST' || !req.url?.startsWith('/token')) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const body = Buffer.concat(chunks).toString();
  (req as IncomingMessage & { body?: string }).body = body;
  const params = new URLSearchParams(body);
  const refreshToken = params.get('refresh_token');
  const code = params.get('code');
  if (params.get('grant_type') === 'refresh_token' && refreshToken) {
    const token = await provider.RefreshToken.find(refreshToken);
    return token?.accountId?.includes('refuse-') === true ? 'refuse' : null;
  }
  if (params.get('grant_type') === 'authorization_code' && code) {
    const found = await provider.AuthorizationCode.find(code);
    return found?.accountId?.startsWith('nocors-') === true ? 'no-cors' : null;
  }
  return null;
}

/** The response goes out without any Access-Control-* header. */
function withoutCors(res: ServerResponse): void {
  const setHeader = res.setHeader.bind(res);
  res.setHeader = (name: string, value: number | string | readonly string[]) =>
    name.toLowerCase().startsWith('access-control-') ? res : setHeader(name, value);
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/**
 * `node --import tsx src/mocks/oidc-provider.ts --port 4012 --api http://127.0.0.1:4010
 * --console-origin http://127.0.0.1:4185`: the provider alone (the end-to-end set-up starts it so).
 */
async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: '4011' },
      api: { type: 'string', default: 'http://127.0.0.1:4010' },
      'console-origin': { type: 'string', multiple: true },
    },
  });
  const oidc = await startMockOidc({
    port: Number(values.port),
    apiUrl: values.api,
    consoleOrigins: values['console-origin'] ?? ['http://127.0.0.1:4173'],
  });
  console.log(`Mock identity provider listening on ${oidc.issuer}`);
  const shutdown = () => {
    oidc.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGTERM', shutdown);
  process.once('SIGINT', shutdown);
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
