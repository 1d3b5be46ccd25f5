// Signs a login in at the mock identity provider (src/mocks/oidc-provider.ts) as the console
// would, over plain HTTP: the authorization code flow with PKCE through the provider's own login
// form, then the code exchange. For tests that need the provider's real tokens without a browser
// (src/mocks/*.test.ts, e2e/mock-provider-tokens.spec.ts), and to get one by hand:
//
//   node --import tsx src/mocks/oidc-sign-in.ts http://127.0.0.1:4011 rs256-alice
//
// It speaks the provider's development login form, so it works with this mock only.
import { createHash, randomBytes } from 'node:crypto';
import { pathToFileURL } from 'node:url';

export interface ProviderTokens {
  access_token: string;
  token_type: string;
  expires_in: number;
  scope?: string;
  refresh_token?: string;
  id_token?: string;
}

export interface SignInOptions {
  issuer: string;
  login: string;
  clientId: string;
  /** One of the client's registered redirect URIs: <console origin>/auth/callback. */
  redirectUri: string;
  /** The console's default (src/lib/config-oidc.ts); add `users:read` and so on for a `scope` claim. */
  scope?: string;
}

/** Keeps the provider's cookies (its interaction and session) from one answer to the next. */
class CookieJar {
  private readonly cookies = new Map<string, string>();

  take(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      if (at > 0) this.cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
    }
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

async function discover(issuer: string): Promise<{ authorize: string; token: string }> {
  const response = await fetch(`${issuer}/.well-known/openid-configuration`);
  if (!response.ok) throw new Error(`${issuer}'s discovery answered ${response.status}`);
  const metadata = (await response.json()) as Record<string, unknown>;
  return {
    authorize: String(metadata.authorization_endpoint),
    token: String(metadata.token_endpoint),
  };
}

export async function signInAtMockOidc(options: SignInOptions): Promise<ProviderTokens> {
  const { issuer, login, clientId, redirectUri, scope = 'openid email offline_access' } = options;
  const endpoints = await discover(issuer);
  const verifier = randomBytes(32).toString('base64url');
  const state = randomBytes(16).toString('base64url');
  const authorize = new URL(endpoints.authorize);
  authorize.search = new URLSearchParams({
    client_id: clientId,
    redirect_uri: redirectUri,
    response_type: 'code',
    scope,
    state,
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
  }).toString();

  const jar = new CookieJar();
  /** One hop: the answer's redirect target, resolved against the URL asked. */
  const hop = async (url: string, init: RequestInit = {}): Promise<string> => {
    const response = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...init.headers, Cookie: jar.header() },
    });
    jar.take(response);
    const location = response.headers.get('Location');
    if (response.status < 300 || response.status > 399 || location === null) {
      throw new Error(`${url} answered ${response.status} instead of a redirect`);
    }
    return new URL(location, url).href;
  };

  const loginForm = await hop(authorize.href);
  const resume = await hop(loginForm, {
    method: 'POST',
    body: new URLSearchParams({ prompt: 'login', login, password: 'any' }),
  });
  const callback = new URL(await hop(resume));
  const code = callback.searchParams.get('code');
  if (!callback.href.startsWith(redirectUri) || callback.searchParams.get('state') !== state) {
    throw new Error(`The provider sent the login elsewhere: ${callback.href}`);
  }
  if (code === null) throw new Error(`The provider gave no code: ${callback.search}`);

  const exchange = await fetch(endpoints.token, {
    method: 'POST',
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      client_id: clientId,
      code_verifier: verifier,
    }),
  });
  const tokens = (await exchange.json()) as ProviderTokens & { error?: string };
  if (!exchange.ok) throw new Error(`The code exchange failed: ${JSON.stringify(tokens)}`);
  return tokens;
}

async function main(): Promise<void> {
  const [issuer, login, clientId = 'admin-console', origin = 'http://127.0.0.1:4173'] =
    process.argv.slice(2);
  if (!issuer || !login) {
    throw new Error('Usage: oidc-sign-in.ts <issuer> <login> [client id] [console origin]');
  }
  const tokens = await signInAtMockOidc({
    issuer,
    login,
    clientId,
    redirectUri: `${origin}/auth/callback`,
  });
  console.log(JSON.stringify(tokens, null, 2));
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
