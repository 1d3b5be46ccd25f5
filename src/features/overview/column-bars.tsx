import { nice, ticks } from 'd3-array';
import { useCallback, useState } from 'react';
import { Link } from '../../components/link';
import { apiLine } from '../../lib/display-text';
import { formatCount } from '../../lib/format';
import type { Bar } from './overview-count';

/**
 * Bars as columns, for periods in order (sign-ups per month, week or day): SVG drawn by hand,
 * d3-array giving the round axis ticks. The drawing is as wide as its box in CSS pixels (measured),
 * not a fixed picture scaled down, so its text is 11 px on a phone as on a desktop: labels that
 * would overlap are thinned to every second, third… column, and none runs past either edge.
 */

const HEIGHT = 220;
const MARGIN = { top: 16, right: 8, bottom: 40, left: 48 };
/** Before the box is measured (and where it cannot be, as in tests). */
const DEFAULT_WIDTH = 720;
const FONT_SIZE = 11;
/** A generous average advance of the UI font's digits and letters, per pixel of font size. */
const CHAR_WIDTH = 0.62;
const MAX_LABEL = 14;

const textWidth = (text: string) => [...text].length * FONT_SIZE * CHAR_WIDTH;

/** The width of the element it is attached to, in CSS pixels, kept up to date. */
function useWidth(): [(node: Element | null) => (() => void) | undefined, number] {
  const [width, setWidth] = useState(DEFAULT_WIDTH);
  const ref = useCallback((node: Element | null) => {
    if (!node || typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(([entry]) => {
      const measured = Math.floor(entry?.contentRect.width ?? 0);
      if (measured > 0) setWidth(measured);
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, []);
  return [ref, width];
}

export function ColumnBars({
  name,
  noun,
  bars,
}: {
  name: string;
  noun: string;
  bars: readonly Bar[];
}) {
  const [ref, width] = useWidth();
  // Not Math.max(...counts): spread into arguments, a long list overflows the stack.
  const max = bars.reduce((most, bar) => Math.max(most, bar.count), 1);
  const [, top = max] = nice(0, max, 4);
  const plotWidth = width - MARGIN.left - MARGIN.right;
  const plotHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const band = plotWidth / Math.max(1, bars.length);
  const y = (count: number) => MARGIN.top + plotHeight - (count / top) * plotHeight;
  const labels = bars.map((bar) => apiLine(bar.label, MAX_LABEL - 1));
  const labelWidth = labels.reduce((widest, label) => Math.max(widest, textWidth(label)), 0);
  // Room for each label and a gap: every so many columns.
  const labelEvery = Math.max(1, Math.ceil((labelWidth + 8) / band));
  const showCounts = band >= textWidth(formatCount(max)) + 4;
  // A label centred on a column near an edge is moved in, so that none is cut off.
  const labelX = (centre: number) =>
    Math.min(Math.max(centre, labelWidth / 2), width - labelWidth / 2);

  return (
    <div ref={ref}>
      <svg
        viewBox={`0 0 ${width} ${HEIGHT}`}
        className="block h-auto w-full text-slate-700 dark:text-slate-300"
        aria-label={`${name}: bars`}
        role="group"
      >
        {ticks(0, top, 4).map((tick) => (
          <g key={tick} aria-hidden="true">
            <line
              x1={MARGIN.left}
              x2={width - MARGIN.right}
              y1={y(tick)}
              y2={y(tick)}
              stroke="currentColor"
              strokeOpacity="0.2"
            />
            <text
              x={MARGIN.left - 6}
              y={y(tick)}
              textAnchor="end"
              dominantBaseline="middle"
              fontSize={FONT_SIZE}
              fill="currentColor"
            >
              {formatCount(tick)}
            </text>
          </g>
        ))}
        {bars.map((bar, index) => {
          const x = MARGIN.left + index * band;
          const barTop = y(bar.count);
          return (
            <Link
              key={`${bar.label}\u0000${index}`}
              to={bar.to}
              aria-label={`${apiLine(bar.label, 200)}: ${formatCount(bar.count)} ${noun}`}
            >
              <title>{`${apiLine(bar.label, 1000)}: ${formatCount(bar.count)} ${noun}`}</title>
              {/* The whole column is the target, however small the bar. */}
              <rect x={x} y={MARGIN.top} width={band} height={plotHeight} fill="transparent" />
              <rect
                x={x + band * 0.1}
                y={barTop}
                width={Math.max(1, band * 0.8)}
                height={MARGIN.top + plotHeight - barTop}
                fill="currentColor"
                className="text-blue-700 dark:text-blue-300"
              />
              {showCounts && (
                <text
                  x={x + band / 2}
                  y={barTop - 3}
                  textAnchor="middle"
                  fontSize={FONT_SIZE}
                  fill="currentColor"
                >
                  {formatCount(bar.count)}
                </text>
              )}
              {index % labelEvery === 0 && (
                <text
                  x={labelX(x + band / 2)}
                  y={HEIGHT - MARGIN.bottom + 14}
                  textAnchor="middle"
                  fontSize={FONT_SIZE}
                  fill="currentColor"
                >
                  {labels[index]}
                </text>
              )}
            </Link>
          );
        })}
      </svg>
    </div>
  );
}
