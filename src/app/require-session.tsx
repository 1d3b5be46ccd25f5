import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useSessionState } from '../features/auth/session-context';
import { loginPathFor } from '../features/auth/safe-next';
import { Page } from './page';
import { PageLoading } from './page-loading';
import { preloadSignedInRoutes } from './route-modules';
import { Shell } from './shell';

/** Signed-in pages: inside the shell, or off to sign-in with the way back in `next`. */
export function SignedInLayout() {
  const { session, endReason, asking } = useSessionState();
  const location = useLocation();
  const signedIn = session !== null;
  useEffect(() => {
    if (!signedIn) return;
    const timer = setTimeout(preloadSignedInRoutes, 1500);
    return () => clearTimeout(timer);
  }, [signedIn]);
  // A new tab is asking the console's other tabs for their session: a moment, not a sign-in page.
  if (!session && asking) return <PageLoading />;
  if (!session) {
    // After "Sign out" there is no way back to offer; every other ending keeps one.
    return <Navigate to={endReason === 'signed-out' ? '/login' : loginPathFor(location)} replace />;
  }
  return (
    <Shell>
      <Page>
        <Outlet />
      </Page>
    </Shell>
  );
}
