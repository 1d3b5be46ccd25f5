// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { RequestLogEntry } from '../../lib/request-log';
import { sessionEndReason } from './session-end-reason';

const now = Date.UTC(2026, 10, 26, 9, 30);
const entry = (status: number, error?: string, requestId?: string) =>
  ({ status, error, requestId }) as RequestLogEntry;

describe('sessionEndReason', () => {
  it('gives the expiry time in UTC, with the day when it was not today', () => {
    expect(sessionEndReason('expired', Date.UTC(2026, 10, 26, 9, 5) / 1000, [], now)).toBe(
      'The token expired at 09:05 UTC.',
    );
    expect(sessionEndReason('expired', Date.UTC(2026, 10, 25, 23, 59) / 1000, [], now)).toBe(
      'The token expired at 23:59 UTC on 2026-11-25.',
    );
  });

  it("quotes the API's refusal and its request id, the last 401's", () => {
    const log = [entry(401, 'old'), entry(200), entry(401, 'Token revoked', 'req_abc'), entry(500)];
    expect(sessionEndReason('unauthorized', 1, log, now)).toBe(
      'The API refused the token (401): “Token revoked”. Request ID req_abc.',
    );
    expect(sessionEndReason('unauthorized', 1, [entry(401, 'Token revoked.')], now)).toBe(
      'The API refused the token (401): “Token revoked.”',
    );
    expect(sessionEndReason('unauthorized', 1, [], now)).toBe('The API refused the token (401).');
    expect(sessionEndReason('signed-out', 1, [], now)).toBe('');
  });
});
