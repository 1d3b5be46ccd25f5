import {
  useId,
  type ChangeEvent,
  type InputHTMLAttributes,
  type KeyboardEvent,
  type ReactNode,
} from 'react';

/**
 * One box of the products filters: its label (the accessible name), a hint beside it, and what is
 * wrong with it said under it. `inputProps` and `children` make it a combobox (category-box.tsx).
 */
export function FilterField({
  label,
  hint,
  value,
  error,
  onChange,
  onKeyDown,
  inputMode,
  className,
  inputProps,
  children,
}: {
  label: string;
  /** Said beside the label, outside it: the label is the box's accessible name. */
  hint?: string;
  value: string;
  error: string | undefined;
  onChange: (value: string, event: ChangeEvent<HTMLInputElement>) => void;
  onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => void;
  inputMode?: 'decimal';
  className: string;
  inputProps?: InputHTMLAttributes<HTMLInputElement>;
  /** Shown under the box, over what follows it (a list of suggestions). */
  children?: ReactNode;
}) {
  const inputId = useId();
  const errorId = useId();
  return (
    <div className={`flex flex-col gap-1 text-sm ${className}`}>
      <div className="flex items-baseline gap-1.5">
        <label htmlFor={inputId} className="font-medium">
          {label}
        </label>
        {hint && <span className="text-xs text-slate-600 dark:text-slate-400">{hint}</span>}
      </div>
      <div className="relative">
        <input
          {...inputProps}
          id={inputId}
          type="text"
          value={value}
          onChange={(event) => onChange(event.target.value, event)}
          onKeyDown={onKeyDown}
          inputMode={inputMode}
          placeholder="Any"
          autoComplete="off"
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className={`w-full rounded-md border bg-white px-2 py-1.5 dark:bg-slate-800 ${
            error ? 'border-red-600 dark:border-red-400' : 'border-slate-300 dark:border-slate-600'
          }`}
        />
        {children}
      </div>
      {/* Always present, so a message that appears is announced. */}
      <div aria-live="polite">
        {error && (
          <p id={errorId} className="text-xs text-red-700 dark:text-red-300">
            {error}
          </p>
        )}
      </div>
    </div>
  );
}
