import { useEffect, useId, useRef, type ReactNode } from 'react';
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
  const barRef = useRef<HTMLDivElement>(null);
  const lastFocused = useRef<HTMLButtonElement | null>(null);

  // Paging to the last page disables Next under the keyboard focus, which drops focus to <body>
  // and sends the next Tab back to the top of the page. Hand focus to the nearest button that
  // still works instead.
  useEffect(() => {
    const button = lastFocused.current;
    const bar = barRef.current;
    if (!button?.disabled || !bar) return;
    const active = document.activeElement;
    if (active !== document.body && active !== button && active !== null) return;
    const buttons = [...bar.querySelectorAll<HTMLButtonElement>('button[data-pager]')];
    const from = buttons.indexOf(button);
    const nearest = buttons
      .filter((candidate) => !candidate.disabled)
      .sort((a, b) => Math.abs(buttons.indexOf(a) - from) - Math.abs(buttons.indexOf(b) - from))[0];
    nearest?.focus();
  }, [canPrevious, canNext]);

  return (
    <div
      ref={barRef}
      onFocus={(event) => {
        if (event.target instanceof HTMLButtonElement) lastFocused.current = event.target;
      }}
      className="sticky bottom-0 z-10 flex flex-wrap items-center gap-x-6 gap-y-2 border-t border-slate-200 bg-white/95 px-3 py-2 text-sm backdrop-blur dark:border-slate-700 dark:bg-slate-900/95"
    >
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
        <PagerButton label="First page" disabled={!canPrevious} onClick={props.onFirst}>
          <path d="M11.5 4l-4 4 4 4M4.5 4v8" />
        </PagerButton>
        <PagerButton label="Previous page" disabled={!canPrevious} onClick={props.onPrevious}>
          <path d="M10 4l-4 4 4 4" />
        </PagerButton>
        <PagerButton label="Next page" disabled={!canNext} onClick={props.onNext}>
          <path d="M6 4l4 4-4 4" />
        </PagerButton>
        <PagerButton label="Last page" disabled={!canNext} onClick={props.onLast}>
          <path d="M4.5 4l4 4-4 4M11.5 4v8" />
        </PagerButton>
      </div>
    </div>
  );
}

function PagerButton({
  label,
  disabled,
  onClick,
  children,
}: {
  label: string;
  disabled: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      data-pager=""
      aria-label={label}
      title={label}
      disabled={disabled}
      onClick={onClick}
      className="inline-flex size-8 items-center justify-center rounded-md border border-slate-300 bg-white text-slate-800 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-40 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100 dark:hover:bg-slate-700"
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 16 16"
        className="size-4"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.75"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        {children}
      </svg>
    </button>
  );
}
