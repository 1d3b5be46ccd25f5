import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import * as v from 'valibot';
import { Button } from '../../components/button';
import { isApiError } from '../../lib/api-error';
import { apiClientFor, createApiClient, type ApiClient } from '../../lib/api-client';
import { apiLine } from '../../lib/display-text';
import { requestLog } from '../../lib/request-log';
import { refusalProblem } from './refusal';
import { sessionEndReason } from './session-end-reason';
import type { SessionEndReason } from './session-store';
import { useSessionState, useSessionStore } from './session-context';
import { describeSubject, parseToken } from './token';
import { KeepSignedInBox, TokenField } from './token-field';

interface RenewSessionDialogProps {
  /** The API signed into, as the header names it. */
  apiName: string;
  /** Only while the session is still on: once it has ended the dialog stays until renewed. */
  onClose: () => void;
  /** Gives up renewing a session that ended: the person goes to the sign-in page. */
  onSignIn: () => void;
  /**
   * A provider is configured: sign in there again (leaves the page). `returns`: the session is
   * the provider's, so its person comes back to this page; a pasted token's starts afresh.
   */
  signInAgain?: { name: string; returns: boolean; start: () => Promise<void> } | undefined;
}

/**
 * Renew session: a new token taken without leaving the page. A modal dialog on the native
 * `<dialog>` element (WAI-ARIA APG dialog pattern). While the session is still on it closes like
 * any dialog; once it has ended there is no page to go back to, so it only leaves by renewing or
 * by going to the sign-in page (Escape is refused). The page stays in view under it, dimmed and
 * inert, and the dialog says why the session ended (session-end-reason.ts).
 *
 * The token is first shown to the API (one small request) and only taken once the API answers:
 * a refused token never replaces a working one, and an ended page is never shown again for a
 * token nobody has checked.
 */
export function RenewSessionDialog({
  apiName,
  onClose,
  onSignIn,
  signInAgain,
}: RenewSessionDialogProps) {
  const store = useSessionStore();
  // This dialog's profile's API, even should another become current while the check runs.
  const api = apiClientFor(useQueryClient());
  const { session, renewable } = useSessionState();
  const ended = session === null;
  const claims = session?.claims ?? renewable?.claims;
  // Read when it ended: the request that was refused is the log's last 401 by then.
  const [endReason] = useState(() =>
    sessionEndReason(store.getState().endReason, claims?.exp, requestLog.entries()),
  );
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [input, setInput] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  // Another person's choice alone: never ticked from the first person's "Keep me signed in".
  const [rememberNewPerson, setRememberNewPerson] = useState(false);
  const navigate = useNavigate();
  const preview = input.trim() === '' ? null : parseToken(input);
  // The box is offered once the pasted token is someone else's, as the store tells people apart
  // (a token without a `sub` is never the same person).
  const someoneElse =
    preview?.ok === true &&
    (preview.claims.sub === undefined || preview.claims.sub !== claims?.sub);

  const signInButton = useRef<HTMLButtonElement>(null);

  // Sign in again first where a provider is configured (one step, nothing to paste).
  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    (signInButton.current ?? element?.querySelector<HTMLElement>('textarea'))?.focus();
  }, []);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (checking) return;
    const parsed = parseToken(input);
    if (!parsed.ok) {
      setProblem(parsed.problem);
      return;
    }
    setChecking(true);
    setProblem(null);
    const outcome = await checkWithApi(api, parsed.token, apiName);
    setChecking(false);
    if (outcome !== null) {
      setProblem(outcome);
      return;
    }
    try {
      // Same person: swapped in place (this dialog closes as the session comes back). Anyone
      // else: a full sign-in, after which the console starts afresh at the users list, without
      // this dialog: the page's address holds the first person's search, which is theirs.
      if (store.renew(parsed.token, rememberNewPerson) === 'renewed') onClose();
      else void navigate('/users', { replace: true });
    } catch (error) {
      setProblem((error as Error).message);
    }
  }

  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      onCancel={(event) => {
        if (ended) event.preventDefault();
      }}
      onClose={() => {
        // Chromium lets a repeated Escape through even when refused: an ended session's dialog
        // comes straight back.
        if (ended && store.getState().session === null) dialog.current?.showModal();
        else onClose();
      }}
      className={`m-auto w-[min(36rem,calc(100vw-2rem))] max-w-none rounded-lg border border-slate-300 bg-white p-0 text-slate-900 shadow-xl dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 ${
        ended ? 'backdrop:bg-slate-950/50' : 'backdrop:bg-slate-950/60'
      }`}
    >
      <form onSubmit={onSubmit} className="space-y-3 p-4" noValidate>
        <h2 id={titleId} className="text-lg font-semibold">
          Renew session
        </h2>
        {signInAgain && (
          <div className="space-y-2">
            <p className="text-sm">
              {signInAgainText(signInAgain, ended, store.getState().endReason)}
            </p>
            <Button
              ref={signInButton}
              variant="primary"
              disabled={checking}
              onClick={() => {
                setChecking(true);
                signInAgain.start().catch((error: unknown) => {
                  setChecking(false);
                  setProblem((error as Error).message);
                });
              }}
            >
              Sign in again
            </Button>
          </div>
        )}
        <p className="text-sm">
          {signInAgain
            ? 'Or paste a new token instead. '
            : ended
              ? `Your session has ended. ${endReason} `
              : 'Your session ends soon. '}
          Paste a new token
          {claims && (
            <>
              {' '}
              for <bdi className="font-medium">{apiLine(describeSubject(claims), 100)}</bdi>
            </>
          )}{' '}
          to carry on where you are: nothing on the page is lost. A token for someone else signs
          them in afresh.
        </p>
        <TokenField
          value={input}
          onChange={(value) => {
            setInput(value);
            setProblem(null);
            setRememberNewPerson(false);
          }}
          rows={4}
          problem={problem}
        />
        {someoneElse && (
          <KeepSignedInBox checked={rememberNewPerson} onChange={setRememberNewPerson} />
        )}
        {checking && (
          <p role="status" className="text-sm">
            Checking the token with {apiName}…
          </p>
        )}
        <div className="flex flex-wrap gap-2">
          <Button type="submit" variant="primary" disabled={checking}>
            Renew
          </Button>
          {ended ? (
            <Button onClick={onSignIn}>Go to sign-in</Button>
          ) : (
            <Button onClick={() => dialog.current?.close()}>Cancel</Button>
          )}
        </div>
      </form>
    </dialog>
  );
}

function signInAgainText(
  { name, returns }: { name: string; returns: boolean },
  ended: boolean,
  reason: SessionEndReason | null,
): string {
  if (!returns) {
    return `Sign in again with ${name}: the console then starts afresh, at the users list.`;
  }
  const why = !ended
    ? `${name} could not renew your session, which ends soon.`
    : reason === 'renewal-refused'
      ? `${name} would not renew your session.`
      : `Your session with ${name} has ended.`;
  return `${why} Sign in again to carry on: you come back to this page.`;
}

/**
 * One small request with the new token: null when the API took it (an answer, or a refusal of
 * this one resource, which comes after authentication), else what to tell the person.
 */
async function checkWithApi(
  client: ApiClient,
  token: string,
  apiName: string,
): Promise<string | null> {
  const probe = createApiClient({
    baseUrl: client.baseUrl,
    timeoutMs: client.timeoutMs,
    getToken: () => token,
  });
  try {
    await probe.get('/v1/users', { query: { limit: 1 }, schema: v.unknown() });
    return null;
  } catch (error) {
    if (!isApiError(error)) return `Could not check the token: ${String(error)}`;
    if (error.status === 401) return refusalProblem(error.message, apiName);
    if (error.status === 403 || error.status === 404) return null;
    return `Could not check the token with ${apiName}: ${error.message} Try again.`;
  }
}
