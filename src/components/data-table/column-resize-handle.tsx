import type { KeyboardEvent, PointerEvent } from 'react';
import { clampWidth, MAX_COLUMN_WIDTH, MIN_COLUMN_WIDTH, type ColumnChoice } from './view-options';

/**
 * The resize handles of a table's shown columns, over its header row. Loaded after the table's
 * first paint (data-table.tsx): nobody resizes a column before seeing it.
 */
export function ColumnResizers({
  columns,
  widths,
  onResize,
}: {
  columns: readonly ColumnChoice[];
  widths: readonly number[];
  onResize: (id: string, width: number | null) => void;
}) {
  return (
    <div className="col-resizers">
      {columns.map((choice, index) => (
        <ColumnResizeHandle
          key={choice.id}
          label={choice.label}
          width={widths[index] ?? 0}
          edge={widths.slice(0, index + 1).reduce((sum, width) => sum + width, 0)}
          onResize={(next) => onResize(choice.id, next)}
        />
      ))}
    </div>
  );
}

interface ColumnResizeHandleProps {
  /** The column's header text: the handle is named "Resize Email column". */
  label: string;
  width: number;
  /** Where the column ends: the sum of the widths up to it, in CSS pixels. */
  edge: number;
  /** A new width (already clamped), or null for the column's default. */
  onResize: (width: number | null) => void;
}

/** One arrow key's step; with Shift, five of them. */
const STEP = 10;

/**
 * The right edge of a column's header: a focusable `separator` after the WAI-ARIA APG "Window
 * Splitter" pattern (https://www.w3.org/WAI/ARIA/apg/patterns/windowsplitter/), whose value is
 * the column's width in pixels. Left/Right Arrow narrow and widen it (Shift for larger steps),
 * Home/End go to the narrowest and widest, Enter restores the default; a pointer drags it, and a
 * double click restores the default. Widths are clamped (view-options.ts), however far it goes.
 *
 * The handles lie over the header row rather than in its cells, which would add "Resize Email
 * column" to each column header's name.
 */
export function ColumnResizeHandle({ label, width, edge, onResize }: ColumnResizeHandleProps) {
  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const step = event.shiftKey ? STEP * 5 : STEP;
    const next =
      event.key === 'ArrowLeft'
        ? width - step
        : event.key === 'ArrowRight'
          ? width + step
          : event.key === 'Home'
            ? MIN_COLUMN_WIDTH
            : event.key === 'End'
              ? MAX_COLUMN_WIDTH
              : event.key === 'Enter'
                ? null
                : undefined;
    if (next === undefined) return;
    // Taken from the table's own keys (data-table-keyboard.ts) and from the page's scrolling.
    event.preventDefault();
    event.stopPropagation();
    onResize(next === null ? null : clampWidth(next));
  }

  function onPointerDown(event: PointerEvent<HTMLDivElement>) {
    if (event.button !== 0) return;
    event.preventDefault();
    const handle = event.currentTarget;
    const startX = event.clientX;
    handle.setPointerCapture(event.pointerId);
    handle.focus();
    handle.onpointermove = (move) => onResize(clampWidth(width + move.clientX - startX));
    handle.onpointerup = handle.onpointercancel = () => {
      handle.onpointermove = handle.onpointerup = handle.onpointercancel = null;
    };
  }

  return (
    <div
      role="separator"
      aria-orientation="vertical"
      aria-label={`Resize ${label} column`}
      aria-valuenow={width}
      aria-valuemin={MIN_COLUMN_WIDTH}
      aria-valuemax={MAX_COLUMN_WIDTH}
      tabIndex={0}
      onKeyDown={onKeyDown}
      onPointerDown={onPointerDown}
      onDoubleClick={() => onResize(null)}
      // Styled in index.css: long class lists would weigh on every table page's JavaScript.
      className="col-resize"
      style={{ left: edge }}
    />
  );
}
