import { http, HttpResponse, type HttpHandler, type JsonBodyType } from 'msw';
import { authenticate, bearerToken, requireScope, type Scope, type TrustedIssuer } from './auth.ts';
import type { MockDb } from './db.ts';
import { ApiProblem, errorResponse } from './http-utils.ts';
import type { JwtClaims } from './jwt.ts';
import { randomId } from './random-id.ts';
import { rateLimitHeaders, type RateLimiter, type RateLimitSettings } from './rate-limiter.ts';
import type { RouteKind, ScenarioStore } from './scenarios.ts';
import { changesRealAnswer, simulatedResponse, transformedBody } from './simulated-response.ts';

/** Demo mode marks the console's prefetches with this header (src/lib/api-client.ts). */
const PREFETCH_HEADER = 'x-demo-prefetch';

/** Everything a handler may need; one per `createMockApi` call. */
export interface MockContext {
  db: MockDb;
  scenarios: ScenarioStore;
  rateLimiter: RateLimiter;
  rateLimit: RateLimitSettings;
  secret: string;
  /** An identity provider whose own tokens the API accepts too (MockApi.trust). */
  trustedIssuer?: TrustedIssuer;
  /** Epoch milliseconds; injected so tests can move time. */
  now: () => number;
}

export interface RouteRequest {
  request: Request;
  url: URL;
  params: Record<string, string | readonly string[] | undefined>;
  /** The bearer token, which keys the caller's scenario. */
  token: string;
  claims: JwtClaims;
}

interface RouteOptions {
  /** The path after the base URL, e.g. `/v1/users/:id`; any origin and base prefix may precede it. */
  path: string;
  scope: Scope;
  kind: RouteKind;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Gives every response an `X-Request-Id` and turns thrown `ApiProblem`s (and anything unexpected)
 * into the spec's error body carrying that same id.
 */
export function withRequestId(
  respond: (requestId: string) => Promise<Response>,
): () => Promise<Response> {
  return async () => {
    const requestId = `req_${randomId(16)}`;
    let response: Response;
    try {
      response = await respond(requestId);
    } catch (error) {
      const problem =
        error instanceof ApiProblem
          ? error
          : new ApiProblem(500, 'internal_error', `The mock API failed: ${String(error)}`);
      response = errorResponse(problem, requestId);
    }
    response.headers.set('X-Request-Id', requestId);
    return response;
  };
}

/**
 * The suffix of `pathname` with as many segments as the route, i.e. the path with any base prefix
 * (`https://host/prefix/v1/users` → `/v1/users`) removed; what scenario failures match against.
 */
function apiPathOf(pathname: string, routePath: string): string {
  const segments = pathname.replace(/\/$/, '').split('/');
  const routeSegments = routePath.split('/').length - 1;
  return `/${segments.slice(-routeSegments).join('/')}`;
}

/**
 * A GET endpoint of the mocked API. The pipeline, in order: scenario latency, authentication (401),
 * rate limit (429), scenario failures, scope (403), then `resolve`, whose return value becomes the
 * JSON body. Scenario failures come before the scope check so a scripted failure is never masked.
 */
export function apiGet(
  context: MockContext,
  { path, scope, kind }: RouteOptions,
  resolve: (input: RouteRequest) => JsonBodyType | Promise<JsonBodyType>,
): HttpHandler {
  return http.get(`*${path}`, ({ request, params }) =>
    withRequestId(async (requestId) => {
      const presented = bearerToken(request);
      const latency = presented === undefined ? 0 : context.scenarios.latencyFor(presented);
      if (latency > 0) await sleep(latency);

      const { token, claims } = await authenticate(
        request,
        context.secret,
        Math.floor(context.now() / 1000),
        context.trustedIssuer,
      );
      const decision = context.rateLimiter.check(token);
      const limitHeaders = rateLimitHeaders(decision);
      try {
        if (!decision.allowed) {
          throw new ApiProblem(429, 'rate_limited', 'Rate limit exceeded; retry later', {
            'Retry-After': String(decision.resetSeconds),
          });
        }
        const url = new URL(request.url);
        const failure = context.scenarios.takeFailure(
          token,
          apiPathOf(url.pathname, path),
          request.headers.has(PREFETCH_HEADER),
        );
        if (failure && !changesRealAnswer(failure)) {
          return await simulatedResponse(failure, kind, requestId, limitHeaders, token);
        }
        requireScope(claims, scope);
        const body = await resolve({ request, url, params, token, claims });
        const answer = failure ? transformedBody(failure, body) : body;
        return HttpResponse.json(answer as JsonBodyType, { headers: limitHeaders });
      } catch (error) {
        if (error instanceof ApiProblem) return errorResponse(error, requestId, limitHeaders);
        throw error;
      }
    })(),
  );
}
