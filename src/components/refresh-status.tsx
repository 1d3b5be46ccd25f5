import { useState } from 'react';
import { formatDateTime, formatRelative } from '../lib/time';
import { useTimeZone } from '../lib/time-zone';
import { Button } from './button';
import { useNow } from './use-now';

interface RefreshableQuery {
  /** Epoch ms of the last successful answer; 0 before the first. */
  dataUpdatedAt: number;
  isFetching: boolean;
  refetch: () => unknown;
}

/**
 * "Updated 12 seconds ago" and a Refresh button. Refetching keeps the view: the data on screen stays
 * until the new answer replaces it. While a fetch runs the button stays focusable (aria-disabled
 * rather than disabled, so keyboard focus is not dropped) and says it is busy.
 */
export function RefreshStatus({
  query,
  className = '',
}: {
  query: RefreshableQuery;
  /** Placement; set it so the text grows away from the button, which then never moves. */
  className?: string;
}) {
  const { dataUpdatedAt: updatedAt, isFetching: fetching } = query;
  const now = useNow(1000, updatedAt > 0);
  const zone = useTimeZone();
  // The answer time the person refreshed from, to announce when a newer one arrives.
  const [refreshedFrom, setRefreshedFrom] = useState<number | null>(null);
  const announcement =
    refreshedFrom === null
      ? ''
      : updatedAt > refreshedFrom
        ? 'Refreshed'
        : fetching
          ? 'Refreshing'
          : '';

  return (
    <div
      className={`flex items-center gap-2 text-sm text-slate-600 dark:text-slate-300 ${className}`}
    >
      {fetching ? (
        <span>Updating…</span>
      ) : (
        updatedAt > 0 && (
          <span>
            Updated{' '}
            <time
              dateTime={new Date(updatedAt).toISOString()}
              title={formatDateTime(updatedAt, zone, { seconds: true })}
            >
              {now - updatedAt < 1000 ? 'just now' : formatRelative(updatedAt, now)}
            </time>
          </span>
        )
      )}
      <Button
        aria-disabled={fetching}
        onClick={() => {
          if (fetching) return;
          setRefreshedFrom(updatedAt);
          void query.refetch();
        }}
        className="px-2 py-0.5 text-xs aria-disabled:cursor-progress aria-disabled:opacity-60"
      >
        Refresh
      </Button>
      {/* Not role=status: table pages keep that role for their range text. */}
      <span aria-live="polite" className="sr-only">
        {announcement}
      </span>
    </div>
  );
}
