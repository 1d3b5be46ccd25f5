import { Suspense, useState, type FormEvent, type ReactNode } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../components/button';
import { lazyComponent } from '../../components/lazy-component';
import { useNow } from '../../components/use-now';
import { providerRefusalProblem, refusalProblem } from './refusal';
import { safeNextPath } from './safe-next';
import { useSessionState, useSessionStore } from './session-context';
import type { SessionEndReason } from './session-store';
import { parseToken } from './token';
import { KeepSignedInBox, TokenField } from './token-field';
import { TokenSummary } from './token-summary';
import { useDocumentTitle } from '../../components/use-document-title';
import type { SignInProvider } from './provider-sign-in';
import { providerSignIn } from './provider-sign-in-loader';

const ProviderSignIn = lazyComponent(providerSignIn, (module) => module.ProviderSignIn);
const ProviderRememberNote = lazyComponent(providerSignIn, (module) => module.ProviderRememberNote);

// A refused token has no status line: the alert under the token box explains it.
const END_MESSAGES: Partial<Record<SessionEndReason, string>> = {
  expired: 'Your session expired. Sign in again to continue where you were.',
  unauthorized:
    'Your session ended: the API no longer accepts this token (401). Sign in again to continue.',
  'signed-out': 'You signed out.',
  'other-tab': 'You were signed out in another tab.',
  'renewal-refused': 'Your identity provider would not renew your session. Sign in again.',
};

interface LoginPageProps {
  /** The API signed into, as the header names it. */
  apiName: string;
  /** Demo mode only: mints a fresh demo token. */
  mintDemoToken?: (() => Promise<string>) | undefined;
  /** Names the API the token is for (and offers the others): the app's, which knows the APIs. */
  api?: ReactNode;
  /** Sign-in through the identity provider, when config.json has `oidc`. */
  provider?: SignInProvider | undefined;
}

export function LoginPage({ apiName, mintDemoToken, api, provider }: LoginPageProps) {
  const store = useSessionStore();
  useDocumentTitle('Sign in');
  const { session, endReason, refusal } = useSessionState();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const next = safeNextPath(searchParams.get('next'));
  // A pasted token the API refused right after sign-in comes back in the box, for correction; a
  // provider's is explained beside its button (its token is never shown).
  const pastedRefusal = refusal?.source === 'pasted' || (refusal && !provider) ? refusal : null;
  const [input, setInput] = useState(() => (refusal?.source === 'pasted' ? refusal.token : ''));
  const [remember, setRemember] = useState(false);
  const [problem, setProblem] = useState<string | null>(() =>
    pastedRefusal ? refusalProblem(pastedRefusal.message, apiName) : null,
  );
  const [providerProblem] = useState(() =>
    refusal && provider && !pastedRefusal
      ? providerRefusalProblem(refusal.message, apiName, provider.name)
      : undefined,
  );
  const [busy, setBusy] = useState(false);
  // Keeps the preview's "expires in" current while the page stays open.
  const nowMs = useNow(15_000);
  const preview = input.trim() === '' ? null : parseToken(input, nowMs);

  if (session) return <Navigate to={next} replace />;

  function signInWith(token: string) {
    // The store checks the token again, with the same rules; a clock tick between the two
    // checks must still end in a message, never in an uncaught error.
    const parsed = parseToken(token);
    let outcome;
    try {
      if (!parsed.ok) throw new Error(parsed.problem);
      outcome = store.signIn(parsed.token, remember);
    } catch (error) {
      setProblem((error as Error).message);
      return;
    }
    // Over someone else's session (expired in this tab): afresh, not on their page.
    navigate(outcome === 'replaced' ? safeNextPath(null) : next, { replace: true });
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    signInWith(input);
  }

  async function onUseDemoToken() {
    if (!mintDemoToken) return;
    setBusy(true);
    try {
      signInWith(await mintDemoToken());
    } catch (error) {
      setProblem(`Could not mint a demo token: ${(error as Error).message}`);
    } finally {
      setBusy(false);
    }
  }

  return (
    <main
      id="main"
      className="flex min-h-screen items-start justify-center bg-slate-100 px-4 py-12 dark:bg-slate-950"
    >
      <div className="w-full max-w-lg space-y-4 rounded-lg bg-white p-6 shadow-sm dark:bg-slate-900">
        <h1 className="text-xl font-semibold">Sign in to the admin console</h1>
        {api}
        {mintDemoToken && (
          <p className="rounded-md bg-amber-100 px-3 py-2 text-sm text-amber-950 dark:bg-amber-900/40 dark:text-amber-100">
            <strong>Demo mode:</strong> this console is running against a built-in mock API with
            generated data. Nothing you see is real.
          </p>
        )}
        {endReason && END_MESSAGES[endReason] && (
          <p role="status" className="rounded-md bg-slate-100 px-3 py-2 text-sm dark:bg-slate-800">
            {END_MESSAGES[endReason]}
          </p>
        )}
        {provider && (
          <Suspense fallback={null}>
            <ProviderSignIn provider={provider} next={next} problem={providerProblem} />
          </Suspense>
        )}
        <form onSubmit={onSubmit} className="space-y-3" noValidate>
          <TokenField
            value={input}
            onChange={(value) => {
              setInput(value);
              setProblem(null);
            }}
            rows={5}
            hint="Paste a JWT bearer token. A leading “Bearer ” is fine."
            problem={problem}
          />
          {preview?.ok && <TokenSummary claims={preview.claims} nowMs={nowMs} />}
          <KeepSignedInBox checked={remember} onChange={setRemember} />
          {provider && (
            <Suspense fallback={null}>
              <ProviderRememberNote name={provider.name} />
            </Suspense>
          )}
          <div className="flex flex-wrap gap-2">
            <Button type="submit" variant="primary">
              Sign in
            </Button>
            {mintDemoToken && (
              <Button onClick={onUseDemoToken} disabled={busy}>
                Use demo token
              </Button>
            )}
          </div>
        </form>
      </div>
    </main>
  );
}
