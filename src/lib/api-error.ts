/**
 * What went wrong: the server said no ('http'), there was no answer ('network'), the answer was
 * not JSON ('invalid-response'), or the JSON broke the contract ('schema').
 */
export type ApiErrorKind = 'http' | 'network' | 'invalid-response' | 'schema';

export type ApiErrorInit = {
  kind: ApiErrorKind;
  /** 0 when there was no HTTP response. */
  status: number;
  method: string;
  url: string;
  code?: string | undefined;
  serverMessage?: string | undefined;
  requestId?: string | undefined;
  retryAfterMs?: number | undefined;
  /** Epoch ms; defaults to now. */
  receivedAt?: number | undefined;
  /** Overrides the sentence built from the other fields. */
  message?: string | undefined;
  cause?: unknown;
  /** Every try of this attempt, this one last (see ApiTry); defaults to this one alone. */
  tries?: readonly ApiTry[] | undefined;
};

/**
 * One try of an attempt: the first request and each automatic retry of it. A ticket quotes them
 * all, since the API team finds each in its logs by its request id.
 */
export type ApiTry = {
  readonly requestId?: string | undefined;
  /** 0 when no HTTP response arrived. */
  readonly status: number;
  /** When it started, epoch ms. */
  readonly startedAt: number;
};

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly kind: ApiErrorKind;
  readonly status: number;
  readonly code: string | undefined;
  readonly serverMessage: string | undefined;
  readonly requestId: string | undefined;
  readonly retryAfterMs: number | undefined;
  /** When the failure was seen (epoch ms): Retry-After counts from here. */
  readonly receivedAt: number;
  /** The request URL without secret-looking query parameters, safe to show and log. */
  readonly url: string;
  readonly method: string;
  /** The tries of the attempt this error ended, oldest first, this one last. */
  readonly tries: readonly ApiTry[];

  constructor(init: ApiErrorInit) {
    super(
      init.message ?? defaultMessage(init),
      init.cause === undefined ? {} : { cause: init.cause },
    );
    this.kind = init.kind;
    this.status = init.status;
    this.code = init.code;
    this.serverMessage = init.serverMessage;
    this.requestId = init.requestId;
    this.retryAfterMs = init.retryAfterMs;
    this.receivedAt = init.receivedAt ?? Date.now();
    this.url = redactUrl(init.url);
    this.method = init.method;
    this.tries = init.tries ?? [
      { requestId: init.requestId, status: init.status, startedAt: this.receivedAt },
    ];
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

const STATUS_TEXT: Record<number, string> = {
  0: 'Network error',
  400: 'Invalid parameters',
  401: 'Authentication required',
  403: 'Permission denied',
  404: 'Not found',
  429: 'Rate limit exceeded',
  500: 'Server error',
  502: 'Bad gateway',
  503: 'Service unavailable',
  504: 'Gateway timeout',
};

/** The meaning of an HTTP status in words, as the error alerts show it. */
export function statusText(status: number): string {
  return STATUS_TEXT[status] ?? `HTTP ${status}`;
}

function defaultMessage(init: ApiErrorInit): string {
  const detail = init.serverMessage === undefined ? '' : `: ${init.serverMessage}`;
  if (init.kind === 'network') return endSentence(`Network error${detail}`);
  return endSentence(`${statusText(init.status)} (HTTP ${init.status})${detail}`);
}

/**
 * A full stop after text that may already end a sentence (the server's own message often does):
 * "…on our side." stays as it is rather than becoming "…on our side..".
 */
export function endSentence(text: string): string {
  const trimmed = text.trimEnd();
  return /[.!?…。]$/u.test(trimmed) ? trimmed : `${trimmed}.`;
}

/** Longer waits than this are not worth keeping a page open for; the user can retry by hand. */
export const MAX_RETRY_AFTER_MS = 5 * 60 * 1000;

/**
 * Retry-After is either delta-seconds or an HTTP-date. Returns milliseconds from `now`, never
 * negative (a date in the past means "now") and capped, or undefined when absent or unreadable.
 */
export function parseRetryAfter(value: string | null | undefined, now: number): number | undefined {
  if (value === null || value === undefined) return undefined;
  const trimmed = value.trim();
  let ms: number;
  if (/^\d+$/.test(trimmed)) {
    ms = Number(trimmed) * 1000;
  } else {
    // Every HTTP-date form names a day or month; without this check Date.parse reads "-5" as a year.
    const date = /[a-z]/i.test(trimmed) ? Date.parse(trimmed) : Number.NaN;
    if (Number.isNaN(date)) return undefined;
    ms = date - now;
  }
  return Math.min(Math.max(ms, 0), MAX_RETRY_AFTER_MS);
}

// Compared after lower-casing and dropping separators, by suffix, so that variants such as
// api_key, X-Amz-Signature, client_secret and refresh-token are caught too.
const SECRET_PARAM_SUFFIXES = ['token', 'key', 'signature', 'password', 'secret'];

function isSecretParam(name: string): boolean {
  const normalised = name.toLowerCase().replace(/[^a-z0-9]/g, '');
  return SECRET_PARAM_SUFFIXES.some((suffix) => normalised.endsWith(suffix));
}

/**
 * Removes credentials, fragments and secret-looking query parameters. The client never puts a
 * token in a URL, but URLs end up on screen, in logs and in bug reports, so be defensive.
 */
export function redactUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return url.split(/[?#]/, 1)[0] ?? '';
  }
  parsed.username = '';
  parsed.password = '';
  parsed.hash = '';
  for (const name of [...parsed.searchParams.keys()]) {
    if (isSecretParam(name)) parsed.searchParams.delete(name);
  }
  return parsed.toString();
}
