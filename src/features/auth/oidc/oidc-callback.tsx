import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import type { ApiProfile } from '../../../lib/api-profile';
import { safeStorage } from '../../../lib/storage';
import { safeNextPath } from '../safe-next';
import { scopeOfProfile } from '../session-binding';
import { useSessionStore } from '../session-context';
import type { SessionStore } from '../session-store';
import { peekFlow, takeFlow } from './flow-state';
import { CALLBACK_PATH, completeSignIn, keepSignIn } from './oidc-client';
import { describeCallbackProblem, OidcProblem } from './oidc-problem';
import { restoreScroll, type ScrollSpot } from './restore-scroll';

/** What the sign-in page shows (role=alert) when a sign-in through the provider failed. */
export interface SignInProblemState {
  signInProblem: string;
}

/**
 * The provider's answer as the address held it when the page loaded. Read once and taken out of
 * the address (and this history entry) at once, before any request: the code and state never
 * reach a Referer, the history, a reload or a bookmark. Kept here for the case where the callback
 * must first switch to its API profile (which starts the app again at this path). Module level,
 * not per profile or QueryClient: it belongs to the page load, and must outlive the profile it
 * arrived under.
 */
let answer: URLSearchParams | null = null;
function takeAnswerFromAddress(): URLSearchParams {
  if (answer === null) {
    answer = new URLSearchParams(window.location.search);
    window.history.replaceState(null, '', CALLBACK_PATH);
  }
  return answer;
}

/**
 * One completion per answer, whatever React does twice (StrictMode) or remounts: module level, as
 * a component's state would start again with each mount; it is let go once the outcome is used.
 */
let completion: Promise<Outcome> | null = null;

interface Outcome {
  next: string;
  problem: string | null;
  /** Where the page was scrolled to when it left (Sign in again). */
  scroll?: ScrollSpot | undefined;
}

/**
 * `/auth/callback`: completes the sign-in this tab started (oidc-client.ts), then goes on to the
 * page the person started from; any failure goes back to the sign-in page with what happened.
 */
export function OidcCallback({
  profiles,
  current,
  switchTo,
}: {
  profiles: readonly ApiProfile[];
  current: ApiProfile;
  switchTo: (key: string) => void;
}) {
  const store = useSessionStore();
  const navigate = useNavigate();
  const [providerName] = useState(() => {
    const flow = peekFlow(safeStorage('session'));
    return profiles.find((profile) => profile.key === flow?.profileKey)?.oidc?.name;
  });

  useEffect(() => {
    const params = takeAnswerFromAddress();
    const flow = peekFlow(safeStorage('session'));
    // Started under another API of this console: complete it there.
    if (
      flow &&
      flow.profileKey !== current.key &&
      profiles.some((p) => p.key === flow.profileKey)
    ) {
      switchTo(flow.profileKey);
      return;
    }
    completion ??= complete(params, current, store);
    let active = true;
    void completion.then(({ next, problem, scroll }) => {
      if (!active) return;
      completion = null;
      answer = null;
      if (problem === null) {
        navigate(next, { replace: true });
        if (scroll) restoreScroll(scroll);
      } else {
        const login =
          next === safeNextPath(null) ? '/login' : `/login?next=${encodeURIComponent(next)}`;
        navigate(login, {
          replace: true,
          state: { signInProblem: problem } satisfies SignInProblemState,
        });
      }
    });
    return () => {
      active = false;
    };
  }, [current, profiles, switchTo, store, navigate]);

  return (
    <main id="main" className="flex min-h-screen items-start justify-center px-4 py-12">
      <p role="status" aria-busy="true" className="text-sm">
        Signing you in{providerName ? ` with ${providerName}` : ''}…
      </p>
    </main>
  );
}

async function complete(
  params: URLSearchParams,
  profile: ApiProfile,
  store: SessionStore,
): Promise<Outcome> {
  const taken = takeFlow(safeStorage('session'), params, Date.now());
  if (!taken.ok)
    return { next: safeNextPath(null), problem: describeCallbackProblem(taken.problem) };
  const { flow } = taken;
  const next = safeNextPath(flow.next);
  const settings = profile.oidc;
  if (!settings || settings.issuer !== flow.issuer) {
    return { next, problem: describeCallbackProblem({ kind: 'unknown-state' }) };
  }
  try {
    const tokens = await completeSignIn(settings, params, flow);
    const outcome = store.signIn({ token: tokens.accessToken, claims: tokens.claims }, false);
    const binding = store.getState().session?.binding;
    if (binding) {
      const provider = { settings, profileKey: profile.key, scope: scopeOfProfile(profile) };
      keepSignIn(provider, binding, tokens);
    }
    // Someone else than the session this tab held (Sign in again, completed by another person):
    // that session has ended everywhere, and the new person starts afresh, not on its page.
    if (outcome === 'replaced') return { next: safeNextPath(null), problem: null };
    return { next, problem: null, scroll: flow.scroll };
  } catch (error) {
    return {
      next,
      problem:
        error instanceof OidcProblem
          ? error.message
          : `The sign-in with ${settings.name} could not be completed: ${(error as Error).message}`,
    };
  }
}
