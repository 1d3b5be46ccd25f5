import { profileScopedName } from '../../lib/api-profile';
import { safeStorage } from '../../lib/storage';
import { SESSION_STORAGE_KEY } from './session-storage-key';
import { CLOCK_SKEW_MS, parseToken, type TokenClaims } from './token';

export { CLOCK_SKEW_MS };

export interface Session {
  token: string;
  claims: TokenClaims;
  /** Kept in localStorage (this device) rather than sessionStorage (this tab). */
  remember: boolean;
  source: TokenSourceKind;
}

/**
 * Where a session's token came from (docs/security.md, "Token model"): pasted by the person,
 * who is asked for the next one, or issued by an identity provider, which renews it by itself.
 */
export type TokenSourceKind = 'pasted' | 'provider';

/**
 * `refused`: the API answered the first requests of a new sign-in with 401, so the token never
 * worked (another API's token, a typo); `unauthorized`: a session that did work got a 401 later.
 */
export type SessionEndReason =
  | 'signed-out'
  | 'expired'
  | 'unauthorized'
  | 'other-tab'
  | 'refused'
  /** The token source (the identity provider) would not renew the session. */
  | 'renewal-refused';

/** A session that worked and ended on a page (expired, or a 401): its person may renew it in place. */
export interface RenewableSession {
  claims: TokenClaims;
  remember: boolean;
  source: TokenSourceKind;
}

/** The token the API refused right after sign-in, with the API's own message, for correction. */
export interface TokenRefusal {
  token: string;
  message: string;
}

/** What `renew` did: replaced the token in place (same `sub`), or signed a new person in afresh. */
export type RenewOutcome = 'renewed' | 'signed-in';

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
/** What a page gets when someone comes back to it (a tab shown, a window focused, a page restored). */
const RETURN_EVENTS = ['visibilitychange', 'focus', 'pageshow'] as const;
// setTimeout overflows above 2^31-1 ms (about 24.8 days) and would fire at once.
const MAX_TIMER_MS = 2_147_483_647;

type Listener = () => void;
type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
/**
 * Same-origin tabs only (BroadcastChannel never crosses origins). A tab answers a request only
 * while signed in, and only for the API its own session belongs to.
 */
type ChannelMessage =
  | { type: 'signed-out' }
  | { type: 'session-request'; api: string }
  | { type: 'session-offer'; api: string; token: string; source?: TokenSourceKind }
  /** The same person's new token: tabs of that person and API take it in place. */
  | { type: 'session-renewed'; api: string; token: string };

/** What is stored: the token, the API it was signed in against, and its source when not pasted. */
interface StoredSession {
  token: string;
  api: string;
  source?: TokenSourceKind;
}

export interface SessionStore {
  getState(): SessionState;
  subscribe(listener: Listener): () => void;
  /** Throws with the reason when the token cannot be used (the sign-in page checks first). */
  signIn(token: string, remember: boolean, source?: TokenSourceKind): void;
  end(reason: SessionEndReason): void;
  /**
   * A new token for the session, or for the one that ended on a page. The same `sub` keeps the
   * page (token swapped in place, other tabs of this API told); anyone else is a full sign-in that
   * forgets the first person. Throws with the reason when the token cannot be used.
   *
   * `rememberNewPerson`: whether anyone else's session is kept on the device (localStorage),
   * which only they can choose: it is never carried over from the first person's "Keep me signed
   * in", so by default their token stays in this tab (and never reaches the first person's other
   * tabs through storage).
   */
  renew(token: string, rememberNewPerson?: boolean): RenewOutcome;
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
  /**
   * The API profile's key (lib/api-profile.ts): each profile keeps its session under its own
   * storage key and tells its own tab channel, so signing out of one API leaves the others. Empty
   * (the default) for a single-API console.
   */
  profileKey?: string;
  /** Stand-ins for tests; by default the browser's, through lib/storage.ts (which never throws). */
  storage?: { session: KeyValueStore; local: KeyValueStore };
  now?: () => number;
  channel?: BroadcastChannel | null;
  eventTarget?: Pick<Window, 'addEventListener' | 'removeEventListener'> | null;
}

export function createSessionStore(options: SessionStoreOptions): SessionStore {
  const { apiBaseUrl } = options;
  const storageKey = profileScopedName(SESSION_STORAGE_KEY, options.profileKey ?? '');
  const storage = options.storage ?? {
    session: safeStorage('session'),
    local: safeStorage('local'),
  };
  const now = options.now ?? Date.now;
  const channel =
    options.channel !== undefined
      ? options.channel
      : typeof BroadcastChannel === 'undefined'
        ? null
        : new BroadcastChannel(profileScopedName(CHANNEL_NAME, options.profileKey ?? ''));
  const eventTarget = options.eventTarget !== undefined ? options.eventTarget : window;
  const listeners = new Set<Listener>();
  let expiryTimer: ReturnType<typeof setTimeout> | undefined;
  let askTimer: ReturnType<typeof setTimeout> | undefined;
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
  scheduleExpiry();

  function readStoredSession(): Session | null {
    for (const [store, remember] of [
      [storage.session, false],
      [storage.local, true],
    ] as const) {
      const raw = safeGet(store, storageKey);
      if (raw === null) continue;
      const record = parseStored(raw);
      const parsed = record?.api === apiBaseUrl ? parseToken(record.token, now()) : null;
      if (parsed?.ok) {
        return {
          token: parsed.token,
          claims: parsed.claims,
          remember,
          source: record?.source ?? 'pasted',
        };
      }
      // Expired, malformed, or signed in against another API (config.json now names a different
      // one, or a demo deployment was switched to a real API): forget it rather than send it.
      safeRemove(store, storageKey);
    }
    return null;
  }

  function setState(next: SessionState) {
    state = next;
    scheduleExpiry();
    for (const listener of listeners) listener();
  }

  function scheduleExpiry() {
    clearTimeout(expiryTimer);
    const session = state.session;
    if (!session) return;
    const delay = session.claims.exp * 1000 - CLOCK_SKEW_MS - now();
    if (delay <= 0) {
      // Ending synchronously here would notify listeners in the middle of setState.
      expiryTimer = setTimeout(() => end('expired'), 0);
      return;
    }
    expiryTimer = setTimeout(
      () => (delay > MAX_TIMER_MS ? scheduleExpiry() : end('expired')),
      Math.min(delay, MAX_TIMER_MS),
    );
  }

  function clearStorage() {
    safeRemove(storage.session, storageKey);
    safeRemove(storage.local, storageKey);
  }

  function parseOrThrow(token: string) {
    const parsed = parseToken(token, now());
    if (!parsed.ok) throw new Error(parsed.problem);
    return parsed;
  }

  function adopt(
    token: string,
    remember: boolean,
    confirmed = false,
    source: TokenSourceKind = 'pasted',
  ) {
    const parsed = parseOrThrow(token);
    clearTimeout(askTimer);
    clearStorage();
    safeSet(remember ? storage.local : storage.session, storageKey, {
      token: parsed.token,
      api: apiBaseUrl,
      source,
    });
    confirmedToken = confirmed ? parsed.token : null;
    setState({
      session: { token: parsed.token, claims: parsed.claims, remember, source },
      endReason: null,
      asking: false,
      renewable: null,
      refusal: null,
      generation: state.generation + 1,
    });
  }

  /** The person whose session this is, or was until it ended on a page. */
  function currentSubject(): string | undefined {
    return (state.session?.claims ?? state.renewable?.claims)?.sub;
  }

  function isSamePerson(claims: TokenClaims): boolean {
    const subject = currentSubject();
    // Without a `sub` there is no telling who it is: that is never "the same person".
    return subject !== undefined && claims.sub === subject;
  }

  /** The same person's new token, already answered by the API: swapped in without a new sign-in. */
  function replaceToken(token: string, claims: TokenClaims, store: boolean) {
    const remember = state.session?.remember ?? state.renewable?.remember ?? false;
    const source = state.session?.source ?? state.renewable?.source ?? 'pasted';
    // Overwritten, never removed first: a removal would read as a sign-out in the other tabs.
    if (store) {
      safeSet(remember ? storage.local : storage.session, storageKey, {
        token,
        api: apiBaseUrl,
        source,
      });
    }
    confirmedToken = token;
    setState({
      session: { token, claims, remember, source },
      endReason: null,
      asking: false,
      renewable: null,
      refusal: null,
      generation: state.generation,
    });
  }

  function renew(token: string, rememberNewPerson = false): RenewOutcome {
    const parsed = parseOrThrow(token);
    if (!state.session && !state.renewable) throw new Error('There is no session to renew.');
    if (isSamePerson(parsed.claims)) {
      replaceToken(parsed.token, parsed.claims, true);
      post({ type: 'session-renewed', api: apiBaseUrl, token: parsed.token });
      return 'renewed';
    }
    // Someone else: the first person's session ends everywhere (and their data is forgotten, by
    // the listeners of the signed-out state) before the new one starts.
    end('signed-out');
    adopt(parsed.token, rememberNewPerson, true);
    return 'signed-in';
  }

  function dropRenewal() {
    if (!state.renewable) return;
    setState({ ...state, renewable: null });
  }

  /**
   * Idempotent: several failing requests at once end the session once, with the first reason.
   * An expiry or a 401 ends it on the page, renewable: nothing is cleared or broadcast (an expired
   * token is never read back from storage, and every tab of it expires by its own timer).
   */
  function end(reason: SessionEndReason, message = '') {
    const session = state.session;
    if (!session) {
      // Ended on a page and waiting for a renewal: only a sign-out goes further.
      if (state.renewable && (reason === 'signed-out' || reason === 'other-tab')) {
        clearStorage();
        setState({ ...state, endReason: reason, renewable: null });
        if (reason === 'signed-out') post({ type: 'signed-out' });
      }
      return;
    }
    const renewable =
      reason === 'expired' || reason === 'unauthorized' || reason === 'renewal-refused';
    if (!renewable) clearStorage();
    setState({
      session: null,
      endReason: reason,
      asking: false,
      renewable: renewable
        ? { claims: session.claims, remember: session.remember, source: session.source }
        : null,
      refusal: reason === 'refused' ? { token: session.token, message } : null,
      generation: state.generation,
    });
    if (reason === 'signed-out') post({ type: 'signed-out' });
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

  function post(message: ChannelMessage) {
    channel?.postMessage(message);
  }

  function onChannelMessage(event: MessageEvent<unknown>) {
    const message = event.data;
    if (!isChannelMessage(message)) return;
    if (message.type === 'signed-out') {
      end('other-tab');
    } else if (message.type === 'session-renewed') {
      followRenewal(message.api, message.token);
    } else if (message.type === 'session-request') {
      const token = message.api === apiBaseUrl ? getToken() : null;
      const source = state.session?.source ?? 'pasted';
      if (token !== null) post({ type: 'session-offer', api: apiBaseUrl, token, source });
    } else if (message.api === apiBaseUrl && (state.asking || lateOfferWelcome())) {
      // Kept for this tab only: a shared session never reaches localStorage on its own.
      try {
        adopt(message.token, false, true, message.source === 'provider' ? 'provider' : 'pasted');
      } catch {
        // An unusable offer (expired in transit): keep waiting for another, or for sign-in.
      }
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

  /** Another tab renewed the same person's session: take the token, in place. */
  function followRenewal(api: string, token: string) {
    if (api !== apiBaseUrl || token === state.session?.token) return;
    const parsed = parseToken(token, now());
    if (!parsed.ok || !isSamePerson(parsed.claims)) return;
    // Kept as this tab kept its own: a tab-only session stays out of localStorage.
    replaceToken(parsed.token, parsed.claims, !(state.session ?? state.renewable)?.remember);
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
      if (isSamePerson(session.claims)) replaceToken(session.token, session.claims, false);
      else {
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

  // Back from sleep: the wall clock has jumped but the expiry timer has not fired (timers of a
  // sleeping machine or a frozen tab wait), so an expired session would stay on screen until
  // the next request asked for the token. These events come with the person's return.
  function onReturn() {
    if (!state.session) return;
    if (state.session.claims.exp * 1000 - CLOCK_SKEW_MS <= now()) end('expired');
    else scheduleExpiry();
  }

  channel?.addEventListener('message', onChannelMessage);
  eventTarget?.addEventListener('storage', onStorage);
  // visibilitychange is fired at the document and bubbles to the window.
  for (const type of RETURN_EVENTS) eventTarget?.addEventListener(type, onReturn);
  if (state.asking) {
    post({ type: 'session-request', api: apiBaseUrl });
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
    signIn: (token, remember, source) => adopt(token, remember, false, source),
    end: (reason) => end(reason),
    renew,
    dropRenewal,
    noteResponse,
    unauthorized,
    getToken,
    dispose() {
      clearTimeout(expiryTimer);
      clearTimeout(askTimer);
      channel?.removeEventListener('message', onChannelMessage);
      channel?.close();
      eventTarget?.removeEventListener('storage', onStorage);
      for (const type of RETURN_EVENTS) eventTarget?.removeEventListener(type, onReturn);
    },
  };
}

/** The value kept in storage: the token with the API it belongs to (and its source, if not pasted). */
export function serializeStoredSession(
  token: string,
  api: string,
  source: TokenSourceKind = 'pasted',
): string {
  return JSON.stringify(
    (source === 'pasted' ? { token, api } : { token, api, source }) satisfies StoredSession,
  );
}

/** Null for a bare token from an earlier version, or garbage: it names no API, so it is not used. */
function parseStored(raw: string): StoredSession | null {
  try {
    const value: unknown = JSON.parse(raw);
    if (
      typeof value === 'object' &&
      value !== null &&
      typeof (value as StoredSession).token === 'string' &&
      typeof (value as StoredSession).api === 'string'
    ) {
      const { token, api, source } = value as StoredSession;
      return { token, api, ...(source === 'provider' && { source }) };
    }
  } catch {
    // Not JSON.
  }
  return null;
}

function isChannelMessage(value: unknown): value is ChannelMessage {
  if (typeof value !== 'object' || value === null) return false;
  const message = value as Partial<Record<string, unknown>>;
  switch (message.type) {
    case 'signed-out':
      return true;
    case 'session-request':
      return typeof message.api === 'string';
    case 'session-offer':
    case 'session-renewed':
      return typeof message.api === 'string' && typeof message.token === 'string';
    default:
      return false;
  }
}

// Storage can throw (private mode, quota, disabled cookies); the console then keeps the token in memory only.
function safeGet(store: KeyValueStore, key: string): string | null {
  try {
    return store.getItem(key);
  } catch {
    return null;
  }
}

function safeSet(store: KeyValueStore, key: string, value: StoredSession) {
  try {
    store.setItem(key, serializeStoredSession(value.token, value.api, value.source));
  } catch {
    // Memory-only session: see safeGet.
  }
}

function safeRemove(store: KeyValueStore, key: string) {
  try {
    store.removeItem(key);
  } catch {
    // Nothing stored to remove.
  }
}
