import { useState } from 'react';
import { Button } from '../components/button';
import { RenewSessionDialog } from '../features/auth/renew-session-dialog';
import { useSessionState, useSessionStore } from '../features/auth/session-context';
import type { RenewableSession } from '../features/auth/session-store';
import { formatCountdown } from '../lib/time';
import { useLocation } from 'react-router';
import { useEnvironment } from './environment';

/**
 * The expiry warning with its **Renew session** button, and the same dialog opened by itself the
 * moment a session ends on a page (the page stays, hidden, until it is renewed or given up).
 * Loaded lazily by the shell: it is on screen only in a session's last minutes or after its end.
 */
export function SessionRenewal({ msLeft, apiName }: { msLeft: number; apiName: string }) {
  const store = useSessionStore();
  const { session, renewable } = useSessionState();
  const [asked, setAsked] = useState(false);
  // The ending whose dialog the person has left (by renewing): a later ending opens it again.
  const [handled, setHandled] = useState<RenewableSession | null>(null);
  const ended = session === null && renewable !== null;
  const warning = session !== null;
  const open = ended ? handled !== renewable : asked && session !== null;
  const { apis } = useEnvironment();
  const location = useLocation();
  const oidc = apis.current.oidc;
  const ending = session ?? renewable;
  // With a provider configured, signing in there is offered first. The same session's person
  // comes back to this page (its address keeps its state: filters, sort, the open record; the
  // scroll is put back on return); a pasted token's person signing in through the provider is
  // another binding, and starts afresh (oidc-callback.tsx).
  const signInAgain = oidc
    ? {
        name: oidc.name,
        returns: ending?.source === 'provider',
        start: () =>
          import('../features/auth/oidc/oidc-client').then((client) =>
            client.startSignIn(oidc, {
              profileKey: apis.current.key,
              next: `${location.pathname}${location.search}`,
              scroll: { x: window.scrollX, y: window.scrollY },
            }),
          ),
      }
    : undefined;
  // A provider's session warns only once its renewal has failed (the shell decides).
  const failedRenewal = oidc && session?.source === 'provider';

  return (
    <>
      {warning && (
        <p className="flex flex-wrap items-center justify-center gap-x-3 gap-y-1 bg-amber-100 px-4 py-1.5 text-center text-sm text-amber-950 dark:bg-amber-900/50 dark:text-amber-50">
          {failedRenewal
            ? `Your session ends in ${formatCountdown(msLeft)}: ${oidc.name} could not renew it. Sign in again to keep working where you are.`
            : `Your session ends in ${formatCountdown(msLeft)}. Renew it with a fresh token to keep working where you are.`}
          <Button onClick={() => setAsked(true)} className="py-0.5">
            Renew session
          </Button>
        </p>
      )}
      {open && (
        <RenewSessionDialog
          apiName={apiName}
          onClose={() => {
            setAsked(false);
            setHandled(renewable);
          }}
          onSignIn={() => store.dropRenewal()}
          signInAgain={signInAgain}
        />
      )}
    </>
  );
}
