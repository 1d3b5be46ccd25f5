import { lazy, type ComponentType, type ReactNode } from 'react';
import { matchPath, Navigate, useLocation } from 'react-router';
import { lazyComponent } from '../components/lazy-component';
import { Page } from './page';
import { SignedInLayout } from './require-session';
import { routeModules, type RouteKey } from './route-modules';
import { RouteParamsContext, type RouteParams } from './route-params';

/** A page's route module's `Component`, rendered at once if start-up has already loaded it. */
function lazyRoute(key: RouteKey) {
  return lazyComponent(routeModules[key], (module) => module.Component);
}

const LoginRoute = lazyRoute('login');
const CallbackRoute = lazyRoute('callback');
// Rarely seen: not in every page's first-render JavaScript.
const NotFoundPage = lazy(() =>
  import('./not-found').then((module) => ({ default: module.NotFoundPage })),
);

/**
 * The signed-in pages, in the order they are tried: a fixed path before a pattern that would also
 * match it (/users/find before /users/:id).
 */
const SIGNED_IN_PAGES: readonly (readonly [pattern: string, page: ComponentType])[] = [
  ['/overview', lazyRoute('overview')],
  ['/users', lazyRoute('users')],
  ['/users/find', lazyRoute('find')],
  ['/users/bulk', lazyRoute('bulk')],
  ['/users/:id', lazyRoute('user')],
  ['/products', lazyRoute('products')],
  ['/account', lazyRoute('account')],
];

export type RouteMatch =
  | { page: 'login' | 'callback' | 'home' | 'not-found' }
  | { page: 'signed-in'; Component: ComponentType; pattern: string; params: RouteParams };

/**
 * Which page a path shows (ui-contract §3), matched as React Router's `<Routes>` matched it:
 * case-insensitively, with or without a trailing slash, on the path with each segment
 * percent-decoded (an encoded `/` stays `%2F` while matching and is decoded in the parameter).
 *
 * The console's own switch rather than `<Routes>`: nine flat paths tried in a written order, a pure
 * function the tests call directly (docs/decisions/016-route-matching.md). Navigation, history
 * and the matching itself (`matchPath`) are still React Router's.
 */
export function matchRoute(pathname: string): RouteMatch {
  const path = decodePath(pathname);
  if (matchPath('/login', path)) return { page: 'login' };
  if (matchPath('/auth/callback', path)) return { page: 'callback' };
  if (matchPath('/', path)) return { page: 'home' };
  for (const [pattern, Component] of SIGNED_IN_PAGES) {
    const match = matchPath(pattern, path);
    if (match) return { page: 'signed-in', Component, pattern, params: match.params };
  }
  return { page: 'not-found' };
}

/** React Router's own decoding (it does not export it): a malformed segment leaves the path as is. */
function decodePath(pathname: string): string {
  try {
    return pathname
      .split('/')
      .map((segment) => decodeURIComponent(segment).replace(/\//g, '%2F'))
      .join('/');
  } catch {
    return pathname;
  }
}

/** The console's URLs (ui-contract §3). No data router: nothing here uses loaders or actions. */
export function AppRoutes() {
  const match = matchRoute(useLocation().pathname);
  if (match.page === 'login') return page(<LoginRoute />);
  if (match.page === 'callback') return page(<CallbackRoute />);
  // Every other path is a signed-in page: signed out, it leads to sign-in with the way back.
  return <SignedInLayout>{signedInPage(match)}</SignedInLayout>;
}

function page(content: ReactNode) {
  return <Page>{content}</Page>;
}

function signedInPage(match: RouteMatch): ReactNode {
  if (match.page === 'home') return <Navigate to="/users" replace />;
  if (match.page !== 'signed-in') return <NotFoundPage />;
  const { Component, params } = match;
  return (
    <RouteParamsContext.Provider value={params}>
      <Component />
    </RouteParamsContext.Provider>
  );
}
