/**
 * Text that leaves the console as a file or a ticket goes through this as well as the API client's
 * redaction (lib/redact.ts), which knows the token: this knows none, so anything shaped like a JWT
 * or a part of one is taken out: a whole token, a header and payload without the signature, or a
 * payload alone (the person's claims; base64url JSON, so it starts `eyJ` as the header does). No
 * request id, URL or message of this API has that shape; a token pasted into one by a proxy or a
 * person would. At least 10 characters (the shortest JSON object with a key), and not the middle
 * of a longer word, so that a name such as "HoneyJar" stays.
 */
const JWT_SHAPE = /(?<![A-Za-z0-9])eyJ[\w-]{7,}(?:\.[\w-]+){0,2}/g;

export const TOKEN_REMOVED = '[token removed]';

export function withoutTokens(text: string): string {
  return text.replace(JWT_SHAPE, TOKEN_REMOVED);
}

/** Whether the text holds something shaped like a JWT (a pasted access token, say). */
export function holdsToken(text: string): boolean {
  return new RegExp(JWT_SHAPE.source).test(text);
}
