import type { ApiError } from './api-error';

/** When a 429 names no Retry-After. */
const DEFAULT_RETRY_AFTER_MS = 5_000;
/** Waiting a touch longer than Retry-After avoids landing just before the server's window ends. */
const RETRY_AFTER_SAFETY_MS = 50;

/** How long to wait after a 429 before asking again (the export, Look up many). */
export function rateLimitWaitMs(error: ApiError): number {
  return (error.retryAfterMs ?? DEFAULT_RETRY_AFTER_MS) + RETRY_AFTER_SAFETY_MS;
}
