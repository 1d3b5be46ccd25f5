import { apiLine } from '../../lib/display-text';
import { formatDateTime } from '../../lib/time';
import { useTimeZone } from '../../lib/time-zone';
import { CopyIdButton } from './copy-id-button';
import { useCellTabIndex } from './in-table-row';

/**
 * Cuts a long value to one line with an ellipsis. The whole value stays in the DOM (screen readers
 * read all of it), in a title for the mouse, and the element is focusable and unfolds on focus for
 * the keyboard. Short values stay plain text, so the Tab order is not padded with stops that hide
 * nothing.
 */
export const TRUNCATE_CLASSES =
  'block truncate focus:whitespace-normal focus:wrap-break-word focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600';

/** A cell never puts more of one value in the DOM than this (the user page can show more). */
export const MAX_CELL_TEXT = 500;

export function TruncatedText({
  text,
  maxChars,
  className = '',
}: {
  text: string;
  /** Above this length the text is likely cut at the column's width. */
  maxChars: number;
  className?: string;
}) {
  const shown = apiLine(text, MAX_CELL_TEXT);
  // Focusable so the keyboard can unfold it: in a table row, with the arrow keys (in-table-row.ts).
  const tabIndex = useCellTabIndex() ?? 0;
  if (text.length <= maxChars) return <span className={className}>{shown}</span>;
  return (
    <span tabIndex={tabIndex} title={shown} className={`${TRUNCATE_CLASSES} ${className}`}>
      {shown}
    </span>
  );
}

/** An id in monospace with its copy button. */
export function IdCell({ id }: { id: string }) {
  return (
    <span className="flex items-center gap-1">
      <TruncatedText text={id} maxChars={22} className="min-w-0 font-mono text-xs" />
      <CopyIdButton id={id} />
    </span>
  );
}

/**
 * The date and time in the zone in force, named ("Sep 21, 2022, 11:11 PM PDT"), with the exact
 * instant in UTC (ISO 8601) in the markup and on hover.
 */
export function DateTimeText({ value }: { value: string }) {
  const zone = useTimeZone();
  const ms = Date.parse(value);
  // The schema accepts any string here; an unreadable date is shown as it came.
  if (Number.isNaN(ms)) return <span>{apiLine(value, 100)}</span>;
  const utc = new Date(ms).toISOString();
  return (
    <time dateTime={utc} title={`${utc} (UTC)`} className="whitespace-nowrap">
      {formatDateTime(ms, zone)}
    </time>
  );
}
