import { clipLine, showBidiControls } from './display-text.ts';
import { closestName } from './similar-name.ts';

/**
 * The names config.json may use. A name that is not here stops the console at start-up: ignored,
 * a mistyped `apiBaseURL` left the file without an API, and the console started the demo with
 * fake data. A new setting is one more name in its list (and the code that reads it).
 */
export const CONFIG_KEYS = [
  'apiBaseUrl',
  'apis',
  'oidc',
  'requestTimeoutMs',
  'imageOrigins',
  'categories',
] as const;

/** The names of an entry of `apis`. */
export const API_ENTRY_KEYS = ['name', 'baseUrl', 'production', 'oidc'] as const;

/** The names of `oidc`, at the top or in an entry of `apis`. */
export const OIDC_KEYS = ['issuer', 'clientId', 'scope', 'resource', 'audience', 'name'] as const;

/** Named one by one up to this many; the rest are counted. */
const MAX_NAMED = 5;

/**
 * What is wrong with the names of `object`, or undefined when `known` has them all: each unknown
 * name quoted (as written, marks that reorder text made visible), with the known name it most
 * likely stands for.
 */
export function unknownKeysProblem(
  object: Record<string, unknown>,
  known: readonly string[],
): string | undefined {
  const unknown = Object.keys(object).filter((key) => !known.includes(key));
  if (unknown.length === 0) return undefined;
  let guessedAll = true;
  const sentences = unknown.slice(0, MAX_NAMED).map((key) => {
    const meant = closestName(key, known);
    if (meant === undefined) guessedAll = false;
    const quoted = showBidiControls(JSON.stringify(clipLine(key, 80)));
    return `${quoted} is not a setting${meant === undefined ? '.' : `; did you mean "${meant}"?`}`;
  });
  if (unknown.length > MAX_NAMED) sentences.push(`And ${unknown.length - MAX_NAMED} more.`);
  if (!guessedAll) sentences.push(`The settings here are ${listOf(known)}.`);
  return sentences.join(' ');
}

function listOf(names: readonly string[]): string {
  return names.length < 2
    ? names.join('')
    : `${names.slice(0, -1).join(', ')} and ${names.at(-1) as string}`;
}
