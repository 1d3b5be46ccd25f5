import { formatCount } from '../../../lib/format';
import type { User } from '../api/users-api';
import { MAX_SCAN_REQUESTS, type FindMode, type FindOutcome } from './find-users';

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

/** `2025-03-14` or `2025-03-01..2025-03-31`, said plainly, with the time zone. */
export function describeDays(text: string, timeZone: string): string {
  const [first, last] = text.split('..');
  return last === undefined
    ? `Users who signed up on ${first} (a day in ${timeZone}, 00:00 to 24:00).`
    : `Users who signed up from ${first} to ${last}, both days included (days in ${timeZone}).`;
}

export function statusText(
  outcome: FindOutcome | undefined,
  running: boolean,
  found: number,
  requests: number,
  mode: FindMode,
  text: string,
  widened: boolean,
): string {
  const made = `${formatCount(requests)} ${requests === 1 ? 'request' : 'requests'}`;
  const matched = (count: number) =>
    count === 0 ? 'No matches' : `${formatCount(count)} ${count === 1 ? 'match' : 'matches'}`;
  // Says what was searched, so "nothing" is never more than what was looked at.
  const searched = widened ? `No name starts with “${text}” · anywhere in names: ` : '';
  if (running || !outcome) {
    return `${widened ? `No name starts with “${text}”; searching anywhere in names… ` : 'Searching… '}${found > 0 ? `${matched(found)} so far · ` : ''}${made} so far`;
  }
  if (outcome.kind === 'unsorted') return `Could not search by halving the list · ${made}`;
  if (outcome.kind === 'cancelled') return `Search cancelled · ${matched(found)} · ${made}`;
  if (found === 0 && !widened) {
    return mode === 'email'
      ? `No user has the e-mail address “${text}” · ${made}`
      : mode === 'anywhere'
        ? `No name has “${text}” anywhere in it · ${made}`
        : `No name starts with “${text}” · ${made}`;
  }
  if (outcome.truncated) {
    const bound =
      outcome.kind === 'found' && outcome.stoppedBy === 'requests'
        ? 'stopped at the bound on requests'
        : 'stopped at the bound on matches';
    return `${searched}${matched(found)} (${bound}) · ${made}`;
  }
  return `${searched}${matched(found)} · ${made}`;
}

/** Why a search stopped before the end: enough matches, or as many requests as one search may make. */
export function boundNote(outcome: Extract<FindOutcome, { kind: 'found' }>): string {
  const read = outcome.read
    ? `, having read ${formatCount(outcome.read.rows)} of ${formatCount(outcome.read.total)} users`
    : '';
  if (outcome.stoppedBy === 'requests') {
    return outcome.read
      ? `The search stopped after ${formatCount(outcome.requests)} requests${read}: one search reads at most the list’s first total plus a margin, and never more than ${formatCount(MAX_SCAN_REQUESTS)} requests at a go.`
      : `The search stopped after ${formatCount(outcome.requests)} requests, its bound, before it had looked everywhere the name could be: more may match.`;
  }
  return `The search stopped at ${formatCount(outcome.matches.length)} matches${read}.`;
}
