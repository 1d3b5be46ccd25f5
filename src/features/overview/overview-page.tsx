import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { Button } from '../../components/button';
import { ErrorAlert } from '../../components/error-alert';
import { RefreshStatus } from '../../components/refresh-status';
import { useDocumentTitle } from '../../components/use-document-title';
import { formatCount } from '../../lib/format';
import { useTimeZone } from '../../lib/time-zone';
import { BarChart } from './bar-chart';
import { priceBars, priceSummary } from './price-chart';
import type { PeriodBar } from './sign-up-periods';
import {
  overviewStore,
  runOverview,
  stopOverview,
  type Bar,
  type OverviewState,
  type Part,
} from './overview-count';

const UNIT_TEXT = {
  year: 'year',
  month: 'month',
  week: 'week (from Monday)',
  day: 'day',
} as const;

function busiest(bars: readonly Bar[]): Bar | undefined {
  return bars.reduce<Bar | undefined>(
    (best, bar) => (!best || bar.count > best.count ? bar : best),
    undefined,
  );
}

/**
 * `/overview`: totals, sign-ups per period, products per category and price range, counted exactly
 * from an API that can only sort, filter and page (overview-count.ts). The counts stay for the
 * session; leaving the page stops a count, and coming back goes on with it.
 */
export function OverviewPage({
  apiBaseUrl,
  categories,
}: {
  apiBaseUrl: string;
  /** The categories to count one by one (config.json's, or those seen); the rest is one bar. */
  categories: readonly string[];
}) {
  useDocumentTitle('Overview');
  const queryClient = useQueryClient();
  const store = useMemo(() => overviewStore(queryClient, apiBaseUrl), [queryClient, apiBaseUrl]);
  const state = useSyncExternalStore(store.subscribe, store.getSnapshot);
  const timeZone = useTimeZone();
  const run = (fresh: boolean) =>
    void runOverview({ queryClient, baseUrl: apiBaseUrl, categories, fresh, timeZone });

  // Counting is what opening the page asks for; leaving it stops the requests. Another time zone
  // counts the months again.
  useEffect(() => {
    void runOverview({ queryClient, baseUrl: apiBaseUrl, categories, timeZone });
    return () => stopOverview(queryClient, apiBaseUrl);
  }, [queryClient, apiBaseUrl, categories, timeZone]);

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-xl font-semibold">Overview</h1>
        <RefreshStatus
          query={{
            dataUpdatedAt: state.updatedAt,
            isFetching: state.running,
            refetch: () => run(true),
          }}
        />
      </div>
      <p role="status" className="text-sm text-slate-600 dark:text-slate-300">
        {state.running ? 'Counting… ' : 'Counted with '}
        {`${formatCount(state.requests)} ${state.requests === 1 ? 'request' : 'requests'}`}
        {state.running ? ' so far' : ''}
      </p>
      <dl className="flex flex-wrap gap-4">
        <Total label="Users" part={state.users} />
        <Total label="Products" part={state.products} />
      </dl>
      <SignUpsChart state={state} timeZone={timeZone} onRetry={() => run(false)} />
      <Chart
        part={state.categories}
        what="products by category"
        onRetry={() => run(false)}
        render={(bars) => (
          <BarChart
            name="Products by category"
            keyHeader="Category"
            countHeader="Products"
            noun="products"
            bars={bars}
            summary={categorySummary(bars)}
            layout="rows"
          />
        )}
        name="Products by category"
      />
      <Chart
        part={state.prices}
        what="products by price"
        onRetry={() => run(false)}
        render={(ranges) => (
          <BarChart
            name="Prices"
            keyHeader="Price range"
            countHeader="Products"
            noun="products"
            bars={priceBars(ranges)}
            summary={priceSummary(ranges)}
            layout="rows"
          />
        )}
        name="Prices"
      />
    </div>
  );
}

function Total({ label, part }: { label: string; part: Part<number> }) {
  return (
    <div>
      <dt className="text-sm text-slate-600 dark:text-slate-300">{label}</dt>
      <dd className="text-2xl font-semibold tabular-nums">
        {part.state === 'done' ? formatCount(part.value) : part.state === 'waiting' ? '…' : '—'}
      </dd>
    </div>
  );
}

function SignUpsChart({
  state,
  timeZone,
  onRetry,
}: {
  state: OverviewState;
  timeZone: string;
  onRetry: () => void;
}) {
  const { signUps } = state;
  // Months of another zone are never shown as this one's, even for the render before the count.
  const stale = signUps.state === 'done' && signUps.value.zone !== timeZone;
  return (
    <Chart
      part={stale ? { state: 'waiting' } : signUps}
      what="sign-ups"
      onRetry={onRetry}
      name="Sign-ups per month"
      render={({ unit, zone, bars, shifting }) => (
        <BarChart
          name="Sign-ups per month"
          keyHeader={KEY_HEADER[unit]}
          countHeader="Users"
          noun="users"
          bars={bars}
          summary={signUpSummary(unit, zone, bars, shifting)}
        />
      )}
    />
  );
}

function Chart<T>({
  part,
  what,
  name,
  onRetry,
  render,
}: {
  part: Part<T>;
  what: string;
  name: string;
  onRetry: () => void;
  render: (value: T) => ReactNode;
}) {
  if (part.state === 'done') return render(part.value);
  return (
    <section
      aria-label={name}
      aria-busy={part.state === 'waiting'}
      className="space-y-2 rounded-md border border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-slate-900"
    >
      <h2 className="text-lg font-semibold">{name}</h2>
      {part.state === 'waiting' && (
        <p className="text-sm text-slate-600 dark:text-slate-300">Counting…</p>
      )}
      {part.state === 'failed' && <ErrorAlert error={part.error} what={what} onRetry={onRetry} />}
      {part.state === 'unavailable' && (
        <div role="alert" className="space-y-2 text-sm">
          <p>{part.reason}</p>
          {part.retry && <Button onClick={onRetry}>Try again</Button>}
        </div>
      )}
    </section>
  );
}

const KEY_HEADER = { year: 'Year', month: 'Month', week: 'Week', day: 'Day' } as const;

function signUpSummary(
  unit: keyof typeof UNIT_TEXT,
  zone: string,
  bars: readonly PeriodBar[],
  shifting: boolean,
) {
  const periods = bars.filter((bar) => bar.outside === undefined);
  if (periods.length === 0) return 'Nobody has signed up yet.';
  const total = periods.reduce((sum, bar) => sum + bar.count, 0);
  const outside = bars.reduce((sum, bar) => sum + (bar.outside ? bar.count : 0), 0);
  const top = busiest(periods) as Bar;
  const moving = shifting
    ? ' Users were signing up while this was counted; it may be a few off.'
    : '';
  const far =
    outside > 0
      ? ` ${formatCount(outside)} more signed up far earlier or later (the bars before and after).`
      : '';
  return `${formatCount(total)} users signed up from ${periods[0]?.label} to ${periods.at(-1)?.label}, counted per ${UNIT_TEXT[unit]} in ${zone}; the most in ${top.label} (${formatCount(top.count)}).${far}${moving}`;
}

function categorySummary(bars: readonly Bar[]) {
  const top = busiest(bars);
  if (!top) return 'No products.';
  return `${bars.length} ${bars.length === 1 ? 'bar' : 'bars'}; the largest is ${top.label} with ${formatCount(top.count)} products.`;
}
