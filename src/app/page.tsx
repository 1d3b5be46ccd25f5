import { Suspense, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { FocusHeadingOnNavigation } from './focus-heading';
import { PageLoading } from './page-loading';
import { RouteErrorBoundary } from './route-error';

/**
 * A page's error boundary and loading fallback; keyed by path so another page starts clean (and
 * its heading takes the focus after a navigation).
 */
export function Page({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <RouteErrorBoundary key={pathname}>
      <Suspense fallback={<PageLoading />}>{children}</Suspense>
      <FocusHeadingOnNavigation />
    </RouteErrorBoundary>
  );
}
