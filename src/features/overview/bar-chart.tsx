import { nice, ticks } from 'd3-array';
import { useId, useState } from 'react';
import { Button } from '../../components/button';
import { Link } from '../../components/link';
import { apiLine } from '../../lib/display-text';
import { formatCount } from '../../lib/format';
import type { Bar } from './overview-count';

/**
 * One chart of the overview: a `figure` named by its heading, a sentence that says what it shows
 * (so nobody needs the picture, or its colour), the bars as SVG drawn by hand (d3-array gives the
 * round axis ticks), and **Show as table**: the same counts in a `table` of the same name. Every
 * bar and every row leads to what it counts. Labels from the API are drawn as text, never markup,
 * and cut with the whole text in a title.
 */

const WIDTH = 720;
const HEIGHT = 220;
const MARGIN = { top: 16, right: 8, bottom: 40, left: 48 };
const MAX_LABEL = 14;

/** API text on one line: bidi controls shown as such, cut with an ellipsis (display-text.ts). */
function cut(text: string, max = MAX_LABEL - 1): string {
  return apiLine(text, max);
}

export interface BarChartProps {
  name: string;
  /** The table's first column: Month, Category, Price range. */
  keyHeader: string;
  /** The table's count column: Users, Products. */
  countHeader: string;
  /** What one count is, for the bars' names: "users", "products". */
  noun: string;
  bars: readonly Bar[];
  summary: string;
}

export function BarChart({ name, keyHeader, countHeader, noun, bars, summary }: BarChartProps) {
  const headingId = useId();
  const tableId = useId();
  const [showTable, setShowTable] = useState(false);
  const max = Math.max(1, ...bars.map((bar) => bar.count));
  const [, top = max] = nice(0, max, 4);
  const plotWidth = WIDTH - MARGIN.left - MARGIN.right;
  const plotHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const band = plotWidth / Math.max(1, bars.length);
  const y = (count: number) => MARGIN.top + plotHeight - (count / top) * plotHeight;
  // Enough room for a label every so many bars.
  const labelEvery = Math.max(1, Math.ceil((bars.length * 64) / plotWidth));
  const showCounts = band >= 28;

  return (
    <figure
      aria-labelledby={headingId}
      className="space-y-2 rounded-md border border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-slate-900"
    >
      <figcaption className="space-y-1">
        <h2 id={headingId} className="text-lg font-semibold">
          {name}
        </h2>
        <p className="text-sm text-slate-700 dark:text-slate-300">{summary}</p>
      </figcaption>
      {bars.length > 0 && (
        <svg
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          className="w-full text-slate-700 dark:text-slate-300"
          aria-label={`${name}: bars`}
          role="group"
        >
          {ticks(0, top, 4).map((tick) => (
            <g key={tick} aria-hidden="true">
              <line
                x1={MARGIN.left}
                x2={WIDTH - MARGIN.right}
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
                fontSize="11"
                fill="currentColor"
              >
                {formatCount(tick)}
              </text>
            </g>
          ))}
          {bars.map((bar, index) => {
            const x = MARGIN.left + index * band;
            const barTop = y(bar.count);
            const label = cut(bar.label);
            return (
              <Link
                key={`${bar.label}\u0000${index}`}
                to={bar.to}
                aria-label={`${cut(bar.label, 200)}: ${formatCount(bar.count)} ${noun}`}
              >
                <title>{`${cut(bar.label, 1000)}: ${formatCount(bar.count)} ${noun}`}</title>
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
                    fontSize="10"
                    fill="currentColor"
                  >
                    {formatCount(bar.count)}
                  </text>
                )}
                {index % labelEvery === 0 && (
                  <text
                    x={x + band / 2}
                    y={HEIGHT - MARGIN.bottom + 14}
                    textAnchor="middle"
                    fontSize="11"
                    fill="currentColor"
                  >
                    {label}
                  </text>
                )}
              </Link>
            );
          })}
        </svg>
      )}
      <Button
        aria-expanded={showTable}
        aria-controls={tableId}
        onClick={() => setShowTable((shown) => !shown)}
        className="px-2 py-0.5 text-xs"
      >
        Show as table
      </Button>
      <div id={tableId} hidden={!showTable} className="max-h-80 overflow-auto">
        {showTable && (
          <table aria-label={name} className="w-full text-left text-sm">
            <thead>
              <tr>
                <th scope="col" className="px-2 py-1">
                  {keyHeader}
                </th>
                <th scope="col" className="px-2 py-1 text-right">
                  {countHeader}
                </th>
              </tr>
            </thead>
            <tbody>
              {bars.map((bar, index) => (
                <tr
                  key={`${bar.label}\u0000${index}`}
                  className="border-t border-slate-200 dark:border-slate-700"
                >
                  <td className="max-w-md truncate px-2 py-1" title={cut(bar.label, 1000)}>
                    <Link to={bar.to} className="text-blue-700 underline dark:text-blue-300">
                      <bdi>{cut(bar.label, 200)}</bdi>
                    </Link>
                  </td>
                  <td className="px-2 py-1 text-right tabular-nums">{formatCount(bar.count)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
    </figure>
  );
}
