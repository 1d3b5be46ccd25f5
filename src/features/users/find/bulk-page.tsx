import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { memo, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link } from '../../../components/link';
import { apiLine } from '../../../lib/display-text';
import { Button } from '../../../components/button';
import {
  csvFileName,
  csvHeader,
  csvRecord,
  UTF8_BOM,
} from '../../../components/data-table/export/csv';
import { ProgressBar } from '../../../components/progress-bar';
import { useDocumentTitle } from '../../../components/use-document-title';
import { apiClientFor } from '../../../lib/api-client';
import { cancellableFetchQuery } from '../../../lib/cancellable-fetch-query';
import { isApiError, statusText } from '../../../lib/api-error';
import { shouldRetry } from '../../../lib/query-client';
import { downloadFile } from '../../../lib/download';
import { formatCount } from '../../../lib/format';
import { userDetailQueryOptions, type UserDetail } from '../api/users-api';
import { userPath } from '../user-path';
import { bulkLookupKey } from '../user-storage';
import { createEmailLookup } from './bulk-emails';
import { parseBulkInput, shownInput, type BulkEntry } from './bulk-input';
import { findPath, foreignLinkHost, hostOf } from './find-query';
import { findUsers } from './find-users';
import { runPool } from './lookup-pool';

interface Found {
  id: string;
  name: string;
  email: string;
}

type RowState =
  | { kind: 'waiting' }
  | { kind: 'found'; user: Found }
  | { kind: 'not-found' }
  /** A name, searched as Find does: how many matched (the one user when one did). */
  | { kind: 'matches'; count: number; truncated: boolean; user?: Found | undefined }
  | { kind: 'failed'; reason: string };

interface Row {
  entry: BulkEntry;
  state: RowState;
}

/** What the tab keeps (bulkLookupKey): the text as typed and each entry's answer, in order. */
interface Saved {
  text: string;
  states: RowState[];
}

const STATE_KINDS = new Set(['waiting', 'found', 'not-found', 'matches', 'failed']);

/** The saved lookup, checked: storage is the browser's, and may hold anything. */
function readSaved(): { text: string; rows: Row[] } {
  try {
    const saved = JSON.parse(sessionStorage.getItem(bulkLookupKey()) ?? 'null') as Saved | null;
    if (!saved || typeof saved.text !== 'string' || !Array.isArray(saved.states)) {
      return { text: '', rows: [] };
    }
    const parsed = parseBulkInput(saved.text);
    const states = saved.states.filter(isRowState);
    if (!parsed.ok || states.length !== parsed.entries.length)
      return { text: saved.text, rows: [] };
    return {
      text: saved.text,
      rows: parsed.entries.map((entry, index) => {
        const state = states[index] as RowState;
        // Left before its answer came: said so, not "Waiting" for ever.
        return {
          entry,
          state:
            state.kind === 'waiting'
              ? {
                  kind: 'failed',
                  reason: 'Not looked up: the lookup stopped when the page was left',
                }
              : state,
        };
      }),
    };
  } catch {
    return { text: '', rows: [] };
  }
}

function isRowState(value: unknown): value is RowState {
  if (value === null || typeof value !== 'object') return false;
  const state = value as Record<string, unknown>;
  if (typeof state.kind !== 'string' || !STATE_KINDS.has(state.kind)) return false;
  const user = state.user as Record<string, unknown> | undefined;
  if (
    user !== undefined &&
    !['id', 'name', 'email'].every((key) => typeof user[key] === 'string')
  ) {
    return false;
  }
  if (state.kind === 'found' && user === undefined) return false;
  if (state.kind === 'matches' && typeof state.count !== 'number') return false;
  if (state.kind === 'failed' && typeof state.reason !== 'string') return false;
  return true;
}

function save(text: string, rows: readonly Row[]): void {
  try {
    const saved: Saved = { text, states: rows.map((row) => row.state) };
    sessionStorage.setItem(bulkLookupKey(), JSON.stringify(saved));
  } catch {
    // Storage full or turned off: the lookup works, it is only not kept.
  }
}

/**
 * `/users/bulk`: a list from a ticket or a spreadsheet, every id, e-mail or link looked up, the
 * answers filled in as they come, in the order given (lookup-pool.ts keeps to the rate limit).
 */
export function BulkPage({ apiBaseUrl }: { apiBaseUrl: string }) {
  useDocumentTitle('Look up many users');
  const queryClient = useQueryClient();
  // The last lookup of this tab (Back, reload), until sign-out forgets it.
  const [restored] = useState(readSaved);
  const [text, setText] = useState(restored.text);
  const [problem, setProblem] = useState<string | null>(null);
  const [rows, setRows] = useState<Row[]>(restored.rows);
  const [running, setRunning] = useState(false);
  const [summary, setSummary] = useState<string | null>(null);
  const [slowedTo, setSlowedTo] = useState<number | null>(null);
  const controller = useRef<AbortController | null>(null);
  const inputId = useId();
  const problemId = useId();
  const [knownHosts] = useState(() =>
    [window.location.host, hostOf(apiBaseUrl)].filter((host) => host !== undefined),
  );
  // Leaving the page (another page, another API, another person signing in) stops the lookup, as
  // the export does: nothing of it may go on under whatever comes next.
  useEffect(() => () => controller.current?.abort(), []);
  // Kept as it changes; while it runs, as each answer arrives is too often for 1,000 rows: the
  // rows are kept when it ends (or stops, the page being left).
  useEffect(() => {
    if (!running) save(text, rows);
  }, [text, rows, running]);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (running) return;
    const parsed = parseBulkInput(text);
    if (!parsed.ok) {
      setProblem(parsed.problem);
      return;
    }
    setProblem(null);
    setSummary(null);
    setSlowedTo(null);
    const current = parsed.entries.map((entry): Row => ({ entry, state: { kind: 'waiting' } }));
    setRows(current);
    setRunning(true);
    const abort = new AbortController();
    controller.current = abort;
    const answers = [...current];
    // The job belongs to the person signed in when it started: should another sign in (in another
    // tab, say) before this page is gone, it stops rather than look their list up for them.
    const api = apiClientFor(queryClient);
    const generation = api.sessionGeneration();
    const emails = createEmailLookup(
      queryClient,
      apiBaseUrl,
      parsed.entries.flatMap(({ query }) => (query.kind === 'email' ? [query.text] : [])),
    );
    await runPool({
      items: parsed.entries,
      signal: abort.signal,
      run: (entry, signal) => {
        if (api.sessionGeneration() !== generation) abort.abort();
        signal.throwIfAborted();
        return lookUp(queryClient, apiBaseUrl, emails, entry, signal);
      },
      onResult: (index, outcome) => {
        const entry = answers[index]?.entry;
        if (!entry) return;
        answers[index] = {
          entry,
          state: outcome.ok
            ? outcome.value
            : { kind: 'failed', reason: describeFailure(outcome.error) },
        };
        setRows([...answers]);
      },
      onConcurrency: (concurrency) => setSlowedTo(concurrency),
    });
    const answered = answers.filter((row) => row.state.kind !== 'waiting').length;
    save(text, answers);
    setRunning(false);
    setSummary(
      abort.signal.aborted
        ? `Lookup cancelled: ${formatCount(answered)} of ${formatCount(answers.length)} answered; those stay below and in the export.`
        : `Looked up ${formatCount(answers.length)} ${answers.length === 1 ? 'entry' : 'entries'}${parsed.duplicates > 0 ? ` (${formatCount(parsed.duplicates)} repeated ${parsed.duplicates === 1 ? 'entry' : 'entries'} left out)` : ''}.`,
    );
  }

  const answered = rows.filter((row) => row.state.kind !== 'waiting').length;
  const found = rows.filter(({ state }) =>
    state.kind === 'matches' ? state.count > 0 : state.kind === 'found',
  ).length;

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-xl font-semibold">Look up many users</h1>
        <Link to="/users" className="text-sm text-blue-700 underline dark:text-blue-300">
          Back to Users
        </Link>
      </div>
      <form onSubmit={onSubmit} className="space-y-2">
        <label htmlFor={inputId} className="block text-sm font-medium">
          IDs, e-mails or links
        </label>
        <p className="text-sm text-slate-600 dark:text-slate-300">
          One a line (a name too, or Name &lt;address&gt;); commas or semicolons also separate ids
          and addresses. Up to 1,000; each is looked up once. Kept for this tab until sign-out.
        </p>
        <textarea
          id={inputId}
          value={text}
          onChange={(event) => setText(event.target.value)}
          rows={6}
          spellCheck={false}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? problemId : undefined}
          className="w-full max-w-2xl rounded-md border border-slate-300 bg-white p-2 font-mono text-sm dark:border-slate-600 dark:bg-slate-800"
        />
        {problem && (
          <p id={problemId} role="alert" className="text-sm text-red-800 dark:text-red-200">
            {problem}
          </p>
        )}
        <div className="flex flex-wrap items-center gap-2">
          <Button type="submit" disabled={running}>
            Look up all
          </Button>
          {running && <Button onClick={() => controller.current?.abort()}>Cancel lookup</Button>}
          {rows.length > 0 && !running && (
            <Button onClick={() => downloadResults(rows, knownHosts)}>Export CSV</Button>
          )}
        </div>
      </form>
      {rows.length > 0 && (
        <div className="flex flex-wrap items-center gap-3 text-sm">
          <span className="tabular-nums">
            {formatCount(answered)} of {formatCount(rows.length)} answered · {formatCount(found)}{' '}
            found
          </span>
          <ProgressBar
            label="Lookup progress"
            value={answered}
            max={rows.length}
            valueText={`${formatCount(answered)} of ${formatCount(rows.length)} answered`}
          />
          {running && slowedTo !== null && slowedTo < 4 && (
            <span>The API’s rate limit was reached: {slowedTo} at a time for now.</span>
          )}
        </div>
      )}
      <p role="status" className="text-sm">
        {summary}
      </p>
      {rows.length > 0 && (
        // On a phone, a card per entry: five columns do not fit across.
        <ol aria-label="Results" className="space-y-2 sm:hidden">
          {rows.map((row, index) => (
            <ResultCard key={`${index}:${row.entry.input}`} row={row} knownHosts={knownHosts} />
          ))}
        </ol>
      )}
      {rows.length > 0 && (
        <div className="overflow-x-auto max-sm:hidden rounded-md border border-slate-200 bg-white dark:border-slate-700 dark:bg-slate-900">
          <table aria-label="Results" className="w-full text-left text-sm">
            <thead className="bg-slate-50 dark:bg-slate-800">
              <tr>
                {['Input', 'Status', 'ID', 'Name', 'Email'].map((header) => (
                  <th key={header} scope="col" className="px-3 py-2 font-medium">
                    {header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row, index) => (
                <ResultRow key={`${index}:${row.entry.input}`} row={row} knownHosts={knownHosts} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

interface ResultProps {
  row: Row;
  /** This API's and this console's hosts: a link to any other is said to be (describeRow). */
  knownHosts: readonly string[];
}

const ResultRow = memo(function ResultRow({ row, knownHosts }: ResultProps) {
  const { entry, state } = row;
  const user = foundUser(state);
  return (
    <tr className="border-t border-slate-100 dark:border-slate-800">
      <td className="max-w-48 truncate px-3 py-1.5 font-mono text-xs">
        {apiLine(shownInput(entry.input), 200)}
      </td>
      <td className="px-3 py-1.5">
        <StatusText row={row} knownHosts={knownHosts} />
      </td>
      <td className="px-3 py-1.5 font-mono text-xs">
        {user && (
          <Link to={userPath(user.id)} className="text-blue-700 underline dark:text-blue-300">
            {apiLine(user.id, 200)}
          </Link>
        )}
      </td>
      <td className="max-w-64 truncate px-3 py-1.5">{user && apiLine(user.name, 200)}</td>
      <td className="max-w-64 truncate px-3 py-1.5">{user && apiLine(user.email, 200)}</td>
    </tr>
  );
});

const ResultCard = memo(function ResultCard({ row, knownHosts }: ResultProps) {
  const user = foundUser(row.state);
  return (
    <li className="rounded-md border border-slate-200 bg-white p-3 text-sm dark:border-slate-700 dark:bg-slate-900">
      <p className="truncate font-mono text-xs">{apiLine(shownInput(row.entry.input), 200)}</p>
      <p className="font-medium">
        <StatusText row={row} knownHosts={knownHosts} />
      </p>
      {user && (
        <p className="min-w-0 truncate">
          <Link to={userPath(user.id)} className="text-blue-700 underline dark:text-blue-300">
            {apiLine(user.name, 200)}
          </Link>{' '}
          · {apiLine(user.email, 200)}
        </p>
      )}
    </li>
  );
});

function foundUser(state: RowState): Found | undefined {
  return state.kind === 'found' || state.kind === 'matches' ? state.user : undefined;
}

function describeState(state: RowState): string {
  switch (state.kind) {
    case 'waiting':
      return 'Waiting';
    case 'found':
      return 'Found';
    case 'not-found':
      return 'Not found';
    case 'matches':
      return state.count === 0
        ? 'Not found: no name has it'
        : `${state.count === 1 ? 'Found: 1 match' : `${formatCount(state.count)}${state.truncated ? '+' : ''} matches`}`;
    case 'failed':
      return state.reason;
  }
}

/**
 * The status, and for a link to another host than this API's or this console's (a link from
 * another deployment, or a look-alike), that the id it holds was looked up here.
 */
function describeRow({ entry, state }: Row, knownHosts: readonly string[]): string {
  const described = describeState(state);
  if (state.kind === 'waiting' || state.kind === 'failed') return described;
  const foreign = foreignLinkHost(entry.query, knownHosts);
  return foreign === undefined
    ? described
    : `${described} (the link is for another host, ${foreign}: its user ID was looked up here)`;
}

/** The status; for a name with matches, a link to them in Find. */
function StatusText({ row, knownHosts }: { row: Row; knownHosts: readonly string[] }) {
  const { entry, state } = row;
  const described = describeRow(row, knownHosts);
  if (state.kind !== 'matches' || state.count < 2 || entry.query.kind !== 'name') {
    return <>{described}</>;
  }
  return (
    <Link to={findPath(entry.query.text)} className="text-blue-700 underline dark:text-blue-300">
      {described}
    </Link>
  );
}

/** A 429 is the pool's to wait out (it slows down for everyone); other retries as usual. */
function retryUnlessRateLimited(failureCount: number, error: unknown): boolean {
  return !(isApiError(error) && error.status === 429) && shouldRetry(failureCount, error);
}

async function lookUp(
  queryClient: QueryClient,
  apiBaseUrl: string,
  emails: ReturnType<typeof createEmailLookup>,
  entry: BulkEntry,
  signal: AbortSignal,
): Promise<RowState> {
  const { query } = entry;
  if (query.kind === 'invalid') return { kind: 'failed', reason: query.problem };
  if (query.kind === 'name') {
    const outcome = await findUsers({
      queryClient,
      baseUrl: apiBaseUrl,
      mode: 'name',
      text: query.text,
      signal,
      onProgress: () => undefined,
    });
    if (outcome.kind === 'unsorted') {
      return { kind: 'failed', reason: 'The API did not sort by name: search it in Find' };
    }
    if (outcome.kind === 'cancelled') return { kind: 'failed', reason: 'Cancelled' };
    const [only] = outcome.matches;
    return {
      kind: 'matches',
      count: outcome.matches.length,
      truncated: outcome.truncated,
      user: outcome.matches.length === 1 && only ? only : undefined,
    };
  }
  if (query.kind === 'email') {
    // One reading of the list for all the addresses, where it has to be read (bulk-emails.ts).
    const user = await emails(query.text, signal);
    return user ? { kind: 'found', user } : { kind: 'not-found' };
  }
  try {
    // Cancelled with the job: a bare fetchQuery would go on, retries and all, after it stopped.
    const { data: user }: { data: UserDetail } = await cancellableFetchQuery(
      queryClient,
      { ...userDetailQueryOptions(query.id), retry: retryUnlessRateLimited },
      signal,
    );
    return { kind: 'found', user };
  } catch (error) {
    if (isApiError(error) && error.status === 404) return { kind: 'not-found' };
    throw error;
  }
}

function describeFailure(error: unknown): string {
  if (!isApiError(error)) return error instanceof Error ? error.message : String(error);
  const head =
    error.kind === 'http' ? `${error.status} ${statusText(error.status)}` : error.message;
  const detail = error.serverMessage ? `: ${error.serverMessage}` : '';
  return `${head}${detail}${error.requestId ? ` (${error.requestId})` : ''}`;
}

/** The results as CSV, with the export's rules (formula guard, quoting, BOM). */
function downloadResults(rows: readonly Row[], knownHosts: readonly string[]) {
  const lines = [csvHeader(['input', 'status', 'id', 'name', 'email'])];
  for (const { entry, state } of rows) {
    const user = foundUser(state);
    lines.push(
      csvRecord([
        shownInput(entry.input),
        describeRow({ entry, state }, knownHosts),
        user?.id,
        user?.name,
        user?.email,
      ]),
    );
  }
  downloadFile(
    new Blob([UTF8_BOM, ...lines], { type: 'text/csv;charset=utf-8' }),
    csvFileName('users-lookup', new Date()),
  );
}
