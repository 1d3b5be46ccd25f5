import { useId } from 'react';
import { PAGE_SIZES } from './page-params';

interface PaginationBarProps {
  /** The range text, e.g. "1–50 of 1,000"; the page's one role=status element. */
  statusText: string;
  /** e.g. "Page 3 of 20"; empty while the total is unknown. */
  pageText: string;
  pageSize: number;
  canPrevious: boolean;
  canNext: boolean;
  onFirst: () => void;
  onPrevious: () => void;
  onNext: () => void;
  onLast: () => void;
  onPageSize: (size: number) => void;
}

export function PaginationBar(props: PaginationBarProps) {
  const { statusText, pageText, pageSize, canPrevious, canNext } = props;
  const selectId = useId();
  return (
    <div className="sticky bottom-0 z-10 flex flex-wrap items-center gap-x-6 gap-y-2 border-t border-slate-200 bg-white/95 px-3 py-2 text-sm backdrop-blur dark:border-slate-700 dark:bg-slate-900/95">
      <p role="status" className="min-w-32 tabular-nums">
        {statusText}
      </p>
      <div className="flex items-center gap-2">
        <label htmlFor={selectId}>Rows per page</label>
        <select
          id={selectId}
          value={pageSize}
          onChange={(event) => props.onPageSize(Number(event.target.value))}
          className="rounded-md border border-slate-300 bg-white px-1.5 py-1 dark:border-slate-600 dark:bg-slate-800"
        >
          {PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
      </div>
      <div className="ml-auto flex items-center gap-1">
        <span className="mr-2 text-slate-600 tabular-nums dark:text-slate-300">{pageText}</span>
        <PagerButton
          label="First page"
          icon="first"
          disabled={!canPrevious}
          onClick={props.onFirst}
        />
        <PagerButton
          label="Previous page"
          icon="previous"
          disabled={!canPrevious}
          onClick={props.onPrevious}
        />
        <PagerButton label="Next page" icon="next" disabled={!canNext} onClick={props.onNext} />
        <PagerButton label="Last page" icon="last" disabled={!canNext} onClick={props.onLast} />
      </div>
    </div>
  );
}

function PagerButton({
  label,
  icon,
  disabled,
  onClick,
}: {
  label: string;
  /** The icon's name (index.css: .icon-first and so on). */
  icon: string;
  disabled: boolean;
  onClick: () => void;
}) {
  // aria-disabled rather than disabled: paging to the last page must not drop the keyboard focus
  // from Next (a disabled button loses it, and the next Tab starts again at the top).
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      aria-disabled={disabled || undefined}
      onClick={disabled ? undefined : onClick}
      className="inline-flex size-8 items-center justify-center rounded-md border border-slate-300 bg-white text-slate-800 hover:bg-slate-50 aria-disabled:cursor-not-allowed aria-disabled:opacity-40 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100 dark:hover:bg-slate-700"
    >
      <span aria-hidden="true" className={`icon icon-${icon} size-4`} />
    </button>
  );
}
