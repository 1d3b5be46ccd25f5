// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { createRedactor, REDACTED } from './redact';

const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJlLXRoYXQtaXMtbG9uZw';
const SIGNATURE = 'c2lnbmF0dXJlLXRoYXQtaXMtbG9uZw';

describe('createRedactor', () => {
  const redact = createRedactor(TOKEN);

  it('removes the token an API echoes back, with or without Bearer', () => {
    expect(redact(`Token Bearer ${TOKEN} lacks scope`)).toBe(
      `Token Bearer ${REDACTED} lacks scope`,
    );
    expect(redact(`${TOKEN}${TOKEN}`)).toBe(`${REDACTED}${REDACTED}`);
  });

  it('removes the signature on its own', () => {
    expect(redact(`signature ${SIGNATURE} is invalid`)).toBe(`signature ${REDACTED} is invalid`);
  });

  it('leaves other text and undefined alone', () => {
    expect(redact('User user_1 not found')).toBe('User user_1 not found');
    expect(redact(undefined)).toBeUndefined();
  });

  it('does not treat a short signature as a secret on its own', () => {
    const short = createRedactor('a.b.c');
    expect(short('a b c')).toBe('a b c');
    expect(short('x a.b.c y')).toBe(`x ${REDACTED} y`);
  });
});
