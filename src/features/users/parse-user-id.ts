const USER_ID = /^user_[A-Za-z0-9][A-Za-z0-9_-]*$/;

export type ParsedUserId = { ok: true; id: string } | { ok: false; problem: string };

/**
 * Reads what support pastes into the lookup box: a bare id, or a console or API URL (or path)
 * with `/users/<id>` in it.
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
  const candidate = fromPath === undefined ? input : safeDecode(fromPath);
  if (!USER_ID.test(candidate)) {
    return {
      ok: false,
      problem: `“${truncate(candidate)}” is not a user ID: IDs look like user_ followed by letters and digits.`,
    };
  }
  return { ok: true, id: candidate };
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
