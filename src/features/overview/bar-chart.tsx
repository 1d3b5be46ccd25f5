import { useId, useState } from 'react';
import { Button } from '../../components/button';
import { Link } from '../../components/link';
import { apiLine } from '../../lib/display-text';
import { formatCount } from '../../lib/format';
import { ColumnBars } from './column-bars';
import type { Bar } from './overview-count';
import { RowBars } from './row-bars';

/**
 * One chart of the overview: a `figure` named by its heading, a sentence that says what it shows
 * (so nobody needs the picture, or its colour), the bars, and **Show as table**: the same counts
 * in a `table` of the same name, where a long label is shown whole. Every bar and every row leads
 * to what it counts. Periods are columns (column-bars.tsx); categories and price ranges are rows
 * (row-bars.tsx), whose labels wrap instead of being cut on a phone. Labels from the API are
 * drawn as text, never markup.
 */

/** What a table cell shows of a label: enough for any real name, bounded for a hostile one. */
const TABLE_LABEL = 1000;

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
  /** `columns` for periods in order, `rows` for named or ranged groups. */
  layout?: 'columns' | 'rows';
}

export function BarChart({
  name,
  keyHeader,
  countHeader,
  noun,
  bars,
  summary,
  layout = 'columns',
}: BarChartProps) {
  const headingId = useId();
  const tableId = useId();
  const [showTable, setShowTable] = useState(false);
  const Bars = layout === 'rows' ? RowBars : ColumnBars;

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
      {bars.length > 0 && <Bars name={name} noun={noun} bars={bars} />}
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
                  <td className="px-2 py-1 [overflow-wrap:anywhere]">
                    <Link to={bar.to} className="text-blue-700 underline dark:text-blue-300">
                      <bdi>{apiLine(bar.label, TABLE_LABEL)}</bdi>
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
