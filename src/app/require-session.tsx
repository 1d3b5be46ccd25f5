import { Navigate, Outlet, useLocation } from 'react-router';
import { useSessionState } from '../features/auth/session-context';
import { loginPathFor } from '../features/auth/safe-next';
import { Shell } from './shell';

/** Signed-in pages: inside the shell, or off to sign-in with the way back in `next`. */
export function SignedInLayout() {
  const { session } = useSessionState();
  const location = useLocation();
  if (!session) return <Navigate to={loginPathFor(location)} replace />;
  return (
    <Shell>
      <Outlet />
    </Shell>
  );
}
