import { peekJwt, verifyJwt, type JwtClaims } from './jwt.ts';
import { ApiProblem } from './http-utils.ts';

export type Scope = 'users:read' | 'products:read' | 'account:read';

/** RFC 6750: header parameters are quoted strings, so the description must not break out of one. */
function bearerChallenge(error?: string, description?: string, extra = ''): string {
  if (!error) return 'Bearer realm="api"';
  const safe = (description ?? '').replace(/["\\]/g, "'");
  return `Bearer realm="api", error="${error}", error_description="${safe}"${extra}`;
}

function unauthorized(code: string, message: string, withError = true): ApiProblem {
  return new ApiProblem(401, code, message, {
    'WWW-Authenticate': withError ? bearerChallenge('invalid_token', message) : bearerChallenge(),
  });
}

/** What the API expects of a token it did not sign itself. */
export interface TokenExpectations {
  /** The API's own URL, which the token's `aud` must name. */
  audience: string;
  nowSeconds: number;
}

export type TokenCheck =
  { ok: true; claims: JwtClaims } | { ok: false; expired: boolean; message: string };

/**
 * An identity provider whose own tokens the API accepts besides its HS256 ones (`--trust-issuer`;
 * the Node implementation is src/mocks/trusted-issuer.ts, the browser worker trusts none).
 */
export interface TrustedIssuer {
  readonly issuer: string;
  /** A JWT the issuer signed with one of its published keys. */
  verifyJwt(token: string, expected: TokenExpectations): Promise<TokenCheck>;
  /** A token that is not a JWT, asked about at the issuer's introspection endpoint. */
  introspect(token: string, expected: TokenExpectations): Promise<TokenCheck>;
}

/**
 * The raw token from `Authorization: Bearer <token>`, or `undefined` when the header is absent or
 * not a bearer credential. Scenarios and the rate limit are keyed by this string.
 */
export function bearerToken(request: Request): string | undefined {
  const header = request.headers.get('Authorization');
  const match = header?.match(/^Bearer +([A-Za-z0-9\-._~+/]+=*) *$/i);
  return match?.[1];
}

/** Throws the 401 `ApiProblem` for whatever is wrong with the request's credentials. */
export async function authenticate(
  request: Request,
  secret: string,
  nowSeconds: number,
  trusted?: TrustedIssuer,
): Promise<{ token: string; claims: JwtClaims }> {
  const token = bearerToken(request);
  if (token === undefined) {
    // RFC 6750 §3.1: a request without credentials gets a bare challenge, no error code.
    throw request.headers.has('Authorization')
      ? unauthorized('unauthorized', 'Authorization header must have the form "Bearer <token>"')
      : unauthorized('unauthorized', 'Missing Authorization header with a bearer token', false);
  }
  // The API is served at the root of its origin, which is the URL its provider names in `aud`.
  const expected = { audience: new URL(request.url).origin, nowSeconds };
  const foreign = await verifiedByIssuer(token, expected, trusted);
  if (foreign) return { token, claims: foreign };
  const result = await verifyJwt(token, secret, nowSeconds);
  if (!result.ok) {
    throw unauthorized(
      result.reason === 'expired' ? 'token_expired' : 'invalid_token',
      result.message,
    );
  }
  return { token, claims: result.claims };
}

/**
 * Tokens the API did not sign itself: a JWT signed with another algorithm than HS256 (and not
 * `none`) is the trusted issuer's to verify, or refused; a token that is not a JWT at all is asked
 * about at the trusted issuer. `undefined` leaves the token to the HS256 check, whose messages
 * cover `none`, other HMACs of its own and malformed tokens.
 */
async function verifiedByIssuer(
  token: string,
  expected: TokenExpectations,
  trusted: TrustedIssuer | undefined,
): Promise<JwtClaims | undefined> {
  const peeked = peekJwt(token);
  let check: TokenCheck;
  if (peeked === undefined) {
    if (trusted === undefined || token.split('.').length === 3) return undefined;
    check = await trusted.introspect(token, expected);
  } else {
    const { alg } = peeked.header;
    if (typeof alg !== 'string' || !/^[A-Za-z0-9+_-]{1,16}$/.test(alg)) return undefined;
    if (alg === 'HS256' || alg.toLowerCase() === 'none') return undefined;
    const issuer = peeked.payload?.iss;
    if (trusted === undefined || issuer !== trusted.issuer) {
      const named = typeof issuer === 'string' ? `: ${JSON.stringify(issuer.slice(0, 200))}` : '';
      throw unauthorized(
        'invalid_token',
        `Token signed with ${alg} by an issuer this API does not trust${named}`,
      );
    }
    check = await trusted.verifyJwt(token, expected);
  }
  if (!check.ok) {
    throw unauthorized(check.expired ? 'token_expired' : 'invalid_token', check.message);
  }
  return check.claims;
}

/** The token's scopes, or `undefined` when it has no `scope` claim and may read everything. */
export function tokenScopes(claims: JwtClaims): string[] | undefined {
  const { scope } = claims;
  if (scope === undefined) return undefined;
  if (Array.isArray(scope)) return scope.filter((item): item is string => typeof item === 'string');
  // Not the spec's shape, but OAuth servers commonly send one space-separated string.
  if (typeof scope === 'string') return scope.split(' ').filter(Boolean);
  return [];
}

export function requireScope(claims: JwtClaims, scope: Scope): void {
  const scopes = tokenScopes(claims);
  if (scopes === undefined || scopes.includes(scope)) return;
  throw new ApiProblem(403, 'forbidden', `Token lacks the ${scope} scope`, {
    'WWW-Authenticate': bearerChallenge(
      'insufficient_scope',
      `Token lacks the ${scope} scope`,
      `, scope="${scope}"`,
    ),
  });
}
