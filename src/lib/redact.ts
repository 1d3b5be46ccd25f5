/** What a repeated credential is replaced with wherever the console shows, logs or copies text. */
export const REDACTED = '[token removed]';

/** Signatures shorter than this could match ordinary text by chance; the whole token still counts. */
const MIN_SECRET_PART = 16;

export type Redact = {
  (text: string): string;
  (text: string | undefined): string | undefined;
};

/**
 * A JSON `\u` escape of a character a token is made of (letters, digits, `-`, `_`, `.`), not
 * itself escaped (an even run of backslashes before it). JSON needs no escape for any of them.
 */
const TOKEN_CHAR_ESCAPE =
  /(?<!\\)((?:\\\\)*)\\u(00(?:2[dDeE]|3\d|[46][1-9a-fA-F]|[57][0-9aA]|5[fF]))/g;

/**
 * The redactor for a JSON body, applied to its text: an API can echo the token with some of its
 * characters `\u`-escaped ("eyJ\u0068bGc…"), which the plain text does not match but JSON.parse
 * turns back into the token. Those escapes are decoded first (the JSON means the same), then the
 * token is removed, so what is parsed, shown and logged never holds it.
 */
export function redactJsonText(text: string, redact: Redact): string {
  if (!text.includes('\\u')) return redact(text);
  return redact(
    text.replace(
      TOKEN_CHAR_ESCAPE,
      (_match, backslashes: string, hex: string) =>
        `${backslashes}${String.fromCharCode(parseInt(hex, 16))}`,
    ),
  );
}

/**
 * Removes the bearer token from text the API sent back. An API (or a proxy in front of it) that
 * echoes the Authorization header in an error message would otherwise put the token on screen,
 * in the request log and in bug reports. The signature alone is enough to replay nothing, but it
 * is what makes the token secret, so it is removed wherever it appears too; so is the payload,
 * alone or with the header (the person's claims, and most of the token).
 */
export function createRedactor(token: string): Redact {
  const secrets = [token];
  const parts = token.split('.');
  // Longest first: the header and payload without the signature, then the payload alone (the
  // person's claims), then the signature. The header alone is the same in many tokens: no secret.
  if (parts.length === 3) {
    const [header = '', payload = '', signature = ''] = parts;
    for (const part of [`${header}.${payload}`, payload, signature]) {
      // A payload is base64url JSON ("eyJ…"): even a short one does not occur by chance.
      const shortest = part === payload && payload.startsWith('eyJ') ? 10 : MIN_SECRET_PART;
      if (part.length >= shortest) secrets.push(part);
    }
  } else {
    const signature = token.slice(token.lastIndexOf('.') + 1);
    if (signature !== token && signature.length >= MIN_SECRET_PART) secrets.push(signature);
  }
  return ((text: string | undefined) => {
    if (text === undefined) return undefined;
    let result = text;
    for (const secret of secrets) {
      if (result.includes(secret)) result = result.split(secret).join(REDACTED);
    }
    return result;
  }) as Redact;
}
