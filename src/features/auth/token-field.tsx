import { useId, type ReactNode } from 'react';
import { showBidiControls } from '../../lib/display-text';

/**
 * The Access token box of the sign-in page and of Renew session, with what is wrong with the
 * token under it. The problem may quote the token's header (its "alg"), so bidi controls in it
 * are shown, not obeyed.
 */
export function TokenField({
  value,
  onChange,
  rows,
  hint,
  problem,
}: {
  value: string;
  onChange: (value: string) => void;
  rows: number;
  /** Said under the box, and its description. */
  hint?: ReactNode;
  problem: string | null;
}) {
  const tokenId = useId();
  const hintId = useId();
  return (
    <>
      <div className="space-y-1">
        <label htmlFor={tokenId} className="block text-sm font-medium">
          Access token
        </label>
        <textarea
          id={tokenId}
          aria-describedby={hint ? hintId : undefined}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          rows={rows}
          spellCheck={false}
          autoComplete="off"
          autoCapitalize="off"
          className="w-full rounded-md border border-slate-300 bg-white p-2 font-mono text-xs break-all dark:border-slate-600 dark:bg-slate-950"
        />
        {hint && (
          <p id={hintId} className="text-xs text-slate-600 dark:text-slate-400">
            {hint}
          </p>
        )}
      </div>
      {problem && (
        <p
          role="alert"
          className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900 dark:border-red-700 dark:bg-red-950 dark:text-red-100"
        >
          {showBidiControls(problem)}
        </p>
      )}
    </>
  );
}

/** The sign-in page's and Renew session's choice to keep the session on this device. */
export function KeepSignedInBox({
  checked,
  onChange,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <label className="flex items-center gap-2 text-sm">
      <input
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        className="size-4"
      />
      Keep me signed in on this device
    </label>
  );
}
