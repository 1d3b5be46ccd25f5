import { HttpResponse } from 'msw';
import { ApiProblem, errorResponse } from './http-utils.ts';
import type { RouteKind, SimulatedFailure } from './scenarios.ts';

/** The answers a queued failure gives (scenarios.ts): the API's error, a proxy's, a hostile one. */

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
  token: string,
): Response | Promise<Response> {
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
  switch (failure.body) {
    case 'html': {
      // What a proxy or load balancer in front of a real API tends to answer with.
      const page = `<!doctype html><html><head><title>${status} ${text}</title></head><body><h1>${status} ${text}</h1><hr><p>nginx</p></body></html>`;
      return HttpResponse.html(page, { status, headers: extra });
    }
    case 'malformed': {
      const body = kind === 'list' ? { data: 'oops', meta: null } : { data: { id: 42 } };
      return HttpResponse.json(body, { status, headers: extra });
    }
    case 'hang':
      return new Promise<Response>(() => undefined);
    case 'slow':
      return new HttpResponse(slowLoris(), {
        status,
        headers: { ...extra, 'Content-Type': 'application/json' },
      });
    case 'echo-token': {
      const problem = new ApiProblem(
        status,
        code,
        `Token Bearer ${token} is not allowed here (simulated echo)`,
      );
      return errorResponse(problem, `req_${token}`, { ...extra, 'X-Request-Id': token });
    }
    case 'deep': {
      const depth = 100_000;
      const body = `{"nested":${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}}`;
      return new HttpResponse(body, {
        status,
        headers: { ...extra, 'Content-Type': 'application/json' },
      });
    }
    case 'huge': {
      const body = `{"data":[{"id":"user_huge","name":"${'x'.repeat(12_000_000)}"}],"meta":{"total":1,"page":1,"limit":50}}`;
      return new HttpResponse(body, {
        status,
        headers: { ...extra, 'Content-Type': 'application/json' },
      });
    }
    case 'redirect':
      return new HttpResponse(null, {
        status,
        headers: { ...extra, Location: 'https://evil.example/steal' },
      });
    case 'long-text':
    case 'bidi':
    case 'json':
      break;
  }
  const message = `Simulated ${status} (demo scenario)`;
  return errorResponse(new ApiProblem(status, code, message), requestId, extra);
}

/** The real answer, changed the way a hostile API would: only for bodies that need it. */
export function transformedBody(failure: SimulatedFailure, body: unknown): unknown {
  const first = (value: unknown): Record<string, unknown> | undefined => {
    const data = (value as { data?: unknown } | null)?.data;
    const item = Array.isArray(data) ? data[0] : data;
    return typeof item === 'object' && item !== null
      ? (item as Record<string, unknown>)
      : undefined;
  };
  const item = first(body);
  if (item && failure.body === 'long-text') item.name = `Long ${'L'.repeat(2_000_000)}`;
  if (item && failure.body === 'bidi') item.name = 'Admin \u202Egnp.exe\u202C';
  return body;
}

/** Whether the failure is a change to the real answer rather than an answer of its own. */
export function changesRealAnswer(failure: SimulatedFailure): boolean {
  return failure.body === 'long-text' || failure.body === 'bidi';
}

/** Headers and the start of a list, then a space a second, forever (until the client hangs up). */
function slowLoris(): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let timer: ReturnType<typeof setInterval> | undefined;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode('{"data":['));
      timer = setInterval(() => {
        try {
          controller.enqueue(encoder.encode(' '));
        } catch {
          clearInterval(timer);
        }
      }, 1000);
    },
    cancel() {
      clearInterval(timer);
    },
  });
}
