import { useId, useState, type FormEvent } from 'react';
import { Button } from '../components/button';
import { useSessionState } from '../features/auth/session-context';
import { MAX_RETRIES_TRANSIENT } from '../lib/query-client';
import type { DemoControls, DemoFailure } from './environment';

const PATHS = [
  { value: '/v1/users', label: 'Users' },
  { value: '/v1/products', label: 'Products' },
  { value: '/v3/account', label: 'Account' },
];
const STATUSES = [401, 403, 429, 500];
/** How long the drill's 429 asks the console to wait: long enough to see the countdown. */
const DRILL_RETRY_AFTER_S = 5;

/**
 * The Failure drill, for rehearsing the hand-over to the API team without curl: the next request
 * (to any path) answers 500 on every automatic try, so its alert stays with Copy for ticket and
 * Try again; Try again meets a 429 (its countdown), whose retry meets a 401 (the session ends and
 * Renew session takes over).
 */
export const FAILURE_DRILL: DemoFailure[] = [
  { path: '/', status: 500, count: 1 + MAX_RETRIES_TRANSIENT },
  { path: '/', status: 429, count: 1, retryAfter: DRILL_RETRY_AFTER_S },
  { path: '/', status: 401, count: 1 },
];

/**
 * Demo mode only: lets a presenter slow the mock down or make its next answers fail, to show
 * how the console explains errors.
 */
export function DemoPanel({ demo }: { demo: DemoControls }) {
  const { session } = useSessionState();
  const [latency, setLatency] = useState('0');
  const [path, setPath] = useState(PATHS[0]!.value);
  const [status, setStatus] = useState('500');
  const [count, setCount] = useState('1');
  const [message, setMessage] = useState('');
  const ids = { latency: useId(), path: useId(), status: useId(), count: useId() };

  async function apply(scenario: Parameters<DemoControls['setScenario']>[1], done: string) {
    if (!session) return;
    try {
      await demo.setScenario(session.token, scenario);
      setMessage(done);
    } catch (error) {
      setMessage(`Could not apply: ${(error as Error).message}`);
    }
  }

  function onFail(event: FormEvent) {
    event.preventDefault();
    const times = Math.min(Math.max(Number.parseInt(count, 10) || 1, 1), 20);
    const code = Number(status);
    void apply(
      { fail: { path, status: code, count: times, ...(code === 429 ? { retryAfter: 5 } : {}) } },
      `The next ${times} ${times === 1 ? 'request' : 'requests'} to ${path} will fail with ${code}.`,
    );
  }

  const field =
    'rounded-md border border-slate-300 bg-white px-1.5 py-1 text-sm dark:border-slate-600 dark:bg-slate-800';
  return (
    <details className="mx-auto max-w-7xl px-4 pb-6 text-sm">
      <summary className="cursor-pointer font-medium">Demo scenarios</summary>
      <div className="mt-2 flex flex-wrap items-end gap-4 rounded-md border border-amber-300 bg-amber-50 p-3 dark:border-amber-700 dark:bg-amber-950/40">
        <div className="flex items-end gap-2">
          <span className="flex flex-col gap-1">
            <label htmlFor={ids.latency}>Latency (ms)</label>
            <input
              id={ids.latency}
              type="number"
              min={0}
              max={10000}
              step={100}
              value={latency}
              onChange={(event) => setLatency(event.target.value)}
              className={`${field} w-24`}
            />
          </span>
          <Button
            onClick={() =>
              void apply(
                { latencyMs: Math.min(Math.max(Number(latency) || 0, 0), 10_000) },
                `Every answer now takes at least ${Number(latency) || 0} ms.`,
              )
            }
          >
            Set latency
          </Button>
        </div>
        <form onSubmit={onFail} className="flex flex-wrap items-end gap-2">
          <span className="flex flex-col gap-1">
            <label htmlFor={ids.path}>Fail requests to</label>
            <select
              id={ids.path}
              value={path}
              onChange={(e) => setPath(e.target.value)}
              className={field}
            >
              {PATHS.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </span>
          <span className="flex flex-col gap-1">
            <label htmlFor={ids.status}>With status</label>
            <select
              id={ids.status}
              value={status}
              onChange={(e) => setStatus(e.target.value)}
              className={field}
            >
              {STATUSES.map((code) => (
                <option key={code} value={code}>
                  {code}
                </option>
              ))}
            </select>
          </span>
          <span className="flex flex-col gap-1">
            <label htmlFor={ids.count}>Times</label>
            <input
              id={ids.count}
              type="number"
              min={1}
              max={20}
              value={count}
              onChange={(event) => setCount(event.target.value)}
              className={`${field} w-16`}
            />
          </span>
          <Button type="submit">Queue failure</Button>
        </form>
        <Button
          onClick={() =>
            void apply(
              { fail: FAILURE_DRILL },
              `Failure drill queued: the next request answers 500 (every automatic try), Try again meets a 429 (${DRILL_RETRY_AFTER_S} s), then a 401 ends the session.`,
            )
          }
        >
          Failure drill
        </Button>
        <Button onClick={() => void apply({ reset: true }, 'Scenarios cleared.')}>
          Reset scenarios
        </Button>
        <p aria-live="polite" className="basis-full text-xs">
          {message}
        </p>
      </div>
    </details>
  );
}
