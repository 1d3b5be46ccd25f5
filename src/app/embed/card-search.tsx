import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { apiLine } from '../../components/api-text';
import { Button } from '../../components/button';
import { QueryAlert } from '../../components/query-alert';
import { formatCount } from '../../lib/format';
import { useTimeZone } from '../../lib/time-zone';
import type { User, UserDetail } from '../../features/users/api/users-api';
import { findPath } from '../../features/users/find/find-query';
import { userToOpen } from '../../features/users/find/find-status';
import { cancelFind, type FindMode, type FindProgress } from '../../features/users/find/find-users';
import { findQueryOptions } from '../../features/users/find/find-query-options';
import { FindScanProgress } from '../../features/users/find/find-scan-progress';
import { CardHeading, CardStatus, ConsoleLink } from './card-parts';
import { PersonCard } from './person-card';

/** The matches a side panel lists; the Find page, a tab away, has them all. */
export const SHORT_LIST = 5;

/**
 * A search for the card: Find's own (find-users.ts), with its pool, bounds and cache key, so the
 * card's answer is the Find page's. One person is shown at once; several are a short list to
 * choose from; none is said only when the whole list was looked through, with the requests it
 * took. Anything less (a bound reached, an order the API does not keep, a failure) says so and
 * leads to the Find page, never to "no user".
 */
export function CardSearch({
  mode,
  text,
  apiBaseUrl,
  imageSources,
  onShown,
}: {
  mode: FindMode;
  text: string;
  apiBaseUrl: string;
  imageSources: readonly string[];
  onShown: (user: UserDetail) => void;
}) {
  const queryClient = useQueryClient();
  const timeZone = useTimeZone();
  const [progress, setProgress] = useState<FindProgress | null>(null);
  const [chosen, setChosen] = useState<string | null>(null);
  const query = useQuery(
    findQueryOptions({ queryClient, apiBaseUrl, mode, text, timeZone, onProgress: setProgress }),
  );
  const outcome = query.data;
  const requests = outcome?.requests ?? progress?.requests ?? 0;
  const made = `${formatCount(requests)} ${requests === 1 ? 'request' : 'requests'}`;
  const findPage = findPath(
    text,
    mode === 'anywhere' || mode === 'date-scan' ? 'anywhere' : undefined,
  );
  const described = describe(mode, text);

  const one = userToOpen(mode, outcome);
  if (one) return <PersonCard id={one.id} imageSources={imageSources} onShown={onShown} />;
  if (chosen !== null) {
    return (
      <PersonCard
        id={chosen}
        imageSources={imageSources}
        onShown={onShown}
        back={
          <Button onClick={() => setChosen(null)} className="px-2 py-0.5 text-xs">
            <span aria-hidden="true">←</span> Back to the matches
          </Button>
        }
      />
    );
  }

  if (query.isError && !query.isFetching) {
    return (
      <div className="space-y-3">
        <CardHeading>Person card</CardHeading>
        <CardStatus>
          Search for {described} stopped by an error · {made}
        </CardStatus>
        <QueryAlert query={query} what="users for the search" />
      </div>
    );
  }
  if (!outcome || query.isFetching) {
    const scan = progress?.scan;
    return (
      <div className="space-y-3">
        <CardHeading>Looking up {described}</CardHeading>
        <CardStatus>Searching… {made} so far</CardStatus>
        {scan && (
          <div className="flex flex-wrap items-center gap-2">
            <FindScanProgress
              scan={scan}
              onCancel={() => cancelFind(queryClient, apiBaseUrl, mode, text, timeZone)}
            />
          </div>
        )}
        <QueryAlert query={query} what="users for the search" />
      </div>
    );
  }
  if (outcome.kind === 'cancelled') {
    return (
      <div className="space-y-3">
        <CardHeading>Person card</CardHeading>
        <CardStatus>
          Search for {described} cancelled · {made}
        </CardStatus>
        <Button onClick={() => void query.refetch()}>Search again</Button>
      </div>
    );
  }
  if (outcome.kind === 'unsorted') {
    return (
      <div className="space-y-3">
        <CardHeading>Person card</CardHeading>
        <CardStatus>Could not search by halving the list · {made}</CardStatus>
        <p>
          The API’s pages contradict the order Find needs to go straight to {described}. The Find
          page can read the whole list.
        </p>
        <ConsoleLink href={findPage}>Open in console</ConsoleLink>
      </div>
    );
  }
  const { matches } = outcome;
  if (matches.length === 0 && !outcome.truncated) {
    return (
      <div className="space-y-3">
        <CardHeading>No user found</CardHeading>
        <CardStatus>
          {noneText(mode, text)} · {made}
        </CardStatus>
      </div>
    );
  }
  if (matches.length === 0) {
    return (
      <div className="space-y-3">
        <CardHeading>Person card</CardHeading>
        <CardStatus>No match yet · the search stopped at its bound · {made}</CardStatus>
        <p>
          It stopped before it had looked everywhere {described} could be: the person may still be
          there. The Find page goes on reading.
        </p>
        <ConsoleLink href={findPage}>Open in console</ConsoleLink>
      </div>
    );
  }
  return (
    <MatchList
      matches={matches}
      truncated={outcome.truncated}
      status={`${formatCount(matches.length)}${outcome.truncated ? ' or more' : ''} users match ${described} · ${made}`}
      findPage={findPage}
      onChoose={setChosen}
    />
  );
}

function MatchList({
  matches,
  truncated,
  status,
  findPage,
  onChoose,
}: {
  matches: readonly User[];
  truncated: boolean;
  status: string;
  findPage: string;
  onChoose: (id: string) => void;
}) {
  const more = matches.length - SHORT_LIST;
  return (
    <div className="space-y-3">
      <CardHeading>
        {formatCount(matches.length)}
        {truncated ? '+' : ''} matches
      </CardHeading>
      <CardStatus>{status}</CardStatus>
      <ul className="space-y-1" aria-label="Matches">
        {matches.slice(0, SHORT_LIST).map((user) => (
          <li key={user.id}>
            <button
              type="button"
              onClick={() => onChoose(user.id)}
              className="w-full rounded-md border border-slate-200 px-2 py-1.5 text-left hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-800"
            >
              <span className="block font-medium wrap-break-word">{apiLine(user.name, 200)}</span>
              <span className="block text-xs break-all text-slate-600 dark:text-slate-400">
                {apiLine(user.email, 200)}
              </span>
            </button>
          </li>
        ))}
      </ul>
      <p className="flex flex-wrap items-baseline gap-x-2">
        {more > 0 && <span>And {formatCount(more)} more.</span>}
        <ConsoleLink href={findPage}>Open in console</ConsoleLink>
        <span className="text-xs text-slate-600 dark:text-slate-400">(every match, in Find)</span>
      </p>
    </div>
  );
}

function describe(mode: FindMode, text: string): string {
  const shown = `“${apiLine(text, 100)}”`;
  if (mode === 'email') return `the e-mail address ${shown}`;
  if (mode === 'date' || mode === 'date-scan') return `sign-ups on ${shown}`;
  return shown;
}

function noneText(mode: FindMode, text: string): string {
  const shown = apiLine(text, 100);
  if (mode === 'email') return `No user with e-mail ${shown}`;
  if (mode === 'date' || mode === 'date-scan') return `No user signed up on ${shown}`;
  return `No user with “${shown}” in their name`;
}
