import { ConfigError } from './config-error.ts';

/**
 * config.json's `embedOrigins`: the sites that may show the person card (`/embed/…`) in a frame,
 * a help desk's side panel. The list becomes the card's `frame-ancestors` (the served
 * Content-Security-Policy) and the only origins whose messages the card reads and answers, so an
 * entry must be exactly one origin: a wildcard would let any site of a domain frame the card and
 * talk to it, and a path means nothing to `frame-ancestors` (it matches origins only), so whoever
 * wrote one meant something the browser would not do. The container's start-up hook refuses the
 * same entries (deploy/18-admin-console.envsh, EMBED_ORIGINS).
 */

/** A help desk or two, and their app hosts; a list longer than this is a mistake. */
export const MAX_EMBED_ORIGINS = 20;
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);
const EXAMPLE = '"https://acme.zendesk.com"';
const OCTET = '(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])';
/**
 * The hosts the start-up hook takes (deploy/17-admin-console-lib.envsh, `_console_origin`): DNS
 * names whose last label starts with a letter, dotted-quad IPv4 addresses and [::1]. The URL
 * parser lets more through (`https://a.example.com;script-src`), and the origins are written into
 * a Content-Security-Policy, where `;` starts a directive of its own.
 */
const PLAIN_HOST = new RegExp(
  `^(?:\\[::1\\]|(?:[a-z0-9-]+\\.)*[a-z][a-z0-9-]*\\.?|(?:${OCTET}\\.){3}${OCTET})$`,
);

export function readEmbedOrigins(value: unknown): string[] {
  if (value === undefined || value === null) return [];
  const refuse = (detail: string): never => {
    throw new ConfigError(`embedOrigins in config.json is refused: ${detail}`);
  };
  if (!Array.isArray(value)) {
    return refuse(`it must be a list of origins such as [${EXAMPLE}], got ${describe(value)}.`);
  }
  if (value.length > MAX_EMBED_ORIGINS) {
    refuse(`it lists ${value.length} origins; at most ${MAX_EMBED_ORIGINS} are allowed.`);
  }
  const origins = value.map((entry, index) => {
    if (typeof entry !== 'string') {
      return refuse(
        `entry ${index + 1} must be an origin such as ${EXAMPLE}, got ${describe(entry)}.`,
      );
    }
    const problem = embedOriginProblem(entry);
    return problem === undefined ? (originOf(entry) as string) : refuse(problem);
  });
  return [...new Set(origins)];
}

/** What is wrong with one entry (named in the message, clipped), or undefined when it is fine. */
export function embedOriginProblem(entry: string): string | undefined {
  const text = entry.trim();
  const shown = JSON.stringify(text.length > 100 ? `${text.slice(0, 100)}…` : text);
  if (text.includes('*')) {
    return `${shown} is a wildcard: list each site that may frame the card by its origin, such as ${EXAMPLE}.`;
  }
  let url: URL | undefined;
  try {
    url = new URL(text);
  } catch {
    url = undefined;
  }
  if (
    !url ||
    (url.protocol !== 'https:' && url.protocol !== 'http:') ||
    !PLAIN_HOST.test(url.hostname)
  ) {
    return `${shown} is not an origin: give the scheme and host (and a port if not the default), such as ${EXAMPLE}.`;
  }
  if (url.protocol === 'http:' && !LOOPBACK_HOSTS.has(url.hostname)) {
    return `${shown} is refused: only https: origins may frame the card (http: only for localhost, 127.0.0.1 and [::1]).`;
  }
  // Checked on the text: the URL parser drops an empty "?" or "#", and adds the path "/".
  const rest = text.slice(text.indexOf('//') + 2).replace(/^[^/?#]*/, '');
  if (url.username !== '' || url.password !== '' || (rest !== '' && rest !== '/')) {
    const part = /^[/]/.test(rest) && !/[?#]/.test(rest) ? 'a path' : 'more than an origin';
    return `${shown} has ${part}; frame-ancestors takes origins only: use "${url.origin}".`;
  }
  if (text.replace(/\/$/, '').toLowerCase() !== url.origin) {
    return `${shown} is not written as an origin: use "${url.origin}".`;
  }
  return undefined;
}

function originOf(entry: string): string | undefined {
  try {
    return new URL(entry.trim()).origin;
  } catch {
    return undefined;
  }
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return `a ${typeof value}`;
}
