/** What a repeated credential is replaced with wherever the console shows, logs or copies text. */
export const REDACTED = '[token removed]';

/** Signatures shorter than this could match ordinary text by chance; the whole token still counts. */
const MIN_SECRET_PART = 16;

type Redact = {
  (text: string): string;
  (text: string | undefined): string | undefined;
};

/**
 * Removes the bearer token from text the API sent back. An API (or a proxy in front of it) that
 * echoes the Authorization header in an error message would otherwise put the token on screen,
 * in the request log and in bug reports. The signature alone is enough to replay nothing, but it
 * is what makes the token secret, so it is removed wherever it appears too.
 */
export function createRedactor(token: string): Redact {
  const secrets = [token];
  const signature = token.slice(token.lastIndexOf('.') + 1);
  if (signature !== token && signature.length >= MIN_SECRET_PART) secrets.push(signature);
  return ((text: string | undefined) => {
    if (text === undefined) return undefined;
    let result = text;
    for (const secret of secrets) {
      if (result.includes(secret)) result = result.split(secret).join(REDACTED);
    }
    return result;
  }) as Redact;
}
