import { apiLine } from '../../lib/display-text';
import type { RequestLogEntry } from '../../lib/request-log';
import { withoutTokens } from '../../lib/token-shape';
import type { SessionEndReason } from './session-store';

/**
 * Why a session ended on a page, for the Renew session dialog: the token's expiry time (in UTC,
 * with the day when it was not today), or the API's refusal with its message and request id, so
 * a revoked token does not look like an expired one.
 */
const MAX_MESSAGE = 300;

export function sessionEndReason(
  reason: SessionEndReason | null,
  exp: number | undefined,
  log: readonly RequestLogEntry[],
  now = Date.now(),
): string {
  if (reason === 'expired' && exp !== undefined) {
    const at = new Date(exp * 1000);
    if (Number.isNaN(at.getTime())) return 'The token expired.';
    const iso = at.toISOString();
    const day =
      iso.slice(0, 10) === new Date(now).toISOString().slice(0, 10)
        ? ''
        : ` on ${iso.slice(0, 10)}`;
    return `The token expired at ${iso.slice(11, 16)} UTC${day}.`;
  }
  if (reason === 'unauthorized') {
    const refusal = log.findLast((entry) => entry.status === 401);
    if (!refusal) return 'The API refused the token (401).';
    const message = apiLine(withoutTokens(refusal.error ?? '').trim(), MAX_MESSAGE);
    const said = message ? `: “${message}”` : '';
    const stop = /[.!?]$/.test(message) ? '' : '.';
    const id = refusal.requestId ? ` Request ID ${apiLine(refusal.requestId, 100)}.` : '';
    return `The API refused the token (401)${said}${stop}${id}`;
  }
  return '';
}
