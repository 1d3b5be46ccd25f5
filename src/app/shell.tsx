import { lazy, Suspense, useId, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { NavLink } from '../components/link';
import { Button } from '../components/button';
import { lazyComponent } from '../components/lazy-component';
import { useElementHeightProperty } from '../components/use-element-height';
import { useNow } from '../components/use-now';
import { useRenewalFailing } from '../features/auth/renewal-status';
import { sessionLabel } from '../features/auth/session-label';
import { useSessionState, useSessionStore } from '../features/auth/session-context';
import { CLOCK_SKEW_MS } from '../features/auth/session-store';
import type { TokenClaims } from '../features/auth/token';
import { RequestsButton } from '../features/requests/requests-button';
import type { LoadProductSuggestions } from '../features/users/product-suggestion';
import { UserLookup } from '../features/users/user-lookup';
import { formatCountdown } from '../lib/time';
import { ApiLabel } from './api-label';
import { useEnvironment } from './environment';
import { ShortcutsWhenReady } from './keyboard/shortcuts-when-ready';
import { NAV_ITEMS, navAccess } from './nav-items';
import { severalApis } from './several-apis-loader';
import { ThemeToggle } from './theme-toggle';
import { TimeZoneMenu } from './time-zone-menu';

/** The Find box's products (product-suggestions.ts): with its first use, never on first render. */
const loadProductSuggestions: LoadProductSuggestions = (queryClient) =>
  import('./product-suggestions').then((module) => module.productSuggestions(queryClient));

// Only in a session's last minutes, or once it has ended on the page.
const SessionRenewal = lazy(() =>
  import('./session-renewal').then((module) => ({ default: module.SessionRenewal })),
);

// Several APIs, or a production one, only: the select API and the Production badge.
const HeaderApi = lazyComponent(severalApis, (module) => module.HeaderApi);

/** Warn this long before the session ends by itself. */
const EXPIRY_WARNING_MS = 5 * 60_000;

// Demo mode only: a real deployment never downloads it.
const DemoPanel = lazy(() =>
  import('./demo-panel').then((module) => ({ default: module.DemoPanel })),
);

/**
 * The signed-in frame: a header with the pages, the Find user box, Requests, the theme, the
 * session and Sign out. Below `sm` the header collapses to a row with the lookup and a Menu
 * button (APG disclosure pattern) that shows the rest.
 */
export function Shell({ children }: { children: ReactNode }) {
  const { session, renewable } = useSessionState();
  const store = useSessionStore();
  const environment = useEnvironment();
  const now = useNow(1000, session !== null);
  const msLeft = session ? session.claims.exp * 1000 - CLOCK_SKEW_MS - now : 0;
  // A provider's session renews itself: no countdown, no warning, unless its renewal has failed.
  const renewalFailing = useRenewalFailing();
  const provider = environment.apis.current.oidc?.name;
  const renewsItself = session?.source === 'provider' && !renewalFailing;
  const { pathname } = useLocation();
  // Open at a path, so going to another page closes it without an effect.
  const [menuOpenAt, setMenuOpenAt] = useState<string | null>(null);
  const menuOpen = menuOpenAt === pathname;
  const menuId = useId();
  // A table's header row sticks just under this header, which sticks from lg (index.css).
  const header = useRef<HTMLElement>(null);
  useElementHeightProperty(header, '--page-header-height');
  const subject = session ? sessionLabel(session.claims, renewsItself ? provider : undefined) : '';

  return (
    <div className="min-h-screen bg-slate-50 text-slate-900 dark:bg-slate-950 dark:text-slate-100">
      <a
        href="#main"
        onClick={skipToMain}
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:text-slate-900"
      >
        Skip to content
      </a>
      {/* On desktops the header stays in view while a long page (a table) scrolls. */}
      <header
        ref={header}
        className="border-b border-slate-200 bg-white lg:sticky lg:top-0 lg:z-30 dark:border-slate-800 dark:bg-slate-900"
      >
        {/* One row from lg up, whatever the lengths of the API's host and the person's name:
            those two shrink and cut (full text in a title), the controls and the nav never do.
            Below lg the row may wrap; below sm the rest folds behind Menu. */}
        <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-2 lg:flex-nowrap lg:gap-x-2">
          <span className="shrink-0 font-semibold">Admin console</span>
          {environment.apis.profiles.length > 1 || environment.production ? (
            <Suspense fallback={environment.label}>
              <HeaderApi />
            </Suspense>
          ) : (
            <ApiLabel environment={environment} />
          )}
          <Button
            variant="ghost"
            aria-expanded={menuOpen}
            aria-controls={menuId}
            onClick={() => setMenuOpenAt(menuOpen ? null : pathname)}
            className="ml-auto sm:hidden"
          >
            Menu
          </Button>
          <div className="w-full shrink-0 sm:order-2 sm:ml-auto sm:w-auto">
            <UserLookup loadProductSuggestions={loadProductSuggestions} />
          </div>
          {/* On wider screens its parts join the header row (display: contents). */}
          <div
            id={menuId}
            className={`${menuOpen ? 'flex' : 'hidden'} w-full flex-col gap-2 sm:contents`}
          >
            <nav aria-label="Main" className="flex shrink-0 flex-wrap gap-1 sm:order-1">
              {NAV_ITEMS.map((item) => (
                <NavItem key={item.to} {...item} claims={session?.claims} />
              ))}
            </nav>
            <div className="flex flex-wrap items-center gap-2 sm:order-3 lg:shrink-0 lg:flex-nowrap">
              <RequestsButton demo={environment.demo !== null} />
              {/* One above the other, in the room the theme alone took: the row is full at 1024 px. */}
              <div className="flex flex-col gap-1">
                <ThemeToggle />
                <TimeZoneMenu />
              </div>
              {session && (
                // Two short lines, so the header keeps one row. A claim is whatever the token's
                // issuer wrote: isolated, marked and cut; from lg up cut to fit (whole in a title).
                <span className="flex min-w-0 flex-col text-xs leading-tight text-slate-700 lg:max-w-20 xl:max-w-48 dark:text-slate-300">
                  <bdi className="truncate font-medium" title={subject}>
                    {subject}
                  </bdi>
                  {!renewsItself && (
                    <span className="tabular-nums" title="Time left in this session">
                      {formatCountdown(msLeft)} left
                    </span>
                  )}
                </span>
              )}
              <Button onClick={() => store.end('signed-out')} className="shrink-0">
                Sign out
              </Button>
            </div>
          </div>
        </div>
        {/* A session that renews itself gets no warning, only the dialog if it is refused. */}
        {(session ? !renewsItself && msLeft <= EXPIRY_WARNING_MS : renewable) && (
          <Suspense fallback={null}>
            <SessionRenewal msLeft={msLeft} apiName={environment.label} />
          </Suspense>
        )}
      </header>
      <main id="main" tabIndex={-1} className="mx-auto max-w-7xl px-4 py-6 focus:outline-none">
        {children}
      </main>
      <ShortcutsWhenReady />
      {environment.demo && (
        <Suspense fallback={null}>
          <DemoPanel demo={environment.demo} />
        </Suspense>
      )}
    </div>
  );
}

/** Moves the focus to the page's content without adding #main to the address. */
function skipToMain(event: MouseEvent<HTMLAnchorElement>) {
  event.preventDefault();
  document.getElementById('main')?.focus();
}

const NAV_CLASSES = 'rounded-md px-2 py-1.5 text-sm font-medium';

/**
 * A page of the console, or, when the token has a `scope` claim that grants none of what the page
 * needs, the page's name marked unavailable with the reason (the API would only answer 403). A
 * page it grants part of stays a link that names what is missing.
 */
function NavItem({
  to,
  label,
  scopes,
  claims,
}: {
  to: string;
  label: string;
  scopes: readonly string[];
  claims: TokenClaims | undefined;
}) {
  const reasonId = useId();
  const access = navAccess(scopes, claims?.scope);
  if (access.kind === 'unavailable') {
    return (
      <span
        aria-disabled="true"
        aria-describedby={reasonId}
        title={`Unavailable: ${access.reason}`}
        className={`${NAV_CLASSES} cursor-not-allowed text-slate-600 line-through dark:text-slate-400`}
      >
        {label}
        <span id={reasonId} className="sr-only">
          {`(unavailable: ${access.reason})`}
        </span>
      </span>
    );
  }
  return (
    <NavLink
      to={to}
      // A title, not text inside the link: the link's name stays the page's name.
      title={access.kind === 'partial' ? `Partly available: ${access.reason}` : undefined}
      className={({ isActive }) =>
        `${NAV_CLASSES} ${
          isActive
            ? 'bg-slate-200 text-slate-950 dark:bg-slate-700 dark:text-white'
            : 'text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800'
        }`
      }
    >
      {label}
    </NavLink>
  );
}
