// Helpers for the mock API's own tests (not shipped; only *.test.ts files import this).
import { expect } from 'vitest';

/** Any origin works: handlers match on the path after it. */
export const API_BASE = 'https://api.test';

export interface ErrorBody {
  error: { code: string; message: string; request_id: string };
}

export function fetchApi(path: string, token?: string, headers: Record<string, string> = {}) {
  return fetch(`${API_BASE}${path}`, {
    headers: {
      Accept: 'application/json',
      ...(token === undefined ? {} : { Authorization: `Bearer ${token}` }),
      ...headers,
    },
  });
}

export function postScenario(token: string | undefined, body: unknown, base = API_BASE) {
  return fetch(`${base}/__demo/scenario`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      ...(token === undefined ? {} : { Authorization: `Bearer ${token}` }),
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** Asserts the spec's error body, a matching `X-Request-Id`, and returns the body. */
export async function expectError(
  response: Response,
  status: number,
  code: string,
  message?: string | RegExp,
): Promise<ErrorBody> {
  expect(response.status).toBe(status);
  expect(response.headers.get('Content-Type')).toMatch(/^application\/json/);
  const body = (await response.json()) as ErrorBody;
  expect(body.error.code).toBe(code);
  expect(body.error.request_id).toMatch(/^req_[a-z0-9]+$/);
  expect(response.headers.get('X-Request-Id')).toBe(body.error.request_id);
  if (typeof message === 'string') expect(body.error.message).toBe(message);
  else if (message) expect(body.error.message).toMatch(message);
  return body;
}
