const USER_ID = /^user_[A-Za-z0-9][A-Za-z0-9_-]*$/;

export type ParsedUserId = { ok: true; id: string } | { ok: false; problem: string };

/**
 * Reads what support pastes into the lookup box: a bare id, or a console or API URL (or path)
 * with `/users/<id>` in it, its query and fragment aside.
 *
 * Ids are `user_` and a suffix. The prefix is taken in any case (`USER_…`, `User_…`); an id typed
 * all in capitals (a form or a ticket system that shouts) is read in lower case, which is how the
 * API writes its ids. A suffix in mixed case is kept as typed: it may be how the API spells it.
 */
export function parseUserIdInput(raw: string): ParsedUserId {
  const input = raw.trim();
  if (input === '') return { ok: false, problem: 'Enter a user ID, such as user_8f3k2m9x1q.' };
  if (/^[^\s@/]+@[^\s@/]+$/.test(input)) {
    return {
      ok: false,
      problem:
        'Lookup is by user ID (such as user_8f3k2m9x1q): the API has no search by e-mail address. Find the user in the Users list instead.',
    };
  }
  const fromPath = /\/users\/([^/?#\s]+)/.exec(input)?.[1];
  const candidate = lowerCaseId(fromPath === undefined ? input : safeDecode(fromPath));
  if (!USER_ID.test(candidate)) {
    return {
      ok: false,
      problem: `“${truncate(candidate)}” is not a user ID: IDs look like user_ followed by letters and digits (in lower case).`,
    };
  }
  return { ok: true, id: candidate };
}

/** `USER_ABC1` reads as `user_abc1`, `User_aBc` as `user_aBc`. */
function lowerCaseId(candidate: string): string {
  if (!/^user_/i.test(candidate)) return candidate;
  if (candidate === candidate.toUpperCase()) return candidate.toLowerCase();
  return `user_${candidate.slice('user_'.length)}`;
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

function truncate(value: string): string {
  return value.length > 60 ? `${value.slice(0, 57)}…` : value;
}
