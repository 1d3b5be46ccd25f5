// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { TOKEN_REMOVED, withoutTokens } from './token-shape';

const HEADER = 'eyJhbGciOiJIUzI1NiJ9';
const PAYLOAD = 'eyJzdWIiOiJhZGEiLCJlbWFpbCI6ImFkYUBleGFtcGxlLmNvbSJ9';
const SIGNATURE = 'c2lnbmF0dXJlLXRoYXQtaXMtbG9uZw';

describe('withoutTokens', () => {
  it('removes a whole token, a header and payload, and a payload alone', () => {
    for (const fragment of [`${HEADER}.${PAYLOAD}.${SIGNATURE}`, `${HEADER}.${PAYLOAD}`, PAYLOAD]) {
      const text = withoutTokens(`Bearer ${fragment} refused; req_${fragment}`);
      expect(text).toBe(`Bearer ${TOKEN_REMOVED} refused; req_${TOKEN_REMOVED}`);
      expect(text).not.toContain('eyJ');
    }
  });

  it('leaves ordinary words and short ids alone', () => {
    for (const text of ['HoneyJarFactoryOutlet', 'monkeyJumpsHigh', 'eyJohn', 'user_1 not found']) {
      expect(withoutTokens(text)).toBe(text);
    }
  });
});
