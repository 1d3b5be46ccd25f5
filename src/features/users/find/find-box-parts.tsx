import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link } from '../../../components/link';
import { apiLine } from '../../../lib/display-text';
import { readRecentLookups, rememberLookup } from '../recent-lookups';
import { indexUsersFrom, suggestSeenUsers } from '../seen-users';
import { userPath } from '../user-path';
import { findPath, foreignLinkHost, foreignLinkNote, hostOf, parseFindQuery } from './find-query';

/**
 * What the header's Find user box (user-lookup.tsx) loads when it is first used: reading what was
 * typed, and its popover.
 */

/**
 * Where the box's text leads: a user (remembered among the recent lookups), or Find. A link to
 * another host than this API's (`apiBaseUrl`) or this console's leads to the id it holds, with a
 * note that says so.
 */
export function destinationOf(
  text: string,
  apiBaseUrl: string,
): { ok: true; path: string; note?: string | undefined } | { ok: false; problem: string } {
  const parsed = parseFindQuery(text);
  if (parsed.kind === 'invalid') return { ok: false, problem: parsed.problem };
  if (parsed.kind === 'id') {
    rememberLookup(parsed.id);
    const known = [window.location.host, hostOf(apiBaseUrl)].filter((host) => host !== undefined);
    const foreign = foreignLinkHost(parsed, known);
    return {
      ok: true,
      path: userPath(parsed.id),
      note: foreign === undefined ? undefined : foreignLinkNote(apiLine(foreign, 100)),
    };
  }
  return { ok: true, path: findPath(parsed.text) };
}

const POPOVER =
  'absolute top-full left-0 z-20 mt-1 w-80 max-w-[calc(100vw-2rem)] rounded-md border border-slate-200 bg-white p-2 text-sm shadow dark:border-slate-700 dark:bg-slate-900';
const LINK =
  'block truncate rounded px-1 text-blue-700 hover:bg-slate-100 dark:text-blue-300 dark:hover:bg-slate-800';

/**
 * The users this tab has seen that match what is typed (seen-users.ts: no request), or, before
 * that, the ids looked up recently. Plain links, not a datalist: `list` would turn the box into a
 * combobox, and the box stays a searchbox.
 */
export function FindBoxPopover({ text, onChosen }: { text: string; onChosen: () => void }) {
  const labelId = useId();
  // Used before the index started by itself (it waits for an idle moment): start it now.
  indexUsersFrom(useQueryClient());
  // Read once per opening: the list changes only with a lookup, which closes the popover.
  const [recent] = useState(readRecentLookups);
  const seen = suggestSeenUsers(text, 6);
  if (seen.length === 0 && recent.length === 0) return null;
  return (
    <div role="group" aria-labelledby={labelId} className={POPOVER}>
      <p id={labelId} className="mb-1 text-xs font-medium text-slate-600 dark:text-slate-300">
        {seen.length > 0 ? 'Seen in this tab' : 'Recent lookups'}
      </p>
      <ul className="space-y-0.5">
        {seen.length > 0
          ? seen.map((user) => (
              <li key={user.id}>
                <Link
                  to={userPath(user.id)}
                  onClick={() => {
                    rememberLookup(user.id);
                    onChosen();
                  }}
                  className={LINK}
                >
                  {apiLine(user.name, 80)}{' '}
                  <span className="text-xs text-slate-600 dark:text-slate-400">
                    {apiLine(user.email, 80)}
                  </span>
                </Link>
              </li>
            ))
          : recent.map((id) => (
              <li key={id}>
                <Link to={userPath(id)} onClick={onChosen} className={`${LINK} font-mono text-xs`}>
                  {id}
                </Link>
              </li>
            ))}
      </ul>
    </div>
  );
}
