import { verifyJwt, type JwtClaims } from './jwt.ts';
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
): Promise<{ token: string; claims: JwtClaims }> {
  const token = bearerToken(request);
  if (token === undefined) {
    // RFC 6750 §3.1: a request without credentials gets a bare challenge, no error code.
    throw request.headers.has('Authorization')
      ? unauthorized('unauthorized', 'Authorization header must have the form "Bearer <token>"')
      : unauthorized('unauthorized', 'Missing Authorization header with a bearer token', false);
  }
  const result = await verifyJwt(token, secret, nowSeconds);
  if (!result.ok) {
    throw unauthorized(
      result.reason === 'expired' ? 'token_expired' : 'invalid_token',
      result.message,
    );
  }
  return { token, claims: result.claims };
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
