import { useState } from 'react';
import { useLocation } from 'react-router';
import { Button } from '../../components/button';

/** Sign-in through the identity provider (config.json's `oidc`), as the app offers it. */
export interface SignInProvider {
  /** What the button says after "Sign in with". */
  name: string;
  /** Leaves for the provider, coming back to `next`; rejects with what to tell the person. */
  start(next: string): Promise<void>;
}

/**
 * The sign-in page's lead with a provider: **Sign in with {name}**, and what went wrong with the
 * last try (a failed callback comes back with it in the history state, a token the API refused as
 * a prop). A module of its own, so a
 * console without `oidc` never downloads it; start-up loads it before the first render when the
 * console has one.
 */
export function ProviderSignIn({
  provider,
  next,
  problem: given,
}: {
  provider: SignInProvider;
  next: string;
  /** What went wrong after the last sign-in (the API refused the provider's token). */
  problem?: string | undefined;
}) {
  const { state } = useLocation();
  const [problem, setProblem] = useState<string | null>(() =>
    typeof state?.signInProblem === 'string' ? state.signInProblem : (given ?? null),
  );
  const [leaving, setLeaving] = useState(false);

  async function onSignIn() {
    setLeaving(true);
    setProblem(null);
    try {
      await provider.start(next);
    } catch (error) {
      setProblem((error as Error).message);
      setLeaving(false);
    }
  }

  return (
    <div className="space-y-2">
      <Button variant="primary" onClick={onSignIn} disabled={leaving} className="w-full">
        Sign in with {provider.name}
      </Button>
      {problem && (
        <p
          role="alert"
          className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900 dark:border-red-700 dark:bg-red-950 dark:text-red-100"
        >
          {problem}
        </p>
      )}
      <p className="text-sm text-slate-600 dark:text-slate-400">
        Or, for scripts and emergencies, paste an access token:
      </p>
    </div>
  );
}

/** Said next to **Keep me signed in**: it cannot apply to the provider's refresh token. */
export function ProviderRememberNote({ name }: { name: string }) {
  return (
    <p className="-mt-2 text-xs text-slate-600 dark:text-slate-400">
      For a pasted token only. A sign-in with {name} lasts as long as this tab: its refresh token is
      never stored on the device, and {name} signs you in again in one step.
    </p>
  );
}
