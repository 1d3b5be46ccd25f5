import { unknownKeysOf } from './config-keys.ts';
import { clipLine, showBidiControls } from './display-text.ts';
import { closestName } from './similar-name.ts';

/**
 * The message for names config.json does not know (lib/config-keys.ts lists those it does). Its
 * own module, which start-up loads only when there is such a name: the guess is not needed on
 * every page's first load.
 */

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
  const unknown = unknownKeysOf(object, known);
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
