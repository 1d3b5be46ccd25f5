import { useEffect, useRef, useState } from 'react';
import { Button } from '../../components/button';
import { scopeOfProfile } from '../../features/auth/session-binding';
import { useSessionStore } from '../../features/auth/session-context';
import type { ApiProfile, OidcSettings } from '../../lib/api-profile';

/** The popup's size: a provider's sign-in page fits it on a laptop. */
const POPUP_FEATURES = 'popup,width=520,height=680';
/** One sign-in window: a second click brings the same one back rather than opening another. */
const POPUP_NAME = 'admin-console-sign-in';

type Step =
  | { kind: 'ready' }
  | { kind: 'waiting' }
  | { kind: 'blocked' }
  | { kind: 'failed'; message: string };

/**
 * **Sign in with {name}** inside the help desk's frame. Providers refuse to be framed, so the
 * sign-in opens in a popup (features/auth/oidc/popup-sign-in.ts): opened by the click itself, as
 * browsers require, blank until the provider's address is ready. The provider's code
 * (oauth4webapi) loads with the click. The tokens become the card's own session, in the frame's
 * storage, renewed and ended as any provider session is.
 */
export function CardProviderSignIn({
  profile,
  settings,
}: {
  profile: ApiProfile;
  settings: OidcSettings;
}) {
  const store = useSessionStore();
  const [step, setStep] = useState<Step>({ kind: 'ready' });
  const popup = useRef<Window | null>(null);
  // The card leaves (signed in, or the panel closed): a sign-in window left open goes with it.
  useEffect(() => () => popup.current?.close(), []);

  function onSignIn() {
    if (step.kind === 'waiting' && popup.current && !popup.current.closed) {
      popup.current.focus();
      return;
    }
    const opened = window.open('about:blank', POPUP_NAME, POPUP_FEATURES);
    if (!opened) {
      setStep({ kind: 'blocked' });
      return;
    }
    popup.current = opened;
    setStep({ kind: 'waiting' });
    void signIn(opened);
  }

  async function signIn(opened: Window) {
    try {
      const [{ signInByPopup }, { keepSignIn }] = await Promise.all([
        import('../../features/auth/oidc/popup-sign-in'),
        import('../../features/auth/oidc/oidc-client'),
      ]);
      const tokens = await signInByPopup(settings, opened, { profileKey: profile.key });
      store.signIn({ token: tokens.accessToken, claims: tokens.claims }, false);
      const binding = store.getState().session?.binding;
      if (binding) {
        keepSignIn(
          { settings, profileKey: profile.key, scope: scopeOfProfile(profile) },
          binding,
          tokens,
        );
      }
    } catch (error) {
      opened.close();
      setStep({ kind: 'failed', message: (error as Error).message });
    } finally {
      popup.current = null;
    }
  }

  return (
    <div className="space-y-2">
      <Button variant="primary" onClick={onSignIn} className="w-full">
        Sign in with {settings.name}
      </Button>
      {step.kind === 'waiting' && (
        <p role="status" className="text-slate-700 dark:text-slate-300">
          Sign in with {settings.name} in the window that opened. This panel carries on once you
          have.
        </p>
      )}
      {step.kind === 'blocked' && (
        <div
          role="alert"
          className="space-y-2 rounded-md border border-red-300 bg-red-50 px-2 py-1.5 text-red-900 dark:border-red-700 dark:bg-red-950 dark:text-red-100"
        >
          <p>
            The browser blocked the {settings.name} sign-in window. Allow pop-ups for this site (the
            icon at the end of the address bar), then try again.
          </p>
          <Button onClick={onSignIn}>Try again</Button>
        </div>
      )}
      {step.kind === 'failed' && (
        <p
          role="alert"
          className="rounded-md border border-red-300 bg-red-50 px-2 py-1.5 text-red-900 dark:border-red-700 dark:bg-red-950 dark:text-red-100"
        >
          {step.message}
        </p>
      )}
      <p className="text-slate-600 dark:text-slate-400">Or paste an access token:</p>
    </div>
  );
}
