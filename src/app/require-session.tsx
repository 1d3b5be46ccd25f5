import { useIsFetching, useQueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useSessionState } from '../features/auth/session-context';
import { loginPathFor } from '../features/auth/safe-next';
import { preloadErrorAlert } from '../components/error-alert-loader';
import { whenIdleAfterPaint } from '../lib/idle';
import { Page } from './page';
import { PageLoading } from './page-loading';
import { preloadSignedInRoutes } from './route-modules';
import { Shell } from './shell';

/**
 * Signed-in pages: inside the shell, or off to sign-in with the way back in `next`. A session
 * that ended on the page (expired, or a 401) keeps the page mounted, in view but dimmed and inert, so its
 * open dialogs, half-typed filters and scroll position are still there when the same person
 * renews it (the shell's Renew session dialog); a full sign-in (a new generation) starts afresh.
 */
export function SignedInLayout({ children }: { children: ReactNode }) {
  const { session, endReason, asking, renewable, generation } = useSessionState();
  const location = useLocation();
  // A new tab is asking the console's other tabs for their session: a moment, not a sign-in page.
  if (!session && asking) return <PageLoading />;
  if (!session && !renewable) {
    // After "Sign out" there is no way back to offer; every other ending keeps one.
    return <Navigate to={endReason === 'signed-out' ? '/login' : loginPathFor(location)} replace />;
  }
  const ended = session === null;
  return (
    <Shell key={generation}>
      <div inert={ended} className={ended ? 'opacity-50' : undefined}>
        <Page>{children}</Page>
      </div>
      {!ended && <PreloadOtherPages />}
    </Shell>
  );
}

/**
 * Fetches the other pages' code (and the full error alert) and starts the index of users seen
 * once this page's data is in and painted, and the browser is idle:
 * before that it would compete with the first rows for the network. A component of its own, so
 * the fetching count it watches re-renders nothing else.
 */
function PreloadOtherPages() {
  const quiet = useIsFetching() === 0;
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!quiet) return;
    return whenIdleAfterPaint(() => {
      preloadSignedInRoutes();
      preloadErrorAlert();
      // The users seen so far and from now on, for Find user's suggestions (seen-users.ts).
      import('../features/users/seen-users').then(
        ({ indexUsersFrom }) => indexUsersFrom(queryClient),
        () => undefined,
      );
    }, 5_000);
  }, [quiet, queryClient]);
  return null;
}
