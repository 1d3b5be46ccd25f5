import { useId, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../components/button';
import { parseUserIdInput } from './parse-user-id';
import { readRecentLookups, rememberLookup } from './recent-lookups';
import { userPath } from './user-path';

/** One lookup box per page (in the shell), so it has a fixed id to be focused by. */
const USER_LOOKUP_INPUT_ID = 'user-lookup';

/** Puts the keyboard in the header's User ID box ("Look up another user", the `/` shortcut). */
export function focusUserLookup(): void {
  const input = document.getElementById(USER_LOOKUP_INPUT_ID);
  if (input instanceof HTMLInputElement) {
    input.focus();
    input.select();
  }
}

/**
 * The header's lookup box: support pastes an id or a link and lands on the user.
 *
 * Recent ids are plain links shown while the form has focus, not a datalist: `list` turns the box
 * into a combobox, and the UI contract promises a searchbox.
 */
export function UserLookup() {
  const navigate = useNavigate();
  const [value, setValue] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [recent, setRecent] = useState(readRecentLookups);
  const inputId = USER_LOOKUP_INPUT_ID;
  const problemId = useId();
  const recentId = useId();

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = parseUserIdInput(value);
    if (!parsed.ok) {
      setProblem(parsed.problem);
      return;
    }
    setProblem(null);
    setValue('');
    setRecent(rememberLookup(parsed.id));
    navigate(userPath(parsed.id));
  }

  return (
    <form role="search" onSubmit={onSubmit} className="group relative flex items-center gap-1.5">
      <label htmlFor={inputId} className="sr-only">
        User ID
      </label>
      <input
        id={inputId}
        type="search"
        value={value}
        onChange={(event) => {
          setValue(event.target.value);
          setProblem(null);
        }}
        placeholder="User ID"
        autoComplete="off"
        spellCheck={false}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? problemId : undefined}
        className="w-40 rounded-md border border-slate-300 bg-white px-2 py-1 text-sm sm:w-56 dark:border-slate-600 dark:bg-slate-800"
      />
      <Button type="submit">Look up</Button>
      {recent.length > 0 && !problem && (
        <div
          role="group"
          aria-labelledby={recentId}
          className="absolute top-full left-0 z-20 mt-1 hidden w-64 rounded-md border border-slate-200 bg-white p-2 text-sm shadow group-focus-within:block dark:border-slate-700 dark:bg-slate-900"
        >
          <p id={recentId} className="mb-1 text-xs font-medium text-slate-600 dark:text-slate-300">
            Recent lookups
          </p>
          <ul className="space-y-0.5">
            {recent.map((id) => (
              <li key={id}>
                <Link
                  to={userPath(id)}
                  className="block truncate rounded px-1 font-mono text-xs text-blue-700 hover:bg-slate-100 dark:text-blue-300 dark:hover:bg-slate-800"
                >
                  {id}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      )}
      {problem && (
        <p
          id={problemId}
          role="alert"
          className="absolute top-full right-0 z-20 mt-1 w-72 rounded-md border border-red-300 bg-red-50 p-2 text-xs text-red-900 shadow dark:border-red-700 dark:bg-red-950 dark:text-red-100"
        >
          {problem}
        </p>
      )}
    </form>
  );
}
