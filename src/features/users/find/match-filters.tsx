import { useId, useState } from 'react';
import { Button } from '../../../components/button';
import { formatCount } from '../../../lib/format';
import { parseIsoDay, startOfDay } from '../../../lib/zone-calendar';
import type { User } from '../api/users-api';

/**
 * Find's **Filter matches**: the matches in hand narrowed by e-mail (or domain) and by the day
 * they were created in the console's time zone, the days the table shows; no request.
 */

export interface MatchFilter {
  /** Part of the e-mail address, or its domain (`@example.org`). */
  email: string;
  /** `YYYY-MM-DD` in the console's time zone, inclusive; empty for no bound. */
  from: string;
  to: string;
}
export const NO_FILTER: MatchFilter = { email: '', from: '', to: '' };

/** Narrows the matches in the page: no request. The days are the zone's, as the table shows. */
export function filterMatches(
  matches: readonly User[],
  filter: MatchFilter,
  timeZone: string,
): readonly User[] {
  const email = filter.email.trim().toLowerCase();
  const from = parseIsoDay(filter.from);
  const to = parseIsoDay(filter.to);
  if (email === '' && from === undefined && to === undefined) return matches;
  const after = from === undefined ? -Infinity : startOfDay(timeZone, from);
  const before = to === undefined ? Infinity : startOfDay(timeZone, to + 1);
  return matches.filter((user) => {
    if (email !== '' && !user.email.toLowerCase().includes(email)) return false;
    if (from === undefined && to === undefined) return true;
    const created = Date.parse(user.created_at);
    return !Number.isNaN(created) && created >= after && created < before;
  });
}

/** **Filter matches**: by e-mail (or domain) and created date, over the matches in hand. */
export function MatchFilters({
  filter,
  onChange,
  shown,
  total,
  timeZone,
}: {
  filter: MatchFilter;
  onChange: (filter: MatchFilter) => void;
  shown: number;
  total: number;
  timeZone: string;
}) {
  const input =
    'rounded-md border border-slate-300 bg-white px-2 py-1 text-sm dark:border-slate-600 dark:bg-slate-800';
  const setCount = [filter.email, filter.from, filter.to].filter((value) => value !== '').length;
  // On a phone the boxes fold behind Filters (APG disclosure; index.css hides them), so the
  // matches start on the first screen; open at first when a filter is in effect.
  const [open, setOpen] = useState(setCount > 0);
  const groupId = useId();
  return (
    <fieldset
      id={groupId}
      data-folded={open ? undefined : ''}
      className="flex flex-wrap items-end gap-3 text-sm"
    >
      <legend className="mb-1 font-medium max-sm:sr-only">Filter matches</legend>
      <Button
        aria-expanded={open}
        aria-controls={groupId}
        onClick={() => setOpen(!open)}
        className="sm:hidden"
        data-fold-keep=""
      >
        Filters
        {/* Folded, the boxes do not say what is in effect: the count does. */}
        {setCount > 0 && <span className="font-normal"> ({setCount} set)</span>}
      </Button>
      <label className="flex flex-col gap-1">
        E-mail or domain
        <input
          type="search"
          value={filter.email}
          onChange={(event) => onChange({ ...filter, email: event.target.value })}
          className={input}
        />
      </label>
      <label className="flex flex-col gap-1">
        Created from ({timeZone})
        <input
          type="date"
          value={filter.from}
          onChange={(event) => onChange({ ...filter, from: event.target.value })}
          className={input}
        />
      </label>
      <label className="flex flex-col gap-1">
        Created to ({timeZone})
        <input
          type="date"
          value={filter.to}
          onChange={(event) => onChange({ ...filter, to: event.target.value })}
          className={input}
        />
      </label>
      {shown !== total && (
        <span className="pb-1" data-fold-keep="">
          {formatCount(shown)} of {formatCount(total)} matches shown
        </span>
      )}
    </fieldset>
  );
}
