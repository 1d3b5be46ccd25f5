import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link } from '../../../components/link';
import { Button } from '../../../components/button';
import { ProgressBar } from '../../../components/progress-bar';
import { useDocumentTitle } from '../../../components/use-document-title';
import { formatCount } from '../../../lib/format';
import { downloadResults } from './bulk-export';
import { parseBulkInput } from './bulk-input';
import { goOnFrom, runBulkLookup, type Row } from './bulk-lookup';
import type { LoadProductLookup, ProductsProgress } from './bulk-products';
import { isNotFound, ResultCard, ResultRow } from './bulk-results';
import { lookupOwner, restoreLookup, saveLookup, type LookupOwner } from './bulk-storage';
import { hostOf } from './find-query';

/** A run in progress: whose it is, and what it has answered so far (kept if the page is left). */
interface Running {
  owner: LookupOwner;
  /** The box, as it is while the run goes on. */
  text: string;
  lookedUp: string;
  /** Answered in place as the answers come. */
  rows: Row[];
  controller: AbortController;
}

/**
 * `/users/bulk`: a list from a ticket or a spreadsheet, every id, e-mail or link looked up, the
 * answers filled in as they come, in the order given (lib/pool/request-pool.ts keeps to the rate limit).
 * Product ids too, by `loadProductLookup` (the app's: bulk-products.ts).
 */
export function BulkPage({
  apiBaseUrl,
  loadProductLookup,
}: {
  apiBaseUrl: string;
  loadProductLookup?: LoadProductLookup | undefined;
}) {
  useDocumentTitle('Look up many users');
  const queryClient = useQueryClient();
  // Whose the page is, and the last lookup of this tab for them (Back, reload), until sign-out.
  const [owner] = useState(() => lookupOwner(queryClient));
  const [restored] = useState(() => restoreLookup(owner));
  const [text, setText] = useState(restored.text);
  // The text the rows answer (the box may have changed since).
  const [lookedUp, setLookedUp] = useState(restored.lookedUp);
  const [problem, setProblem] = useState<string | null>(null);
  const [rows, setRows] = useState<Row[]>(restored.rows);
  const [running, setRunning] = useState(false);
  const [summary, setSummary] = useState<string | null>(null);
  const [slowedTo, setSlowedTo] = useState<number | null>(null);
  const [productsRead, setProductsRead] = useState<ProductsProgress | null>(null);
  const [onlyNotFound, setOnlyNotFound] = useState(false);
  const run = useRef<Running | null>(null);
  const inputId = useId();
  const problemId = useId();
  const [knownHosts] = useState(() =>
    [window.location.host, hostOf(apiBaseUrl)].filter((host) => host !== undefined),
  );
  // Leaving the page (another page, another API, another person signing in) stops the lookup, as
  // the export does: nothing of it may go on under whatever comes next. What it answered is kept
  // now, while it is still its owner's (bulk-storage.ts), and nothing is written after.
  useEffect(
    () => () => {
      const left = run.current;
      if (!left) return;
      run.current = null;
      left.controller.abort();
      saveLookup(queryClient, left.owner, left);
    },
    [queryClient],
  );
  // Kept as it changes; while it runs, as each answer arrives is too often for 1,000 rows: the
  // rows are kept when it ends, or as the page is left.
  useEffect(() => {
    if (!running) saveLookup(queryClient, owner, { text, lookedUp, rows });
  }, [queryClient, owner, text, lookedUp, rows, running]);

  /**
   * Looks up the rows at `indexes` (all, or the unfinished ones), the others staying as they
   * are; `readRows`: Go on reading, from there. Says whether it was cancelled or stopped.
   */
  async function lookUpRows(
    shown: readonly Row[],
    indexes: readonly number[],
    ran: string,
    readRows?: number,
  ): Promise<{ answers: Row[]; stopped: boolean }> {
    const answers = [...shown];
    // Whose the run is, worked out now: where its answers are kept, and whether they still may be.
    const current: Running = {
      owner: lookupOwner(queryClient),
      text,
      lookedUp: ran,
      rows: answers,
      controller: new AbortController(),
    };
    run.current = current;
    setSummary(null);
    setSlowedTo(null);
    setProductsRead(null);
    setLookedUp(ran);
    setRows(answers);
    setRunning(true);
    await runBulkLookup({
      queryClient,
      apiBaseUrl,
      entries: indexes.map((index) => (shown[index] as Row).entry),
      readRows,
      controller: current.controller,
      onAnswer: (index, state) => {
        const at = indexes[index] as number;
        answers[at] = { entry: (answers[at] as Row).entry, state };
        setRows([...answers]);
      },
      onConcurrency: (concurrency) => setSlowedTo(concurrency),
      loadProductLookup,
      onProductsProgress: setProductsRead,
    });
    if (run.current === current) run.current = null;
    setRunning(false);
    return { answers, stopped: current.controller.signal.aborted };
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (running) return;
    const parsed = parseBulkInput(text);
    if (!parsed.ok) {
      setProblem(parsed.problem);
      return;
    }
    setProblem(null);
    const waiting = parsed.entries.map((entry): Row => ({ entry, state: { kind: 'waiting' } }));
    const all = waiting.map((_, index) => index);
    const { answers, stopped } = await lookUpRows(waiting, all, text);
    const repeated = parsed.duplicates;
    setSummary(
      stopped
        ? cancelledSummary(answers)
        : `Looked up ${formatCount(answers.length)} ${answers.length === 1 ? 'entry' : 'entries'}${repeated > 0 ? ` (${formatCount(repeated)} repeated ${repeated === 1 ? 'entry' : 'entries'} left out)` : ''}.`,
    );
  }

  /** Go on reading: the list past where the unfinished addresses were looked for. */
  async function goOn() {
    if (running) return;
    const { indexes, readRows } = goOnFrom(rows);
    const { answers, stopped } = await lookUpRows(rows, indexes, lookedUp, readRows);
    const left = answers.filter((row) => row.state.kind === 'unfinished').length;
    setSummary(
      stopped
        ? cancelledSummary(answers)
        : `Read on for ${formatCount(indexes.length)} ${indexes.length === 1 ? 'address' : 'addresses'}${left > 0 ? `; ${formatCount(left)} not met yet` : ''}.`,
    );
  }

  const unfinished = rows.some((row) => row.state.kind === 'unfinished');
  const answered = rows.filter((row) => row.state.kind !== 'waiting').length;
  const notFound = rows.filter((row) => isNotFound(row.state)).length;
  // Shown with their place in the list kept: the keys, and the order support reads them in.
  const shown = rows
    .map((row, index) => ({ row, index }))
    .filter(({ row }) => !onlyNotFound || isNotFound(row.state));
  const found = rows.filter(({ state }) =>
    state.kind === 'matches' ? state.count > 0 : state.kind === 'found' || state.kind === 'product',
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
          One a line (a name too, or Name &lt;address&gt;; product IDs and links as well); commas or
          semicolons also separate ids and addresses. Up to 1,000; each is looked up once. Kept for
          this tab until sign-out.
        </p>
        <textarea
          id={inputId}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            if (run.current) run.current.text = event.target.value;
          }}
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
          {running && (
            <Button onClick={() => run.current?.controller.abort()}>Cancel lookup</Button>
          )}
          {unfinished && !running && <Button onClick={() => void goOn()}>Go on reading</Button>}
          {rows.length > 0 && !running && (
            <Button
              onClick={() =>
                onlyNotFound
                  ? downloadResults(
                      shown.map(({ row }) => row),
                      knownHosts,
                      'users-lookup-not-found',
                    )
                  : downloadResults(rows, knownHosts)
              }
            >
              Export CSV
            </Button>
          )}
        </div>
      </form>
      {rows.length > 0 && (
        <div className="flex flex-wrap items-center gap-3 text-sm">
          <span className="tabular-nums">
            {formatCount(answered)} of {formatCount(rows.length)} answered · {formatCount(found)}{' '}
            found · {formatCount(notFound)} not found
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
          {running && productsRead && (
            <span className="tabular-nums">
              Reading the product list: {formatCount(productsRead.rows)}
              {productsRead.total === undefined
                ? ''
                : ` of ${formatCount(productsRead.total)}`}{' '}
              products read
            </span>
          )}
        </div>
      )}
      <p role="status" className="text-sm">
        {summary}
      </p>
      {rows.length > 0 && (
        <label className="flex w-fit items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={onlyNotFound}
            onChange={(event) => setOnlyNotFound(event.target.checked)}
            className="size-4"
          />
          Show only not found
        </label>
      )}
      {onlyNotFound && shown.length === 0 && rows.length > 0 && (
        <p className="text-sm">No entry is marked not found{running ? ' so far' : ''}.</p>
      )}
      {rows.length > 0 && (
        // On a phone, a card per entry: five columns do not fit across.
        <ol aria-label="Results" className="space-y-2 sm:hidden">
          {shown.map(({ row, index }) => (
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
              {shown.map(({ row, index }) => (
                <ResultRow key={`${index}:${row.entry.input}`} row={row} knownHosts={knownHosts} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

function cancelledSummary(answers: readonly Row[]): string {
  const answered = answers.filter((row) => row.state.kind !== 'waiting').length;
  return `Lookup cancelled: ${formatCount(answered)} of ${formatCount(answers.length)} answered; those stay below and in the export.`;
}
