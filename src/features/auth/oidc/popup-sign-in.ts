import type { OidcSettings } from '../../../lib/api-profile';
import { saveFlow, takeFlow } from './flow-state';
import { completeSignIn, prepareSignIn, type ProviderTokens } from './oidc-client';
import { describeCallbackProblem } from './oidc-problem';
import { isSignInAnswer } from './popup-answer';

/** The person closed the sign-in window (or the provider cut it off from this one). */
export class PopupClosedError extends Error {
  constructor(name: string) {
    super(
      `The ${name} sign-in window closed before it could hand the sign-in to this panel. Sign in again, or paste an access token.`,
    );
  }
}

/** How often the opener looks whether the popup is still open (it cannot be told). */
const CLOSED_CHECK_MS = 400;

/**
 * Sign-in through the provider in a popup, for the person card in a help desk's frame, where the
 * provider refuses to be framed: the same code flow with PKCE, state and nonce as a sign-in in the
 * tab (oidc-client.ts), but the flow stays in this window's memory, not in its storage, and the
 * popup hands the answer back (popup-answer.ts). `popup` is the window the click opened, blank so
 * far: a popup must be opened by the click itself, before anything is awaited, or the browser
 * blocks it.
 */
export async function signInByPopup(
  settings: OidcSettings,
  popup: Window,
  options: { profileKey: string; origin?: string; now?: () => number },
): Promise<ProviderTokens> {
  const origin = options.origin ?? window.location.origin;
  const { flow, url } = await prepareSignIn(settings, {
    profileKey: options.profileKey,
    next: '/',
    origin,
  });
  popup.location.href = url;
  const params = await answerFrom(popup, origin, settings.name);
  // The same checks as a callback in the tab (lengths, the state, the age), on a flow in memory.
  const memory = memoryStorage();
  saveFlow(memory, flow);
  const taken = takeFlow(memory, params, (options.now ?? Date.now)());
  if (!taken.ok) throw new Error(describeCallbackProblem(taken.problem));
  return completeSignIn(settings, params, taken.flow, origin);
}

/**
 * The answer the popup posts: only from that very window, from this origin, in that exact shape.
 * Anything else posted to this window (the help desk's lookups, another page's forgery) is not it.
 */
export function answerFrom(popup: Window, origin: string, name: string): Promise<URLSearchParams> {
  return new Promise((resolve, reject) => {
    const onMessage = (event: MessageEvent) => {
      if (event.source !== popup || event.origin !== origin || !isSignInAnswer(event.data)) return;
      stop();
      resolve(new URLSearchParams(event.data.search));
    };
    // A popup that posts its answer closes at once: its message may be queued behind this check,
    // so a window is taken as closed without an answer only when it is seen closed twice.
    let seenClosed = false;
    const watch = setInterval(() => {
      if (!popup.closed) return;
      if (seenClosed) {
        stop();
        reject(new PopupClosedError(name));
      }
      seenClosed = true;
    }, CLOSED_CHECK_MS);
    function stop() {
      clearInterval(watch);
      window.removeEventListener('message', onMessage);
    }
    window.addEventListener('message', onMessage);
  });
}

function memoryStorage(): Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> {
  const values = new Map<string, string>();
  return {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, value),
    removeItem: (key) => void values.delete(key),
  };
}
