import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../components/button';
import { parseUserIdInput } from './parse-user-id';
import { rememberLookup } from './recent-lookups';

/**
 * The header's lookup box: support pastes an id or a link and lands on the user.
 *
 * No datalist of recent ids here: `list` turns the box into a combobox, and the UI contract
 * promises a searchbox. Recent lookups are offered on the not-found page instead, where a
 * mistyped id sends people.
 */
export function UserLookup() {
  const navigate = useNavigate();
  const [value, setValue] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const inputId = useId();
  const problemId = useId();

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = parseUserIdInput(value);
    if (!parsed.ok) {
      setProblem(parsed.problem);
      return;
    }
    setProblem(null);
    setValue('');
    rememberLookup(parsed.id);
    navigate(`/users/${encodeURIComponent(parsed.id)}`);
  }

  return (
    <form role="search" onSubmit={onSubmit} className="relative flex items-center gap-1.5">
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
