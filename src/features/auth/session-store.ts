import { profileScopedName } from '../../lib/api-profile';
import { readCredential, type Credential } from './credential';
import type { SessionScope, TokenSourceKind } from './session-binding';
import { openTabChannel } from './session-channel';
import { createExpiryTimer } from './session-expiry';
import { sessionRecords } from './session-record';
import type { RenewOutcome, SessionEndReason, SessionState, SignInOutcome } from './session-state';
import { SESSION_STORAGE_KEY } from './session-storage-key';
import {
  initialCore,
  transition,
  type SessionEffect,
  type SessionEvent,
  type Usable,
} from './session-transition';
import { CLOCK_SKEW_MS } from './token';

/**
 * A profile's session, per tab and shared between tabs: session-transition.ts decides, and this
 * carries its effects out on storage (session-record.ts), the other tabs (session-channel.ts),
 * the expiry timer (session-expiry.ts) and the listeners.
 */

export { CLOCK_SKEW_MS };
export type { TokenSourceKind };
export type * from './session-state';
export { serializeStoredSession } from './session-record';

type Listener = () => void;

export interface SessionStore {
  getState(): SessionState;
  subscribe(listener: Listener): () => void;
  /**
   * Throws with the reason when the token cannot be used (the sign-in page checks first). Over a
   * session of another binding (live, ended on the page, or expired in storage), that one ends
   * everywhere first: a different person, API or provider never takes over another's page.
   */
  signIn(credential: Credential, remember: boolean): SignInOutcome;
  end(reason: SessionEndReason): void;
  /**
   * A new token for the session, or for the one that ended on a page. The same person (binding)
   * keeps the page (token swapped in place, other tabs of this binding told); anyone else is a
   * full sign-in that forgets the first person. Throws with the reason when the token cannot be used.
   *
   * `rememberNewPerson`: whether anyone else's session is kept on the device (localStorage),
   * which only they can choose: it is never carried over from the first person's "Keep me signed
   * in", so by default their token stays in this tab (and never reaches the first person's other
   * tabs through storage).
   */
  renew(credential: Credential, rememberNewPerson?: boolean): RenewOutcome;
  /** Gives up renewing a session that ended on a page: the person goes to the sign-in page. */
  dropRenewal(): void;
  /** The API client's every answer: which token it carried and the status (0: no answer). */
  noteResponse(token: string, status: number): void;
  /**
   * A request failed with 401 and this message. Ends the session if its current token got the 401:
   * as `refused` when the token never had an answer, else as `unauthorized`.
   */
  unauthorized(message: string): void;
  /**
   * The token to send, or null. A token past its time (less the skew) is never handed out, even
   * when the expiry timer has not fired yet (a laptop waking from sleep): the session ends instead.
   */
  getToken(): string | null;
  dispose(): void;
}

interface SessionStoreOptions {
  /** The API this console talks to: a session signed in against another one is not used. */
  apiBaseUrl: string;
  /** The profile's identity provider as configured now (config.json's `oidc`), if any. */
  provider?: { issuer: string; clientId: string } | null | undefined;
  /**
   * The API profile's key (lib/api-profile.ts): each profile keeps its session under its own
   * storage key and tells its own tab channel, so signing out of one API leaves the others. Empty
   * (the default) for a single-API console.
   */
  profileKey?: string;
  now?: () => number;
  channel?: BroadcastChannel | null;
  eventTarget?: Pick<Window, 'addEventListener' | 'removeEventListener'> | null;
}

export function createSessionStore(options: SessionStoreOptions): SessionStore {
  const scope: SessionScope = {
    api: options.apiBaseUrl,
    issuer: options.provider?.issuer ?? null,
    clientId: options.provider?.clientId ?? null,
  };
  const profileKey = options.profileKey ?? '';
  const storageKey = profileScopedName(SESSION_STORAGE_KEY, profileKey);
  const records = sessionRecords(storageKey, scope);
  const now = options.now ?? Date.now;
  const channel = openTabChannel({
    channel: options.channel,
    profileKey,
    scope,
    now,
    onEvent: dispatch,
  });
  const eventTarget = options.eventTarget !== undefined ? options.eventTarget : window;
  const listeners = new Set<Listener>();
  const stored = records.read(now());
  let core = initialCore(scope, stored, channel !== null, now());
  // What the listeners were last shown: a step may show them several states in turn.
  let published = core.state;
  const expiry = createExpiryTimer({ now, eventTarget, onExpired: () => end('expired') });
  scheduleExpiry();

  function scheduleExpiry() {
    const session = published.session;
    expiry.set(session ? session.claims.exp * 1000 - CLOCK_SKEW_MS : null);
  }

  function dispatch(event: SessionEvent) {
    const step = transition(core, event);
    core = step.state;
    for (const effect of step.effects) apply(effect);
    return step.outcome;
  }

  function apply(effect: SessionEffect) {
    if (effect.type === 'publish') {
      published = effect.state;
      scheduleExpiry();
      for (const listener of listeners) listener();
    } else if (effect.type === 'clear') {
      if (effect.tabOnly) records.clearTab();
      else records.clear(effect.of);
    } else if (effect.type === 'store') records.write(effect.session);
    else channel?.post(effect.message);
  }

  function readOrThrow(credential: Credential): Usable {
    const read = readCredential(credential, now());
    if (!read.ok) throw new Error(read.problem);
    return read;
  }

  function end(reason: SessionEndReason) {
    dispatch({ type: 'end', reason });
  }

  // A token remembered on this device changed in another tab: follow it.
  function onStorage(event: StorageEvent) {
    if (event.key !== storageKey && event.key !== null) return;
    dispatch({ type: 'stored', ...records.read(now()) });
  }

  eventTarget?.addEventListener('storage', onStorage);
  if (core.state.asking) channel?.ask(() => dispatch({ type: 'wait-over' }));

  return {
    getState: () => published,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    signIn: (credential, remember) =>
      dispatch({ type: 'sign-in', read: readOrThrow(credential), remember }) as SignInOutcome,
    end,
    renew: (credential, rememberNewPerson = false) =>
      dispatch({ type: 'renew', read: readOrThrow(credential), rememberNewPerson }) as RenewOutcome,
    dropRenewal: () => dispatch({ type: 'drop-renewal' }),
    noteResponse: (token, status) => dispatch({ type: 'response', token, status }),
    unauthorized: (message) => dispatch({ type: 'unauthorized', message }),
    getToken() {
      dispatch({ type: 'clock', now: now() });
      return core.state.session?.token ?? null;
    },
    dispose() {
      expiry.dispose();
      channel?.dispose();
      eventTarget?.removeEventListener('storage', onStorage);
    },
  };
}
