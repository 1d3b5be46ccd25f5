/**
 * A determinate progress bar once the total is known, indeterminate (no value) until then. The
 * text beside it is the caller's; `valueText` is what a screen reader says.
 */
export function ProgressBar({
  label,
  value,
  max,
  valueText,
}: {
  label: string;
  value: number;
  max: number | undefined;
  valueText: string;
}) {
  const percent = max === undefined || max === 0 ? 0 : Math.min(100, (value / max) * 100);
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={max === undefined ? undefined : Math.min(value, max)}
      aria-valuetext={valueText}
      className="h-2 w-48 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700"
    >
      <div
        className={`h-full bg-blue-600 dark:bg-blue-400 ${max === undefined ? 'w-1/4 animate-pulse' : ''}`}
        style={max === undefined ? undefined : { width: `${percent}%` }}
      />
    </div>
  );
}
