import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { Link } from '../../../components/link';
import { Button } from '../../../components/button';
import { DataTable } from '../../../components/data-table/data-table';
import type { ExportSourceLoader } from '../../../components/data-table/export/export-source';
import type { PageParams } from '../../../components/data-table/page-params';
import { ProgressBar } from '../../../components/progress-bar';
import { QueryAlert } from '../../../components/query-alert';
import { useDocumentTitle } from '../../../components/use-document-title';
import { formatCount } from '../../../lib/format';
import { userFields, usersKeys, type User } from '../api/users-api';
import { userPath } from '../user-path';
import { usersColumns } from '../users-columns';
import { findPath, parseFindQuery } from './find-query';
import {
  cancelFind,
  findUsers,
  MAX_MATCHES,
  type FindMode,
  type FindOutcome,
  type FindProgress,
} from './find-users';

/**
 * `/users/find?q=…`: who is this person? The URL is the search (reload, Back and shared links run
 * it again); `match=anywhere` reads the whole list for a name that appears anywhere in names.
 */
export function FindPage({ apiBaseUrl }: { apiBaseUrl: string }) {
  const [params] = useSearchParams();
  const raw = params.get('q') ?? '';
  const parsed = parseFindQuery(raw);
  useDocumentTitle(
    parsed.kind === 'name' || parsed.kind === 'email' || parsed.kind === 'date'
      ? parsed.text
      : undefined,
    'Find user',
  );
  if (parsed.kind === 'id') return <Navigate to={userPath(parsed.id)} replace />;
  return (
    <div className="space-y-4">
      <h1 className="text-xl font-semibold">Find user</h1>
      {parsed.kind === 'invalid' ? (
        <p role="status" className="text-sm text-red-800 dark:text-red-200">
          {parsed.problem}
        </p>
      ) : (
        <FindResults
          key={`${parsed.kind}:${parsed.text}:${params.get('match') ?? ''}`}
          mode={
            parsed.kind === 'date'
              ? dateMode(params)
              : parsed.kind === 'email'
                ? 'email'
                : params.get('match') === 'anywhere'
                  ? 'anywhere'
                  : 'name'
          }
          text={parsed.text}
          apiBaseUrl={apiBaseUrl}
        />
      )}
    </div>
  );
}

const FIRST_PAGE: PageParams = { page: 1, limit: 50 };

/** A day or range: by bisection, or (`match=anywhere`, offered when the API cannot) by reading. */
function dateMode(params: URLSearchParams): FindMode {
  return params.get('match') === 'anywhere' ? 'date-scan' : 'date';
}

/** `2025-03-14` or `2025-03-01..2025-03-31`, said plainly, with the time zone. */
function describeDays(text: string): string {
  const [first, last] = text.split('..');
  return last === undefined
    ? `Users who signed up on ${first} (a day in UTC, 00:00 to 24:00).`
    : `Users who signed up from ${first} to ${last}, both days included (days in UTC).`;
}

function FindResults({
  mode,
  text,
  apiBaseUrl,
}: {
  mode: FindMode;
  text: string;
  apiBaseUrl: string;
}) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [progress, setProgress] = useState<FindProgress | null>(null);
  const [pagination, setPagination] = useState(FIRST_PAGE);
  // The search is its mode and text; the client, the API and the progress callback are how it
  // runs, the same for every search on this page.
  // eslint-disable-next-line @tanstack/query/exhaustive-deps
  const query = useQuery({
    queryKey: usersKeys.find(mode, text),
    queryFn: async ({ signal }): Promise<FindOutcome> => {
      const outcome = await findUsers({
        queryClient,
        baseUrl: apiBaseUrl,
        mode,
        text,
        signal,
        onProgress: setProgress,
      });
      // An e-mail belongs to one person: take support straight there.
      if (mode === 'email' && outcome.kind === 'found' && outcome.matches.length === 1) {
        const [user] = outcome.matches as [User];
        void navigate(userPath(user.id), { replace: true });
      }
      return outcome;
    },
    retry: false,
    staleTime: 5 * 60_000,
  });
  const outcome = query.data;
  const running = query.isFetching;
  const matches: readonly User[] = useMemo(
    () => (outcome && outcome.kind !== 'unsorted' ? outcome.matches : (progress?.matches ?? [])),
    [outcome, progress],
  );
  const requests = outcome?.requests ?? progress?.requests ?? 0;

  const page = useMemo(() => {
    const start = (pagination.page - 1) * pagination.limit;
    return {
      data: matches.slice(start, start + pagination.limit),
      meta: { total: matches.length, page: pagination.page, limit: pagination.limit },
    };
  }, [matches, pagination]);
  const view = useMemo(() => ({ id: 'users', export: matchesExport(matches) }), [matches]);

  const scan = running ? progress?.scan : undefined;
  const described = mode === 'email' ? `the e-mail address “${text}”` : `“${text}”`;

  return (
    <>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        {mode === 'date' || mode === 'date-scan'
          ? `${describeDays(text)}${mode === 'date-scan' ? ' Read from the whole list.' : ''}`
          : mode === 'email'
            ? `Users with ${described}.`
            : mode === 'anywhere'
              ? `Users with ${described} anywhere in their name, read from the whole list.`
              : `Users whose name starts with ${described}, case and accents aside.`}
      </p>
      <p role="status" className="text-sm font-medium">
        {statusText(outcome, running, matches.length, requests, mode)}
      </p>
      {scan && (
        <div className="flex flex-wrap items-center gap-3 text-sm">
          <span className="tabular-nums">
            {scan.total === undefined
              ? 'Reading the list of users…'
              : `Read ${formatCount(Math.min(scan.rows, scan.total))} of ${formatCount(scan.total)} users`}
          </span>
          <ProgressBar
            label="Search progress"
            value={scan.rows}
            max={scan.total}
            valueText={
              scan.total === undefined
                ? 'Starting'
                : `${formatCount(scan.rows)} of ${formatCount(scan.total)} users read`
            }
          />
          <Button onClick={() => cancelFind(apiBaseUrl, mode, text)}>Cancel search</Button>
        </div>
      )}
      <QueryAlert query={query} what="users for the search" />
      {outcome?.kind === 'found' && <OutcomeNotes outcome={outcome} mode={mode} text={text} />}
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
          emptyStatus="No users matched"
          empty="No users matched."
          view={view}
        />
      )}
    </>
  );
}

function statusText(
  outcome: FindOutcome | undefined,
  running: boolean,
  found: number,
  requests: number,
  mode: FindMode,
): string {
  const made = `${formatCount(requests)} ${requests === 1 ? 'request' : 'requests'}`;
  const matched = (count: number) =>
    count === 0
      ? 'No users matched'
      : `${formatCount(count)} ${count === 1 ? 'user' : 'users'} matched`;
  if (running || !outcome) {
    return `Searching… ${found > 0 ? `${matched(found)} so far, ` : ''}${made} so far`;
  }
  if (outcome.kind === 'unsorted') return `Could not search by halving the list · ${made}`;
  if (outcome.kind === 'cancelled') return `Search cancelled · ${matched(found)} · ${made}`;
  if (outcome.truncated) {
    return `More than ${formatCount(MAX_MATCHES)} users matched · ${made}: the first ${formatCount(MAX_MATCHES)} are shown; ${mode === 'anywhere' ? 'type more of the name' : 'type more of the name to narrow it'}.`;
  }
  return `${matched(found)} · ${made}`;
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
      {outcome.order && (
        <p>
          The API sorts by {outcome.order}
          {mode === 'name' ? '; Find went straight to where the name belongs.' : '.'}
        </p>
      )}
      {outcome.changed && (
        <p>
          The number of users changed during the search: a user added or removed meanwhile may be
          missing.
        </p>
      )}
      {mode === 'name' && (
        <p>
          Looking for a surname or part of a name?{' '}
          <ScanLink text={text}>Find “{text}” anywhere in names</ScanLink> (reads every user, one
          page at a time).
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

/** Export CSV writes the matches (already in hand), with the export's CSV rules. */
function matchesExport(matches: readonly User[]): ExportSourceLoader<User> {
  return {
    resource: 'users',
    load: async () => ({
      resource: 'users',
      fields: userFields,
      fetchPage: async (_queryClient, page, limit) => ({
        data: matches.slice((page - 1) * limit, page * limit),
        meta: { total: matches.length, page, limit },
      }),
    }),
  };
}
