import { useCopy } from '../use-copy';
import { useCellTabIndex } from './in-table-row';

/**
 * A compact copy button for an id in a table row or heading. Its accessible name carries the id
 * ("Copy ID user_abc"), so fifty of them on a page are still told apart.
 */
export function CopyIdButton({ id }: { id: string }) {
  const { state, copy } = useCopy();

  // No live region of its own: useCopy says "Copied" through the page's one (announcer.ts).
  return (
    <button
      type="button"
      // The row's `c` key presses it (data-table-keyboard.ts).
      data-copy-id=""
      tabIndex={useCellTabIndex()}
      onClick={() => void copy(id)}
      aria-label={`Copy ID ${id}`}
      title={state === 'copied' ? 'Copied' : 'Copy ID'}
      className="inline-flex size-6 shrink-0 items-center justify-center rounded text-slate-600 hover:bg-slate-200 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-700 dark:hover:text-white"
    >
      <span
        aria-hidden="true"
        className={`icon size-3.5 ${state === 'copied' ? 'icon-check' : 'icon-copy'}`}
      />
    </button>
  );
}
