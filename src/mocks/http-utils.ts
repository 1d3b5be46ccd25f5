import { HttpResponse } from 'msw';

/** A failure a handler wants answered with the spec's error body. */
export class ApiProblem extends Error {
  readonly status: number;
  readonly code: string;
  readonly headers: Record<string, string>;

  // Plain fields rather than parameter properties keep this file runnable by Node's type stripping.
  constructor(status: number, code: string, message: string, headers: Record<string, string> = {}) {
    super(message);
    this.name = 'ApiProblem';
    this.status = status;
    this.code = code;
    this.headers = headers;
  }
}

export function errorResponse(
  problem: ApiProblem,
  requestId: string,
  headers: Record<string, string> = {},
): Response {
  return HttpResponse.json(
    { error: { code: problem.code, message: problem.message, request_id: requestId } },
    { status: problem.status, headers: { ...headers, ...problem.headers } },
  );
}

export function invalidParameter(message: string): ApiProblem {
  return new ApiProblem(400, 'invalid_parameter', message);
}

/** The one value of a query parameter; `undefined` when absent, 400 when empty or repeated. */
export function singleParam(params: URLSearchParams, name: string): string | undefined {
  const values = params.getAll(name);
  if (values.length === 0) return undefined;
  if (values.length > 1) throw invalidParameter(`${name} must be given at most once`);
  const [value] = values as [string];
  if (value === '') throw invalidParameter(`${name} must not be empty`);
  return value;
}

/** Digits only: `1.5`, `+2`, `1e2` and ` 3` are all mistakes a lenient parse would hide. */
export function integerParam(
  params: URLSearchParams,
  name: string,
  { fallback, min, max }: { fallback: number; min: number; max?: number },
): number {
  const text = singleParam(params, name);
  if (text === undefined) return fallback;
  const value = /^\d+$/.test(text) ? Number(text) : NaN;
  const inRange =
    Number.isSafeInteger(value) && value >= min && (max === undefined || value <= max);
  if (!inRange) {
    throw invalidParameter(
      max === undefined
        ? `${name} must be an integer of at least ${min}`
        : `${name} must be an integer between ${min} and ${max}`,
    );
  }
  return value;
}

export function priceParam(params: URLSearchParams, name: string): number | undefined {
  const text = singleParam(params, name);
  if (text === undefined) return undefined;
  const value = /^(\d+(\.\d*)?|\.\d+)$/.test(text) ? Number(text) : NaN;
  if (!Number.isFinite(value)) throw invalidParameter(`${name} must be a number of at least 0`);
  return value;
}

export function pageParams(params: URLSearchParams): { page: number; limit: number } {
  return {
    page: integerParam(params, 'page', { fallback: 1, min: 1 }),
    limit: integerParam(params, 'limit', { fallback: 50, min: 1, max: 100 }),
  };
}
