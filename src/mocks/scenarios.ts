import { HttpResponse } from 'msw';
import { z } from 'zod';
import { ApiProblem, errorResponse, invalidParameter } from './http-utils.ts';

const failureSchema = z
  .object({
    /** Matched against the path after any base prefix, whole segments only: `/v1/users` covers `/v1/users/user_1`. */
    path: z.string().regex(/^\/[^\s?#]*$/, 'must be a path starting with "/"'),
    status: z.literal([200, 401, 403, 404, 429, 500, 502, 503]),
    count: z.number().int().min(1).max(1000).default(1),
    retryAfter: z.number().int().min(0).max(86_400).optional(),
    body: z.enum(['json', 'html', 'malformed']).default('json'),
  })
  .strict()
  .refine((failure) => failure.status !== 200 || failure.body === 'malformed', {
    message: 'status 200 is only meaningful with body "malformed"',
    path: ['status'],
  });

export const scenarioInputSchema = z
  .object({
    latencyMs: z.number().min(0).max(10_000).optional(),
    fail: z.union([failureSchema, z.array(failureSchema).max(100)]).optional(),
    reset: z.boolean().optional(),
  })
  .strict();

/** What `POST /__demo/scenario` accepts (and `ScenarioStore.apply` takes directly). */
export type ScenarioInput = z.input<typeof scenarioInputSchema>;
export type SimulatedFailure = z.output<typeof failureSchema>;

/** How a route's successful body looks, so `malformed` can break that particular shape. */
export type RouteKind = 'list' | 'detail';

interface TokenScenario {
  latencyMs: number;
  failures: SimulatedFailure[];
}

/**
 * The first problem, named by its path. `fail` is a union (one entry or a list), and zod reports a
 * union as a bare "Invalid input", so look inside the first alternative for the real reason.
 */
function describeIssue(issues: readonly z.core.$ZodIssue[], prefix: PropertyKey[] = []): string {
  const issue = issues[0];
  if (!issue) return 'invalid body';
  const path = [...prefix, ...issue.path];
  const [firstAlternative] = issue.code === 'invalid_union' ? issue.errors : [];
  if (firstAlternative && firstAlternative.length > 0) return describeIssue(firstAlternative, path);
  return `${path.length > 0 ? `${path.map(String).join('.')}: ` : ''}${issue.message}`;
}

function pathCovers(prefix: string, apiPath: string): boolean {
  const base = prefix.endsWith('/') ? prefix.slice(0, -1) : prefix;
  return apiPath === base || apiPath.startsWith(`${base}/`);
}

/**
 * Demo and test scenarios, keyed by the bearer token that set them, so parallel end-to-end tests
 * (each with its own token) never see each other's failures.
 */
export class ScenarioStore {
  private readonly byToken = new Map<string, TokenScenario>();

  /** Validates like the HTTP endpoint does; throws a 400 `ApiProblem` for a bad body. */
  apply(token: string, input: ScenarioInput): void {
    const parsed = scenarioInputSchema.safeParse(input);
    if (!parsed.success) {
      throw invalidParameter(`Invalid scenario: ${describeIssue(parsed.error.issues)}`);
    }
    const { latencyMs, fail, reset } = parsed.data;
    if (reset) this.byToken.delete(token);
    const scenario = this.byToken.get(token) ?? { latencyMs: 0, failures: [] };
    if (latencyMs !== undefined) scenario.latencyMs = latencyMs;
    if (fail) scenario.failures.push(...(Array.isArray(fail) ? fail : [fail]));
    this.byToken.set(token, scenario);
  }

  latencyFor(token: string): number {
    return this.byToken.get(token)?.latencyMs ?? 0;
  }

  /** The first queued failure covering `apiPath`, with one use consumed. */
  takeFailure(token: string, apiPath: string): SimulatedFailure | undefined {
    const failures = this.byToken.get(token)?.failures;
    const index = failures?.findIndex((failure) => pathCovers(failure.path, apiPath)) ?? -1;
    if (!failures || index < 0) return undefined;
    const failure = failures[index] as SimulatedFailure;
    if (failure.count <= 1) failures.splice(index, 1);
    else failures[index] = { ...failure, count: failure.count - 1 };
    return failure;
  }

  clear(token?: string): void {
    if (token === undefined) this.byToken.clear();
    else this.byToken.delete(token);
  }
}

const STATUS_TEXT: Record<number, [code: string, text: string]> = {
  200: ['ok', 'OK'],
  401: ['unauthorized', 'Unauthorized'],
  403: ['forbidden', 'Forbidden'],
  404: ['not_found', 'Not Found'],
  429: ['rate_limited', 'Too Many Requests'],
  500: ['internal_error', 'Internal Server Error'],
  502: ['bad_gateway', 'Bad Gateway'],
  503: ['service_unavailable', 'Service Unavailable'],
};

export function simulatedResponse(
  failure: SimulatedFailure,
  kind: RouteKind,
  requestId: string,
  headers: Record<string, string>,
): Response {
  const { status } = failure;
  const [code, text] = STATUS_TEXT[status] ?? ['error', 'Error'];
  const extra: Record<string, string> = { ...headers };
  if (status === 429) {
    extra['Retry-After'] = String(failure.retryAfter ?? 1);
    extra['RateLimit-Remaining'] = '0';
  } else if (failure.retryAfter !== undefined) {
    extra['Retry-After'] = String(failure.retryAfter);
  }
  if (status === 401) {
    extra['WWW-Authenticate'] =
      'Bearer realm="api", error="invalid_token", error_description="Simulated 401 (demo scenario)"';
  }
  if (failure.body === 'html') {
    // What a proxy or load balancer in front of a real API tends to answer with.
    const page = `<!doctype html><html><head><title>${status} ${text}</title></head><body><h1>${status} ${text}</h1><hr><p>nginx</p></body></html>`;
    return HttpResponse.html(page, { status, headers: extra });
  }
  if (failure.body === 'malformed') {
    const body = kind === 'list' ? { data: 'oops', meta: null } : { data: { id: 42 } };
    return HttpResponse.json(body, { status, headers: extra });
  }
  const message = `Simulated ${status} (demo scenario)`;
  return errorResponse(new ApiProblem(status, code, message), requestId, extra);
}
