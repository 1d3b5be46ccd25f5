import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { Button } from '../components/button';
import { useNow } from '../components/use-now';
import { useSessionState, useSessionStore } from '../features/auth/session-context';
import { CLOCK_SKEW_MS } from '../features/auth/session-store';
import { describeSubject } from '../features/auth/token';
import { RequestsButton } from '../features/requests/requests-button';
import { UserLookup } from '../features/users/user-lookup';
import { formatCountdown } from '../lib/time';
import { DemoPanel } from './demo-panel';
import { useEnvironment } from './environment';
import { ThemeToggle } from './theme-toggle';

/** Warn this long before the session ends by itself. */
const EXPIRY_WARNING_MS = 5 * 60_000;

const NAV_ITEMS = [
  { to: '/users', label: 'Users' },
  { to: '/products', label: 'Products' },
  { to: '/account', label: 'Account' },
];

export function Shell({ children }: { children: ReactNode }) {
  const { session } = useSessionState();
  const store = useSessionStore();
  const environment = useEnvironment();
  const now = useNow(1000, session !== null);
  const msLeft = session ? session.claims.exp * 1000 - CLOCK_SKEW_MS - now : 0;

  return (
    <div className="min-h-screen bg-slate-50 text-slate-900 dark:bg-slate-950 dark:text-slate-100">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:text-slate-900"
      >
        Skip to content
      </a>
      <header className="border-b border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-2">
          <span className="font-semibold">Admin console</span>
          <span
            className={`rounded px-1.5 py-0.5 text-xs font-medium ${
              environment.demo
                ? 'bg-amber-200 text-amber-950 dark:bg-amber-800 dark:text-amber-50'
                : 'bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100'
            }`}
            title={
              environment.demo ? 'Built-in mock API with generated data' : environment.apiBaseUrl
            }
          >
            {environment.label}
          </span>
          <nav aria-label="Main" className="flex gap-1">
            {NAV_ITEMS.map((item) => (
              <NavLink
                key={item.to}
                to={item.to}
                className={({ isActive }) =>
                  `rounded-md px-2.5 py-1.5 text-sm font-medium ${
                    isActive
                      ? 'bg-slate-200 text-slate-950 dark:bg-slate-700 dark:text-white'
                      : 'text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800'
                  }`
                }
              >
                {item.label}
              </NavLink>
            ))}
          </nav>
          <div className="ml-auto flex flex-wrap items-center gap-2">
            <UserLookup />
            <RequestsButton demo={environment.demo !== null} />
            <ThemeToggle />
            {session && (
              <span className="text-sm text-slate-700 dark:text-slate-300">
                <span className="font-medium">{describeSubject(session.claims)}</span>
                <span className="ml-1 tabular-nums" title="Time left in this session">
                  ({formatCountdown(msLeft)} left)
                </span>
              </span>
            )}
            <Button onClick={() => store.end('signed-out')}>Sign out</Button>
          </div>
        </div>
        {session && msLeft <= EXPIRY_WARNING_MS && (
          <p className="bg-amber-100 px-4 py-1.5 text-center text-sm text-amber-950 dark:bg-amber-900/50 dark:text-amber-50">
            Your session ends in {formatCountdown(msLeft)}. Sign in again with a fresh token to keep
            working.
          </p>
        )}
      </header>
      <main id="main" tabIndex={-1} className="mx-auto max-w-7xl px-4 py-6 focus:outline-none">
        {children}
      </main>
      {environment.demo && <DemoPanel demo={environment.demo} />}
    </div>
  );
}
