import { profileScopedName } from '../../lib/api-profile';
import { SESSION_STORAGE_KEY } from './session-storage-key';
import { CLOCK_SKEW_MS, parseToken, type TokenClaims } from './token';

export { CLOCK_SKEW_MS };

export interface Session {
  token: string;
  claims: TokenClaims;
  /** Kept in localStorage (this device) rather than sessionStorage (this tab). */
  remember: boolean;
}

export type SessionEndReason = 'signed-out' | 'expired' | 'unauthorized' | 'other-tab';

export interface SessionState {
  session: Session | null;
  /** Why the last session ended, for the sign-in page to explain; cleared on sign-in. */
  endReason: SessionEndReason | null;
  /**
   * A new tab with no session of its own is asking the console's other tabs for theirs; until
   * they answer (or do not, within SHARE_WAIT_MS) it is neither signed in nor out.
   */
  asking: boolean;
}

const CHANNEL_NAME = 'admin-console.session';
/** How long a new tab waits for another tab to share its session before showing sign-in. */
export const SHARE_WAIT_MS = 300;
/** What a page gets when someone comes back to it (a tab shown, a window focused, a page restored). */
const RETURN_EVENTS = ['visibilitychange', 'focus', 'pageshow'] as const;
// setTimeout overflows above 2^31-1 ms (about 24.8 days) and would fire at once.
const MAX_TIMER_MS = 2_147_483_647;

type Listener = () => void;
/**
 * Same-origin tabs only (BroadcastChannel never crosses origins). A tab answers a request only
 * while signed in, and only for the API its own session belongs to.
 */
type ChannelMessage =
  | { type: 'signed-out' }
  | { type: 'session-request'; api: string }
  | { type: 'session-offer'; api: string; token: string };

/** What is stored: the token and the API it was signed in against. */
interface StoredSession {
  token: string;
  api: string;
}

export interface SessionStore {
  getState(): SessionState;
  subscribe(listener: Listener): () => void;
  /** Throws with the reason when the token cannot be used (the sign-in page checks first). */
  signIn(token: string, remember: boolean): void;
  end(reason: SessionEndReason): void;
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
  storage?: { session: Storage; local: Storage };
  now?: () => number;
  channel?: BroadcastChannel | null;
  eventTarget?: Pick<Window, 'addEventListener' | 'removeEventListener'> | null;
}

export function createSessionStore(options: SessionStoreOptions): SessionStore {
  const { apiBaseUrl } = options;
  const storageKey = profileScopedName(SESSION_STORAGE_KEY, options.profileKey ?? '');
  const storage = options.storage ?? { session: sessionStorage, local: localStorage };
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
  let state: SessionState = {
    session: stored,
    endReason: null,
    asking: stored === null && channel !== null,
  };
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
      if (parsed?.ok) return { token: parsed.token, claims: parsed.claims, remember };
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

  function adopt(token: string, remember: boolean) {
    const parsed = parseToken(token, now());
    if (!parsed.ok) throw new Error(parsed.problem);
    clearTimeout(askTimer);
    clearStorage();
    safeSet(remember ? storage.local : storage.session, storageKey, {
      token: parsed.token,
      api: apiBaseUrl,
    });
    setState({
      session: { token: parsed.token, claims: parsed.claims, remember },
      endReason: null,
      asking: false,
    });
  }

  /** Idempotent: several failing requests at once end the session once, with the first reason. */
  function end(reason: SessionEndReason) {
    if (!state.session) return;
    clearStorage();
    setState({ session: null, endReason: reason, asking: false });
    if (reason !== 'other-tab') post({ type: 'signed-out' });
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
    } else if (message.type === 'session-request') {
      const token = message.api === apiBaseUrl ? getToken() : null;
      if (token !== null) post({ type: 'session-offer', api: apiBaseUrl, token });
    } else if (state.asking && message.api === apiBaseUrl) {
      // Kept for this tab only: a shared session never reaches localStorage on its own.
      try {
        adopt(message.token, false);
      } catch {
        // An unusable offer (expired in transit): keep waiting for another, or for sign-in.
      }
    }
  }

  // A token remembered on this device changed in another tab: follow it.
  function onStorage(event: StorageEvent) {
    if (event.key !== storageKey && event.key !== null) return;
    const session = readStoredSession();
    if (session === null) end('other-tab');
    else if (session.token !== state.session?.token) {
      setState({ session, endReason: null, asking: false });
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
    signIn: adopt,
    end,
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

/** The value kept in storage: the token with the API it belongs to. */
export function serializeStoredSession(token: string, api: string): string {
  return JSON.stringify({ token, api } satisfies StoredSession);
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
      return value as StoredSession;
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
      return typeof message.api === 'string' && typeof message.token === 'string';
    default:
      return false;
  }
}

// Storage can throw (private mode, quota, disabled cookies); the console then keeps the token in memory only.
function safeGet(store: Storage, key: string): string | null {
  try {
    return store.getItem(key);
  } catch {
    return null;
  }
}

function safeSet(store: Storage, key: string, value: StoredSession) {
  try {
    store.setItem(key, serializeStoredSession(value.token, value.api));
  } catch {
    // Memory-only session: see safeGet.
  }
}

function safeRemove(store: Storage, key: string) {
  try {
    store.removeItem(key);
  } catch {
    // Nothing stored to remove.
  }
}
