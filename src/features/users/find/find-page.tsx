import { RateLimitNote } from '../../../components/rate-limit-note';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { Link } from '../../../components/link';
import { Button } from '../../../components/button';
import { DataTable } from '../../../components/data-table/data-table';
import type { PageParams } from '../../../components/data-table/page-params';
import { QueryAlert } from '../../../components/query-alert';
import { useDocumentTitle } from '../../../components/use-document-title';
import { formatCount } from '../../../lib/format';
import { useTimeZone } from '../../../lib/time-zone';
import type { User } from '../api/users-api';
import { userPath } from '../user-path';
import { usersColumns } from '../users-columns';
import { findPath, parseFindQuery, readFindParams, TOKEN_PROBLEM } from './find-query';
import { boundNote, describeDays, statusText, userToOpen } from './find-status';
import { exportLabel, matchesExport } from './find-export';
import { findQueryOptions } from './find-query-options';
import { FindScanProgress } from './find-scan-progress';
import { filterMatches, MatchFilters, NO_FILTER, type MatchFilter } from './match-filters';
import {
  cancelFind,
  raiseFindBound,
  type FindMode,
  type FindOutcome,
  type FindProgress,
} from './find-users';

/**
 * `/users/find#q=…`: who is this person? The URL's fragment is the search (reload, Back and shared
 * links run it again, and the web server never sees it: find-query.ts findPath); `match=anywhere`
 * reads the whole list for a name that appears anywhere in names. The title says only "Find user":
 * the search is personal data, and titles go into the history and onto screen shares.
 */
export function FindPage({ apiBaseUrl }: { apiBaseUrl: string }) {
  const location = useLocation();
  const { q: raw, match, moved } = readFindParams(location);
  const parsed = parseFindQuery(raw);
  const timeZone = useTimeZone();
  useDocumentTitle('Find user');
  if (parsed.kind === 'invalid' && parsed.problem === TOKEN_PROBLEM && raw !== '') {
    // A token in the URL: out of the address bar and the history entry at once.
    return <Navigate to="/users/find" replace state={{ findProblem: TOKEN_PROBLEM }} />;
  }
  if (moved) {
    return <Navigate to={findPath(raw, match === 'anywhere' ? 'anywhere' : undefined)} replace />;
  }
  if (parsed.kind === 'id') return <Navigate to={userPath(parsed.id)} replace />;
  const refused = (location.state as { findProblem?: unknown } | null)?.findProblem;
  return (
    <div className="space-y-4">
      <h1 className="text-xl font-semibold">Find user</h1>
      {parsed.kind === 'invalid' ? (
        <p role="status" className="text-sm text-red-800 dark:text-red-200">
          {raw === '' && refused === TOKEN_PROBLEM ? TOKEN_PROBLEM : parsed.problem}
        </p>
      ) : (
        <FindResults
          // A day's search starts afresh in another time zone: its days are other instants.
          key={`${parsed.kind}:${parsed.text}:${match ?? ''}:${parsed.kind === 'date' ? timeZone : ''}`}
          mode={
            parsed.kind === 'date'
              ? dateMode(match)
              : parsed.kind === 'email'
                ? 'email'
                : match === 'anywhere'
                  ? 'anywhere'
                  : 'name'
          }
          text={parsed.text}
          apiBaseUrl={apiBaseUrl}
          timeZone={timeZone}
        />
      )}
    </div>
  );
}

const FIRST_PAGE: PageParams = { page: 1, limit: 50 };

/** A day or range: by bisection, or (`match=anywhere`, offered when the API cannot) by reading. */
function dateMode(match: string | null): FindMode {
  return match === 'anywhere' ? 'date-scan' : 'date';
}

function FindResults({
  mode,
  text,
  apiBaseUrl,
  timeZone,
}: {
  mode: FindMode;
  text: string;
  apiBaseUrl: string;
  /** The console's time zone: a day search's days, and Filter matches' dates. */
  timeZone: string;
}) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [progress, setProgress] = useState<FindProgress | null>(null);
  const [pagination, setPagination] = useState(FIRST_PAGE);
  const query = useQuery(
    findQueryOptions({ queryClient, apiBaseUrl, mode, text, timeZone, onProgress: setProgress }),
  );
  const outcome = query.data;
  const running = query.isFetching;
  const matches: readonly User[] = useMemo(
    () => (outcome && outcome.kind !== 'unsorted' ? outcome.matches : (progress?.matches ?? [])),
    [outcome, progress],
  );
  const requests = outcome?.requests ?? progress?.requests ?? 0;
  const widened = (outcome?.kind === 'found' && outcome.widened) || progress?.widened === true;
  const [filter, setFilter] = useState<MatchFilter>(NO_FILTER);
  const shown = useMemo(
    () => filterMatches(matches, filter, timeZone),
    [matches, filter, timeZone],
  );

  const page = useMemo(() => {
    const start = (pagination.page - 1) * pagination.limit;
    return {
      data: shown.slice(start, start + pagination.limit),
      meta: { total: shown.length, page: pagination.page, limit: pagination.limit },
    };
  }, [shown, pagination]);
  const view = useMemo(
    () => ({ id: 'users', export: matchesExport(shown, exportLabel(mode, text)) }),
    [shown, mode, text],
  );
  // One person matched (an e-mail, or a name only one person has): support goes straight there,
  // from the outcome however it came (a query function runs once per five minutes, not per visit).
  const opened = userToOpen(mode, outcome);
  if (opened) return <Navigate to={userPath(opened.id)} replace />;

  const scan = running ? progress?.scan : undefined;
  // A 429 that holds a search by halving: its pool says when it goes on (Find's pages leave 429s
  // to the pool, never to the query client's retry).
  const waitsUntil = running && !scan ? progress?.retryAt : undefined;
  const described = mode === 'email' ? `the e-mail address “${text}”` : `“${text}”`;

  return (
    <>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        {mode === 'date' || mode === 'date-scan'
          ? `${describeDays(text, timeZone)}${mode === 'date-scan' ? ' Read from the whole list.' : ''}`
          : mode === 'email'
            ? `Users with ${described}.`
            : mode === 'anywhere'
              ? `Users with ${described} anywhere in their name, read from the whole list.`
              : widened
                ? `No name starts with ${described}, so users with it anywhere in their name are listed, read from the whole list.`
                : `Users whose name starts with ${described}, case and accents aside.`}
      </p>
      <p role="status" className="text-sm font-medium">
        {query.isError && !running
          ? `Search stopped by an error · ${formatCount(matches.length)} ${matches.length === 1 ? 'match' : 'matches'} so far · ${formatCount(requests)} ${requests === 1 ? 'request' : 'requests'}`
          : statusText(outcome, running, matches.length, requests, mode, text, widened)}
      </p>
      {scan && (
        <div className="flex flex-wrap items-center gap-3 text-sm">
          <span className="tabular-nums">
            {scan.total === undefined
              ? 'Reading the list of users…'
              : `Read ${formatCount(Math.min(scan.rows, scan.total))} of ${formatCount(scan.total)} users`}
          </span>
          <FindScanProgress
            scan={scan}
            onCancel={() => cancelFind(queryClient, apiBaseUrl, mode, text, timeZone)}
          />
          {scan.retryAt !== undefined && <RateLimitNote retryAt={scan.retryAt} />}
        </div>
      )}
      {waitsUntil !== undefined && (
        <p className="text-sm">
          <RateLimitNote retryAt={waitsUntil} />
        </p>
      )}
      <QueryAlert query={query} what="users for the search" />
      {outcome?.kind === 'found' && <OutcomeNotes outcome={outcome} mode={mode} text={text} />}
      {outcome?.kind === 'found' && outcome.truncated && (
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <span>{boundNote(outcome)}</span>
          {outcome.read && (
            <Button
              onClick={() => {
                raiseFindBound(queryClient, apiBaseUrl, mode, text, timeZone);
                void query.refetch();
              }}
            >
              Go on reading
            </Button>
          )}
        </div>
      )}
      {outcome?.kind === 'unsorted' && mode === 'date' && (
        <div className="space-y-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm dark:border-amber-700 dark:bg-amber-950/50">
          <p>
            {outcome.note ??
              'The API did not sort the users by sign-up date: its pages contradict that order, so Find cannot go straight to the day.'}
          </p>
          <ScanLink text={text}>Search by reading every user instead</ScanLink>
        </div>
      )}
      {outcome?.kind === 'unsorted' && mode !== 'date' && (
        <div className="space-y-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm dark:border-amber-700 dark:bg-amber-950/50">
          <p>
            The API did not sort the users by name: its pages contradict every order Find knows, so
            it cannot go straight to where the name would be.
          </p>
          <ScanLink text={text}>Search by reading every user instead</ScanLink>
        </div>
      )}
      {outcome?.kind === 'cancelled' && (
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <span>What was found before the search was cancelled stays below.</span>
          <Button onClick={() => void query.refetch()}>Search again</Button>
        </div>
      )}
      {matches.length > 1 && (
        <MatchFilters
          filter={filter}
          onChange={(next) => {
            setFilter(next);
            setPagination((current) => ({ ...current, page: 1 }));
          }}
          shown={shown.length}
          total={matches.length}
          timeZone={timeZone}
        />
      )}
      {(matches.length > 0 || outcome?.kind === 'found') && (
        <DataTable
          label="Matches"
          noun="users"
          columns={usersColumns}
          data={page}
          busy={false}
          pagination={pagination}
          onPaginationChange={setPagination}
          getRowId={(user) => user.id}
          onRowActivate={(user) => navigate(userPath(user.id))}
          emptyStatus={matches.length > 0 ? 'No match passes the filter' : 'No matches'}
          empty={
            matches.length > 0
              ? 'No match passes the filter.'
              : widened
                ? `No name has “${text}” in it.`
                : mode === 'email'
                  ? `No user has the e-mail address “${text}”.`
                  : 'No matches.'
          }
          view={view}
        />
      )}
    </>
  );
}

function OutcomeNotes({
  outcome,
  mode,
  text,
}: {
  outcome: Extract<FindOutcome, { kind: 'found' }>;
  mode: FindMode;
  text: string;
}) {
  return (
    <div className="space-y-1 text-sm text-slate-700 dark:text-slate-300">
      {outcome.note && <p>{outcome.note}</p>}
      {/* A guess from the pages read, so worded as one; an e-mail's pages cannot tell orders
          apart (addresses differ in no case or accent that the orders file differently). */}
      {outcome.order && mode === 'name' && (
        <details className="text-xs">
          <summary className="cursor-pointer">How Find searched</summary>
          <p>
            The API seems to sort names by {outcome.order} (a guess from the pages it returned).
            Find went straight to where the name would be.
          </p>
        </details>
      )}
      {outcome.changed && (
        <p>
          The number of users changed during the search: a user added or removed meanwhile may be
          missing.
        </p>
      )}
      {mode === 'name' && !outcome.widened && (
        <p>
          Looking for a surname or part of a name?{' '}
          <ScanLink text={text}>Find “{text}” anywhere in names</ScanLink> (reads every user).
        </p>
      )}
    </div>
  );
}

function ScanLink({ text, children }: { text: string; children: React.ReactNode }) {
  return (
    <Link to={findPath(text, 'anywhere')} className="text-blue-700 underline dark:text-blue-300">
      {children}
    </Link>
  );
}
