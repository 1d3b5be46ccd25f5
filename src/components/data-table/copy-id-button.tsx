import { copyFeedback, useCopy } from '../use-copy';

/**
 * A compact copy button for an id in a table row or heading. Its accessible name carries the id
 * ("Copy ID user_abc"), so fifty of them on a page are still told apart.
 */
export function CopyIdButton({ id }: { id: string }) {
  const { state, copy } = useCopy();

  return (
    <>
      <button
        type="button"
        onClick={() => void copy(id)}
        aria-label={`Copy ID ${id}`}
        title={state === 'copied' ? 'Copied' : 'Copy ID'}
        className="inline-flex size-6 shrink-0 items-center justify-center rounded text-slate-600 hover:bg-slate-200 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-700 dark:hover:text-white"
      >
        {state === 'copied' ? <CheckIcon /> : <CopyIcon />}
      </button>
      {/* A live region, not role=status: table pages keep that role for their range text. */}
      <span aria-live="polite" className="sr-only">
        {copyFeedback(state)}
      </span>
    </>
  );
}

function CopyIcon() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 16 16"
      className="size-3.5"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.5"
    >
      <rect x="5.5" y="5.5" width="8" height="8" rx="1.5" />
      <path d="M10.5 5.5V3.5a1 1 0 0 0-1-1h-6a1 1 0 0 0-1 1v6a1 1 0 0 0 1 1h2" />
    </svg>
  );
}

function CheckIcon() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 16 16"
      className="size-3.5"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
    >
      <path d="M3 8.5l3 3 7-7" />
    </svg>
  );
}
