import { RateLimitNote } from '../../components/rate-limit-note';
import { Button } from '../../components/button';
import { ProgressBar } from '../../components/progress-bar';
import { readText } from './reading-words';

/**
 * A reading of the products list under way: how much is read, a progress bar named `label`, and
 * **Cancel**; while a 429 holds it, when it goes on.
 */
export function ReadingProgress({
  label,
  rows,
  total,
  retryAt,
  onCancel,
}: {
  label: string;
  rows: number;
  total: number | undefined;
  retryAt: number | undefined;
  onCancel: () => void;
}) {
  return (
    <div className="flex flex-wrap items-center gap-3 text-sm">
      <span className="tabular-nums">
        {total === undefined ? 'Reading the list of products…' : `Read ${readText(rows, total)}`}
      </span>
      <ProgressBar
        label={label}
        value={rows}
        max={total}
        valueText={total === undefined ? 'Starting' : `${readText(rows, total)} read`}
      />
      <Button onClick={onCancel}>Cancel</Button>
      {retryAt !== undefined && <RateLimitNote retryAt={retryAt} />}
    </div>
  );
}
