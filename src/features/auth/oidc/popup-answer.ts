import * as v from 'valibot';
import { readText } from '../../../lib/storage';
import { CALLBACK_PATH, FLOW_STORAGE_KEY } from './flow-state';

/**
 * The provider's answer, handed from the sign-in popup to the window that opened it: the person
 * card in a help desk's frame (app/embed/card-provider-sign-in.tsx). The popup is a tab of the
 * console's own site; the frame's storage is partitioned under the help desk's site, so the two
 * share no storage (nor a BroadcastChannel): the popup's opener is their only link.
 */
export const SIGN_IN_ANSWER = 'admin-console:sign-in-answer';

export interface SignInAnswer {
  type: typeof SIGN_IN_ANSWER;
  /** The callback's query as the provider sent it (code, state, iss; or error). */
  search: string;
}

/** Exactly the answer's shape: a message with anything more (a token, say) is not one. */
const answerSchema = v.strictObject({ type: v.literal(SIGN_IN_ANSWER), search: v.string() });

export function isSignInAnswer(data: unknown): data is SignInAnswer {
  return v.is(answerSchema, data);
}

/**
 * At `/auth/callback` in a window that another one opened, and that started no sign-in itself (no
 * flow in its storage): a popup's sign-in. Hands the answer to the opener, addressed to this
 * origin only (a window of any other site that opened the callback gets nothing), takes it out of
 * the address, and closes. The opener checks the state against the flow it holds in memory and
 * exchanges the code itself, with its PKCE verifier: the popup never holds a token. Returns
 * whether it did (start-up then shows only a line, in case the browser keeps the window open).
 */
export function handAnswerToOpener(win: Window = window): boolean {
  if (win.location.pathname !== CALLBACK_PATH) return false;
  let opener: Window | null;
  try {
    opener = win.opener as Window | null;
  } catch {
    return false;
  }
  if (!opener || opener === win) return false;
  // This tab started a sign-in of its own (Sign in with…, in a tab someone opened): not a popup's.
  if (readText('session', FLOW_STORAGE_KEY) !== null) return false;
  const answer: SignInAnswer = { type: SIGN_IN_ANSWER, search: win.location.search };
  win.history.replaceState(null, '', CALLBACK_PATH);
  opener.postMessage(answer, win.location.origin);
  win.close();
  return true;
}
