/**
 * Text that leaves the console as a file or a ticket goes through this as well as the API client's
 * redaction (lib/redact.ts), which knows the token: this knows none, so anything shaped like a JWT
 * (a base64url JSON header starting `eyJ`, a payload, a signature) is taken out. No request id, URL
 * or message of this API has that shape; a token pasted into one by a proxy or a person would.
 */
const JWT_SHAPE = /eyJ[\w-]{4,}\.[\w-]{4,}\.[\w-]*/g;

export const TOKEN_REMOVED = '[token removed]';

export function withoutTokens(text: string): string {
  return text.replace(JWT_SHAPE, TOKEN_REMOVED);
}

/** Whether the text holds something shaped like a JWT (a pasted access token, say). */
export function holdsToken(text: string): boolean {
  return new RegExp(JWT_SHAPE.source).test(text);
}
