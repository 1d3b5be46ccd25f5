import type * as v from 'valibot';

/**
 * Reading an API answer's body and putting what went wrong into words, for the API client
 * (api-client.ts).
 */

const MAX_SCHEMA_ISSUES_SHOWN = 3;

export class TooLarge extends Error {}

/**
 * Reads the body as UTF-8 text, refusing (and cancelling) it past `maxBytes`. Each read also
 * races the deadline: not every fetch implementation errors a body stream that is already
 * flowing when its request is aborted.
 */
export async function readText(
  response: Response,
  maxBytes: number,
  signal: AbortSignal,
): Promise<string> {
  const aborted = new Promise<never>((_, reject) => {
    const abort = () => reject(new DOMException('The request was aborted.', 'AbortError'));
    if (signal.aborted) abort();
    else signal.addEventListener('abort', abort, { once: true });
  });
  aborted.catch(() => undefined);
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    void response.body?.cancel().catch(() => undefined);
    throw new TooLarge();
  }
  if (!response.body) return Promise.race([response.text(), aborted]);
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let received = 0;
  let text = '';
  try {
    for (;;) {
      const { done, value } = await Promise.race([reader.read(), aborted]);
      if (done) break;
      received += value.byteLength;
      if (received > maxBytes) throw new TooLarge();
      text += decoder.decode(value, { stream: true });
    }
  } catch (error) {
    void reader.cancel().catch(() => undefined);
    throw error;
  }
  return text + decoder.decode();
}

export const NOT_JSON = Symbol('not JSON');

export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return NOT_JSON;
  }
}

type ErrorBody = { code?: string; message?: string; request_id?: string };

/** The spec's error body, field by field: one odd field does not lose the others. */
export function readErrorBody(json: unknown): ErrorBody {
  const error = isObject(json) && isObject(json.error) ? json.error : {};
  const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
  const body: ErrorBody = {};
  const code = text(error.code);
  const message = text(error.message);
  const requestId = text(error.request_id);
  if (code !== undefined) body.code = code;
  if (message !== undefined) body.message = message;
  if (requestId !== undefined) body.request_id = requestId;
  return body;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function describeIssues(issues: readonly v.BaseIssue<unknown>[]): string {
  const shown = issues.slice(0, MAX_SCHEMA_ISSUES_SHOWN).map((issue) => {
    const path = (issue.path ?? []).map((item) => String(item.key)).join('.');
    return `${path === '' ? '(root)' : path}: ${issue.message}`;
  });
  const more = issues.length - shown.length;
  return `${shown.join('; ')}${more > 0 ? ` (and ${more} more)` : ''}.`;
}

export function formatSeconds(ms: number): string {
  const seconds = ms / 1000;
  return `${Number.isInteger(seconds) ? seconds : seconds.toFixed(1)} s`;
}

export function formatMegabytes(bytes: number): string {
  return `${Math.round(bytes / 1_000_000)} MB`;
}
