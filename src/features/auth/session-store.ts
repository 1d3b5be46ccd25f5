import { profileScopedName } from '../../lib/api-profile';
import {
  consistentTokens,
  readBoundCredential,
  readCredential,
  type Credential,
  type ReadCredential,
} from './credential';
import {
  bindingOf,
  channelName,
  fitsScope,
  sameBinding,
  sameScope,
  type SessionBinding,
  type SessionScope,
  type TokenSourceKind,
} from './session-binding';
import { readSessionMessage, type SessionMessage } from './session-messages';
import { sessionRecords } from './session-record';
import { createExpiryTimer } from './session-expiry';
import { SESSION_STORAGE_KEY } from './session-storage-key';
import { CLOCK_SKEW_MS, type TokenClaims } from './token';

export { CLOCK_SKEW_MS };
export type { TokenSourceKind };

export interface Session {
  token: string;
  claims: TokenClaims;
  /** Kept in localStorage (this device) rather than sessionStorage (this tab). */
  remember: boolean;
  source: TokenSourceKind;
  /** Whose it is and what for (session-binding.ts). */
  binding: SessionBinding;
}

/**
 * `refused`: the API answered the first requests of a new sign-in with 401, so the token never
 * worked (another API's token, a typo); `unauthorized`: a session that did work got a 401 later;
 * `replaced`: another person signed in over it (a passing state: their session follows at once).
 */
export type SessionEndReason =
  | 'signed-out'
  | 'expired'
  | 'unauthorized'
  | 'other-tab'
  | 'refused'
  | 'replaced'
  /** The token source (the identity provider) would not renew the session. */
  | 'renewal-refused';

/** A session that worked and ended on a page (expired, or a 401): its person may renew it in place. */
export interface RenewableSession {
  claims: TokenClaims;
  remember: boolean;
  source: TokenSourceKind;
  binding: SessionBinding;
}

/** The token the API refused right after sign-in, with the API's own message, for correction. */
export interface TokenRefusal {
  token: string;
  message: string;
  source: TokenSourceKind;
}

/** What `renew` did: replaced the token in place (same person), or signed a new person in afresh. */
export type RenewOutcome = 'renewed' | 'signed-in';

/**
 * What `signIn` did: `replaced` when it ended another person's session first (their tabs told,
 * what the tab held of them forgotten), so the page starts afresh rather than where they were.
 */
export type SignInOutcome = 'signed-in' | 'replaced';

export interface SessionState {
  session: Session | null;
  /** Why the last session ended, for the sign-in page to explain; cleared on sign-in. */
  endReason: SessionEndReason | null;
  /**
   * A new tab with no session of its own is asking the console's other tabs for theirs; until
   * they answer (or do not, within SHARE_WAIT_MS) it is neither signed in nor out.
   */
  asking: boolean;
  /**
   * Set while a session that worked has ended on a page (expired, or a 401): nothing is sent, the
   * page's data stays in memory (hidden) for the same person to renew in place.
   */
  renewable: RenewableSession | null;
  /** With endReason 'refused'. */
  refusal: TokenRefusal | null;
  /** Counts full sign-ins: a renewal keeps it, so the page can tell a new person from a new token. */
  generation: number;
}

const CHANNEL_NAME = 'admin-console.session';
/** How long a new tab waits for another tab to share its session before showing sign-in. */
export const SHARE_WAIT_MS = 300;
/** How long after asking a late answer is still taken (lateOfferWelcome). */
export const LATE_OFFER_MS = 5_000;

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

type Usable = ReadCredential & { ok: true };

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
  const channel =
    options.channel !== undefined
      ? options.channel
      : typeof BroadcastChannel === 'undefined'
        ? null
        : new BroadcastChannel(channelName(CHANNEL_NAME, profileKey, scope));
  const eventTarget = options.eventTarget !== undefined ? options.eventTarget : window;
  const listeners = new Set<Listener>();
  let askTimer: ReturnType<typeof setTimeout> | undefined;
  // The person whose session ended here (its expired record still stored, or left by Go to
  // sign-in): whether the next sign-in in this tab is the same person.
  let former: SessionBinding | null = null;
  const stored = readStoredSession();
  const askedAt = now();
  let state: SessionState = {
    session: stored,
    endReason: null,
    asking: stored === null && channel !== null,
    renewable: null,
    refusal: null,
    generation: 0,
  };
  // A stored session is one that was in use; a token just signed in with has not been answered yet.
  let confirmedToken: string | null = stored?.token ?? null;
  let refusedToken: string | null = null;
  const expiry = createExpiryTimer({ now, eventTarget, onExpired: () => end('expired') });
  scheduleExpiry();

  function readStoredSession(): Session | null {
    const { session, expired } = records.read(now());
    if (expired) former = expired;
    return session;
  }

  function sessionOf(read: Usable, remember: boolean): Session {
    const { token, claims, source } = read;
    return { token, claims, remember, source, binding: bindingOf(scope, source, claims.sub) };
  }

  function setState(next: SessionState) {
    state = next;
    scheduleExpiry();
    for (const listener of listeners) listener();
  }

  function scheduleExpiry() {
    const session = state.session;
    expiry.set(session ? session.claims.exp * 1000 - CLOCK_SKEW_MS : null);
  }

  function clearStorage() {
    records.clear();
  }

  /**
   * An end caused in another tab forgets this tab's record only: the device's was cleared by
   * that tab, and may hold the next person's by now (written before this tab heard of it).
   */
  function forgetStored(reason: SessionEndReason) {
    if (reason === 'other-tab') records.clearTab();
    else clearStorage();
  }

  function store(session: Session) {
    records.write(session);
  }

  function readOrThrow(credential: Credential): Usable {
    const read = readCredential(credential, now());
    if (!read.ok) throw new Error(read.problem);
    return read;
  }

  /** The binding this tab holds: its session's, or the one that ended on the page. */
  function heldBinding(): SessionBinding | null {
    return (state.session ?? state.renewable)?.binding ?? null;
  }

  function adopt(read: Usable, remember: boolean, confirmed: boolean): SignInOutcome {
    const session = sessionOf(read, remember);
    const before = heldBinding() ?? former;
    const replaced = before !== null && !sameBinding(before, session.binding);
    former = null;
    // Another person's session ends everywhere, and what the tab held of it is forgotten (by the
    // listeners of a state without a session), before the new one starts.
    if (replaced && (state.session || state.renewable)) end('replaced');
    else if (replaced) {
      setState({ ...state, endReason: 'replaced' });
      post({ type: 'signed-out', binding: before });
    }
    clearTimeout(askTimer);
    clearStorage();
    store(session);
    confirmedToken = confirmed ? session.token : null;
    setState({
      session,
      endReason: null,
      asking: false,
      renewable: null,
      refusal: null,
      generation: state.generation + 1,
    });
    return replaced ? 'replaced' : 'signed-in';
  }

  function isSamePerson(binding: SessionBinding): boolean {
    const held = heldBinding();
    // Without a `sub` there is no telling who it is: that is never "the same person".
    return binding.sub !== null && sameBinding(held, binding);
  }

  /** The same person's new token, already answered by the API: swapped in without a new sign-in. */
  function replaceToken(read: Usable, write: boolean) {
    const held = state.session ?? state.renewable;
    const session = sessionOf(read, held?.remember ?? false);
    // Overwritten, never removed first: a removal would read as a sign-out in the other tabs.
    if (write) store(session);
    confirmedToken = session.token;
    setState({
      session,
      endReason: null,
      asking: false,
      renewable: null,
      refusal: null,
      generation: state.generation,
    });
  }

  function renew(credential: Credential, rememberNewPerson = false): RenewOutcome {
    const read = readOrThrow(credential);
    if (!state.session && !state.renewable) throw new Error('There is no session to renew.');
    if (isSamePerson(bindingOf(scope, read.source, read.claims.sub))) {
      replaceToken(read, true);
      post({ type: 'session-renewed', ...bound(state.session as Session) });
      return 'renewed';
    }
    // Someone else: the first person's session ends everywhere first (adopt).
    adopt(read, rememberNewPerson, true);
    return 'signed-in';
  }

  function dropRenewal() {
    if (!state.renewable) return;
    former = state.renewable.binding;
    setState({ ...state, renewable: null });
  }

  /**
   * Idempotent: several failing requests at once end the session once, with the first reason.
   * An expiry or a 401 ends it on the page, renewable: nothing is cleared or broadcast (an expired
   * token is never read back from storage, and every tab of it expires by its own timer).
   */
  function end(reason: SessionEndReason, message = '') {
    const session = state.session;
    const told = reason === 'signed-out' || reason === 'replaced';
    if (!session) {
      // Ended on a page and waiting for a renewal: only a sign-out goes further.
      const renewable = state.renewable;
      if (renewable && (told || reason === 'other-tab')) {
        forgetStored(reason);
        setState({ ...state, endReason: reason, renewable: null });
        if (told) post({ type: 'signed-out', binding: renewable.binding });
      }
      return;
    }
    const renewable =
      reason === 'expired' || reason === 'unauthorized' || reason === 'renewal-refused';
    if (!renewable) forgetStored(reason);
    const { claims, remember, source, binding } = session;
    setState({
      session: null,
      endReason: reason,
      asking: false,
      renewable: renewable ? { claims, remember, source, binding } : null,
      refusal: reason === 'refused' ? { token: session.token, message, source } : null,
      generation: state.generation,
    });
    if (told) post({ type: 'signed-out', binding });
  }

  function noteResponse(token: string, status: number) {
    if (token !== state.session?.token) return;
    if (status === 401) refusedToken = token;
    // Past authentication: an answer, or a refusal of this one resource.
    else if ((status >= 200 && status < 300) || status === 403 || status === 404) {
      confirmedToken = token;
    }
  }

  function unauthorized(message: string) {
    const session = state.session;
    // A 401 for an earlier token (renewed meanwhile), or for a request never sent, says nothing
    // about this one.
    if (!session || refusedToken !== session.token) return;
    if (confirmedToken === session.token) end('unauthorized');
    else end('refused', message);
  }

  function getToken(): string | null {
    const session = state.session;
    if (!session) return null;
    if (session.claims.exp * 1000 - CLOCK_SKEW_MS <= now()) {
      end('expired');
      return null;
    }
    return session.token;
  }

  function bound(session: Session) {
    const { binding, token, claims } = session;
    return { binding, token, ...(session.source === 'provider' && { claims }) };
  }

  function post(message: SessionMessage) {
    channel?.postMessage(message);
  }

  function onChannelMessage(event: MessageEvent<unknown>) {
    const message = readSessionMessage(event.data);
    if (!message) return;
    if (message.type === 'signed-out') {
      if (sameBinding(message.binding, heldBinding())) end('other-tab');
    } else if (message.type === 'session-request') {
      // Only a tab configured as this one is (API, provider, client) is answered.
      const token = sameScope(message.scope, scope) ? getToken() : null;
      if (token !== null && state.session) post({ type: 'session-offer', ...bound(state.session) });
    } else if (message.type === 'session-renewed') {
      followRenewal(message);
    } else if ((state.asking || lateOfferWelcome()) && fitsScope(message.binding, scope)) {
      const read = readBoundCredential(message, now());
      // Kept for this tab only: a shared session never reaches localStorage on its own.
      // An unusable offer (expired in transit): keep waiting for another, or for sign-in.
      if (read.ok) adopt(read, false, true);
    }
  }

  /**
   * An offer that comes after the wait is still taken while this tab has done nothing since it
   * asked (no sign-in, no sign-out, no ended session): a start-up busy past SHARE_WAIT_MS runs
   * its timer before the answer that arrived in time, and the person would be asked to sign in
   * for nothing.
   */
  function lateOfferWelcome(): boolean {
    return (
      stored === null &&
      state.session === null &&
      state.renewable === null &&
      state.endReason === null &&
      state.generation === 0 &&
      now() - askedAt < LATE_OFFER_MS
    );
  }

  /**
   * Another tab renewed this session: its token is taken, in place, when it is this binding's
   * and follows on from the token held here (the same issuer, audience and person, as far as the
   * tokens show).
   */
  function followRenewal(message: SessionMessage & { type: 'session-renewed' }) {
    const held = state.session ?? state.renewable;
    if (!held || !isSamePerson(message.binding) || message.token === state.session?.token) return;
    const read = readBoundCredential(message, now());
    const previous = state.session?.source === 'provider' ? state.session.token : null;
    if (!read.ok || (previous !== null && !consistentTokens(previous, read.token))) return;
    // Kept as this tab kept its own: a tab-only session stays out of localStorage.
    replaceToken(read, !held.remember);
  }

  // A token remembered on this device changed in another tab: follow it.
  function onStorage(event: StorageEvent) {
    if (event.key !== storageKey && event.key !== null) return;
    const session = readStoredSession();
    if (session === null) {
      // A session that ended on a page ignores this: the expired token being dropped by a tab that
      // read it back is no sign-out (a real one also comes over the channel).
      if (state.session) end('other-tab');
    } else if (session.token !== state.session?.token) {
      if (isSamePerson(session.binding)) {
        replaceToken({ ok: true, ...session }, false);
      } else {
        // Another person signed in elsewhere: this tab's person is forgotten first.
        end('other-tab');
        confirmedToken = session.token;
        setState({
          session,
          endReason: null,
          asking: false,
          renewable: null,
          refusal: null,
          generation: state.generation + 1,
        });
      }
    }
  }

  channel?.addEventListener('message', onChannelMessage);
  eventTarget?.addEventListener('storage', onStorage);
  if (state.asking) {
    post({ type: 'session-request', scope });
    askTimer = setTimeout(() => {
      if (state.asking) setState({ ...state, asking: false });
    }, SHARE_WAIT_MS);
  }

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    signIn: (credential, remember) => adopt(readOrThrow(credential), remember, false),
    end: (reason) => end(reason),
    renew,
    dropRenewal,
    noteResponse,
    unauthorized,
    getToken,
    dispose() {
      expiry.dispose();
      clearTimeout(askTimer);
      channel?.removeEventListener('message', onChannelMessage);
      channel?.close();
      eventTarget?.removeEventListener('storage', onStorage);
    },
  };
}

export { serializeStoredSession } from './session-record';
