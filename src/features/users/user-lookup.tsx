import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../components/button';
import { parseUserIdInput } from './parse-user-id';
import { readRecentLookups, rememberLookup } from './recent-lookups';

/** The header's lookup box: support pastes an id or a link and lands on the user. */
export function UserLookup() {
  const navigate = useNavigate();
  const [value, setValue] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [recent, setRecent] = useState(readRecentLookups);
  const inputId = useId();
  const listId = useId();
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
    setRecent(rememberLookup(parsed.id));
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
        list={listId}
        placeholder="User ID"
        autoComplete="off"
        spellCheck={false}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? problemId : undefined}
        className="w-40 rounded-md border border-slate-300 bg-white px-2 py-1 text-sm sm:w-56 dark:border-slate-600 dark:bg-slate-800"
      />
      <datalist id={listId}>
        {recent.map((id) => (
          <option key={id} value={id} />
        ))}
      </datalist>
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
