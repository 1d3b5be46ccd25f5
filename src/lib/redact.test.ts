// @vitest-environment node
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createRedactor, REDACTED, redactJsonText } from './redact';

const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJlLXRoYXQtaXMtbG9uZw';
const SIGNATURE = 'c2lnbmF0dXJlLXRoYXQtaXMtbG9uZw';

/** JSON text with every character of `text` written as a \u escape. */
function escapedJson(text: string): string {
  return [...text].map((char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`).join('');
}

describe('redactJsonText', () => {
  const redact = createRedactor(TOKEN);

  it('removes a token the API echoes with \\u escapes, which JSON.parse would turn back into it', () => {
    const half = TOKEN.length / 2;
    for (const body of [
      `{"message":"Bearer ${escapedJson(TOKEN)}"}`,
      `{"message":"Bearer ${TOKEN.slice(0, half)}${escapedJson(TOKEN.slice(half)).toUpperCase().replaceAll('\\U', '\\u')}"}`,
      `{"request_id":"${escapedJson(SIGNATURE)}"}`,
    ]) {
      const parsed = JSON.stringify(JSON.parse(redactJsonText(body, redact)));
      expect(parsed).toContain(REDACTED);
      expect(parsed).not.toContain(SIGNATURE);
    }
  });

  it('leaves the meaning of any JSON unchanged when no token is in it', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (value) => {
        // Each character as JSON writes it, those a token is made of as \u escapes.
        const text = `{"k":"${[...value]
          .map((char) =>
            /[A-Za-z0-9._-]/.test(char) ? escapedJson(char) : JSON.stringify(char).slice(1, -1),
          )
          .join('')}"}`;
        expect(JSON.parse(redactJsonText(text, redact))).toEqual({ k: value });
      }),
    );
    // An escaped backslash before "u0041" is a backslash and the text u0041, not an escape.
    const literal = String.raw`{"a":"\\u0041 \\\u0041"}`;
    expect(JSON.parse(redactJsonText(literal, redact))).toEqual(JSON.parse(literal));
  });
});

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

  it('removes the header and payload, and the payload alone', () => {
    const [header, payload] = TOKEN.split('.');
    expect(redact(`got ${header}.${payload} and ${payload}`)).toBe(
      `got ${REDACTED} and ${REDACTED}`,
    );
    // The header alone is the same in many tokens: it is no secret.
    expect(redact(`alg ${header}`)).toBe(`alg ${header}`);
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
