import type { User } from '../api/users-api';
import type { FindMode, FindOutcome } from './find-users';

/**
 * The user a search leads straight to: the one person an e-mail or a name matched, the whole list
 * having been looked through (a day's sign-ups are a list, even of one). Read from the outcome,
 * whether the search ran just now or its answer came from the cache: the same search gives the
 * same answer every time.
 */
export function userToOpen(mode: FindMode, outcome: FindOutcome | undefined): User | undefined {
  if (mode === 'date' || mode === 'date-scan') return undefined;
  if (outcome?.kind !== 'found' || outcome.truncated || outcome.matches.length !== 1) {
    return undefined;
  }
  return outcome.matches[0];
}
