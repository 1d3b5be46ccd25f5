import { redactUrl } from './api-error';
import { withoutTokens } from './token-shape';

/** What a curl command needs to know about a request: the request log's and ApiError's fields. */
export type CurlRequest = { readonly method: string; readonly url: string };

/**
 * One word for a POSIX shell: everything between single quotes is literal (`&`, spaces, `$`,
 * backticks, unicode), and a `'` is written as `'\''` (close, escaped quote, reopen).
 */
export function shellQuote(value: string): string {
  return `'${value.replaceAll("'", `'\\''`)}'`;
}

// Sent URLs never hold control characters (the URL parser encodes them), but a pasted command
// that did could move a terminal's cursor or end the line early; encoded, they stay inert.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARS = /[\u0000-\u001f\u007f]/g;

/**
 * A curl command that repeats a logged request: the exact URL (query encoding as it was sent, base
 * path included; secret-looking query parameters dropped), its Accept header, and the token as `$TOKEN`, left for the shell to expand. The
 * token itself is never an input, so it cannot end up in the command.
 *
 * `--globoff` stops curl reading `[`, `]`, `{` and `}` in the URL as its own range patterns.
 */
export function curlCommand({ method, url }: CurlRequest): string {
  const words = ['curl', '--globoff'];
  if (method.toUpperCase() !== 'GET') words.push('-X', shellQuote(method));
  words.push(
    '-H',
    shellQuote('Accept: application/json'),
    '-H',
    '"Authorization: Bearer $TOKEN"',
    // The log and ApiError hold redacted URLs already; redacting again costs nothing and keeps
    // any caller's secret-looking query parameter off the clipboard, and anything token-shaped.
    shellQuote(
      withoutTokens(redactUrl(url)).replace(CONTROL_CHARS, (char) => encodeURIComponent(char)),
    ),
  );
  return words.join(' ');
}
