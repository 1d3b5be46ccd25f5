import { Link } from '../../components/link';
import { apiLine } from '../../lib/display-text';
import { formatCount } from '../../lib/format';
import type { Bar } from './overview-count';

/**
 * Bars as rows of text, for categories and price ranges: the label wraps in its own column at a
 * readable size on any screen, however long (a very long one is cut, whole in its title and in
 * the chart's table), the bar beside it, then the exact count. Each row is one link.
 */

/** Label characters shown in a row; the rest is in the title and the table. */
const ROW_LABEL = 60;
const TITLE_LABEL = 1000;

export function RowBars({
  name,
  noun,
  bars,
}: {
  name: string;
  noun: string;
  bars: readonly Bar[];
}) {
  const max = Math.max(1, ...bars.map((bar) => bar.count));
  return (
    <ul aria-label={`${name}: bars`}>
      {bars.map((bar, index) => {
        const whole = `${apiLine(bar.label, TITLE_LABEL)}: ${formatCount(bar.count)} ${noun}`;
        return (
          <li key={`${bar.label}\u0000${index}`}>
            <Link
              to={bar.to}
              aria-label={`${apiLine(bar.label, 200)}: ${formatCount(bar.count)} ${noun}`}
              title={whole}
              className="grid grid-cols-[minmax(0,2fr)_minmax(0,3fr)_auto] sm:grid-cols-[minmax(0,14rem)_minmax(0,1fr)_auto] min-h-6 items-center gap-2 rounded px-1 py-1 text-xs hover:bg-slate-100 dark:hover:bg-slate-800"
            >
              <span className="[overflow-wrap:anywhere]">
                <bdi>{apiLine(bar.label, ROW_LABEL)}</bdi>
              </span>
              <span className="h-3 rounded-sm bg-slate-100 dark:bg-slate-800">
                <span
                  className="block h-full rounded-sm bg-blue-700 dark:bg-blue-300"
                  style={{
                    width: `${(bar.count / max) * 100}%`,
                    minWidth: bar.count > 0 ? 2 : 0,
                  }}
                />
              </span>
              <span className="text-right tabular-nums">{formatCount(bar.count)}</span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
