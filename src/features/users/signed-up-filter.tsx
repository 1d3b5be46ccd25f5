import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../components/button';
import { useTimeZone } from '../../lib/time-zone';

/**
 * The Users table's **Signed up** filter: from / to (days in the console's time zone, both
 * included; lib/time-zone.ts). The API cannot
 * filter users by date, so this opens Find's search by sign-up date, which finds them by halving
 * the list sorted by `created_at`. It stands above the table, in view (users-list-page.tsx), so it
 * is on the page's first render; the parsing of days loads when it is first used.
 */
export function SignedUpFilter() {
  const navigate = useNavigate();
  const timeZone = useTimeZone();
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [problem, setProblem] = useState('');
  const problemId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const first = from || to;
    const last = to || from;
    if (first === '') {
      setProblem('Choose the first day, the last day, or both.');
      return;
    }
    const text = first === last ? first : `${first}..${last}`;
    let find: typeof import('./signed-up-query');
    try {
      find = await import('./signed-up-query');
    } catch {
      setProblem('The search could not be loaded. Check the connection and try again.');
      return;
    }
    const parsed = find.parseDateQuery(text);
    if (parsed?.kind !== 'date') {
      setProblem(parsed?.problem ?? 'Type days as YYYY-MM-DD.');
      return;
    }
    setProblem('');
    void navigate(find.findPath(parsed.text));
  };

  return (
    <form onSubmit={(event) => void submit(event)} className="text-sm">
      <fieldset className="flex flex-wrap items-end gap-2">
        <legend className="mb-1 font-medium">Signed up</legend>
        <label className="flex flex-col">
          From
          <input
            type="date"
            value={from}
            min="1970-01-01"
            max="9999-12-31"
            onChange={(event) => setFrom(event.target.value)}
            aria-describedby={problem ? problemId : undefined}
            className="rounded-md border border-slate-300 bg-white px-2 py-1 dark:border-slate-600 dark:bg-slate-800"
          />
        </label>
        <label className="flex flex-col">
          To
          <input
            type="date"
            value={to}
            min="1970-01-01"
            max="9999-12-31"
            onChange={(event) => setTo(event.target.value)}
            aria-describedby={problem ? problemId : undefined}
            className="rounded-md border border-slate-300 bg-white px-2 py-1 dark:border-slate-600 dark:bg-slate-800"
          />
        </label>
        <Button type="submit">Find sign-ups</Button>
        <span className="text-slate-600 dark:text-slate-300">
          Days in {timeZone}, both included.
        </span>
      </fieldset>
      {problem && (
        <p id={problemId} role="alert" className="mt-1 text-red-800 dark:text-red-200">
          {problem}
        </p>
      )}
    </form>
  );
}
