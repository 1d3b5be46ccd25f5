import { readCredential, type ProviderCredential } from './credential';
import { sameBinding, type SessionBinding } from './session-binding';
import { leftSession, providerBinding, type LeaveHow } from './session-leave';
import { setRenewalFailing } from './renewal-status';
import { CLOCK_SKEW_MS, type Session, type SessionStore } from './session-store';

/**
 * A source that renews tokens without asking the person (the identity provider, whose code is
 * loaded only when needed). The session store keeps the session and knows nothing of it
 * (docs/security.md, "Token model"); this module says when to renew, the source says how.
 */
export interface TokenSource {
  /**
   * A new access token for the same session, in place of `current`'s. Rejects with
   * RenewalRefusedError when the source will not renew (the person must sign in again), with any
   * other error when it could not be asked (offline, asleep): renewal is then tried again later.
   */
  renew(current: Session): Promise<ProviderCredential>;
  /**
   * The tab's session from this source is now `binding` (null: none); `atStart` the first time.
   * The source keeps what it holds for that session only.
   */
  hold(binding: SessionBinding | null, atStart: boolean): void;
  /**
   * The tab no longer holds `binding` (session-leave.ts says how it went): the source revokes and
   * forgets what it held for it, and a sign-out may leave the page.
   */
  leave(binding: SessionBinding, how: LeaveHow): void;
}

/** The source refused to renew: only signing in again helps. */
export class RenewalRefusedError extends Error {
  override readonly name = 'RenewalRefusedError';
}

/** Renew once this share of the token's life has passed. */
export const RENEW_AT_SHARE = 2 / 3;
/** After a renewal that could not reach the source, try again this soon (or before the end). */
export const RENEW_RETRY_MS = 15_000;
// setTimeout overflows above 2^31-1 ms.
const MAX_TIMER_MS = 2_147_483_647;
/** What a page gets when someone comes back to it: a sleeping machine's timers have waited too. */
const RETURN_EVENTS = ['visibilitychange', 'focus', 'pageshow', 'online'] as const;

interface Options {
  now?: () => number;
  eventTarget?: Pick<Window, 'addEventListener' | 'removeEventListener'> | null;
}

/**
 * Keeps the store's `provider` sessions renewed: at RENEW_AT_SHARE of each token's life, and at
 * once when the person comes back after that point (sleep, a hidden tab). One renewal at a time
 * in this tab; the source shares it with the other tabs. A refusal ends the session on the page
 * ('renewal-refused'), for the Renew session dialog's **Sign in again**; a failure to ask is
 * tried again until the token ends (and then the session expires as any other). The source hears
 * which session the tab holds, and of every ending that leaves it. Returns a way to stop.
 */
export function renewSilently(
  store: SessionStore,
  source: TokenSource,
  options: Options = {},
): () => void {
  const now = options.now ?? Date.now;
  const eventTarget = options.eventTarget !== undefined ? options.eventTarget : window;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let renewAt = Infinity;
  let renewing = false;
  let token: string | null = null;
  let previous = store.getState();

  function sessionOfSource() {
    const session = store.getState().session;
    return session?.source === 'provider' ? session : null;
  }

  function arm(delay: number) {
    clearTimeout(timer);
    timer = setTimeout(renew, Math.min(Math.max(delay, 0), MAX_TIMER_MS));
  }

  function schedule() {
    const session = sessionOfSource();
    if (session?.token === token) return;
    token = session?.token ?? null;
    // A new token (renewed here or in another tab, or a new sign-in) renews itself again.
    setRenewalFailing(store, false);
    clearTimeout(timer);
    renewAt = Infinity;
    if (!session) return;
    // The token's usable life ends CLOCK_SKEW_MS before `exp` (the store stops sending it then).
    const usableUntil = session.claims.exp * 1000 - CLOCK_SKEW_MS;
    // Without `iat` (or with one in the future) the token's life counts from now.
    const iat = session.claims.iat;
    const issuedAt = Math.min(iat !== undefined ? iat * 1000 : now(), now(), usableUntil);
    renewAt = issuedAt + (usableUntil - issuedAt) * RENEW_AT_SHARE;
    arm(renewAt - now());
  }

  function renew() {
    const session = sessionOfSource();
    if (renewing || !session) return;
    renewing = true;
    source
      .renew(session)
      .then((next) => {
        if (store.getState().session?.token !== session.token) return;
        const read = readCredential(next, now());
        // Only the same person's token is taken in place; anything else is a refusal.
        if (!read.ok || read.claims.sub === undefined || read.claims.sub !== session.claims.sub) {
          throw new RenewalRefusedError(
            read.ok ? 'The renewed token is for someone else.' : read.problem,
          );
        }
        store.renew(next);
      })
      .catch((error: unknown) => {
        if (store.getState().session?.token !== session.token) return;
        if (error instanceof RenewalRefusedError) {
          store.end('renewal-refused');
          return;
        }
        // Not reached (offline, asleep, down): the session will end unless a retry gets through.
        setRenewalFailing(store, true);
        const left = session.claims.exp * 1000 - CLOCK_SKEW_MS - now();
        if (left > 0) arm(Math.min(RENEW_RETRY_MS, left / 2));
      })
      .finally(() => {
        renewing = false;
      });
  }

  function onReturn() {
    if (sessionOfSource() && now() >= renewAt) renew();
  }

  // The session the source was last told of; undefined until the tab knows (a new tab asks).
  let held: SessionBinding | null | undefined;
  function hold() {
    const state = store.getState();
    if (state.asking) return;
    const binding = providerBinding(state);
    if (held !== undefined && sameBinding(binding, held)) return;
    source.hold(binding, held === undefined);
    held = binding;
  }

  const unsubscribe = store.subscribe(() => {
    const state = store.getState();
    // Every ending that leaves the session, whichever button or tab caused it, ends it here.
    const left = leftSession(previous, state);
    if (left) source.leave(left.binding, left.how);
    previous = state;
    hold();
    schedule();
  });
  for (const type of RETURN_EVENTS) eventTarget?.addEventListener(type, onReturn);
  hold();
  schedule();

  return () => {
    clearTimeout(timer);
    unsubscribe();
    for (const type of RETURN_EVENTS) eventTarget?.removeEventListener(type, onReturn);
  };
}
