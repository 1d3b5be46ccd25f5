import { parseToken, type TokenClaims } from './token';

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
}

/** Ends the session this long before `exp`, so a request is never sent with a token the API would already call expired. */
export const CLOCK_SKEW_MS = 10_000;
const STORAGE_KEY = 'admin-console.token';
const CHANNEL_NAME = 'admin-console.session';
// setTimeout overflows above 2^31-1 ms (about 24.8 days) and would fire at once.
const MAX_TIMER_MS = 2_147_483_647;

type Listener = () => void;
type ChannelMessage = { type: 'signed-out' };

export interface SessionStore {
  getState(): SessionState;
  subscribe(listener: Listener): () => void;
  signIn(token: string, remember: boolean): void;
  end(reason: SessionEndReason): void;
  getToken(): string | null;
  dispose(): void;
}

interface SessionStoreOptions {
  storage?: { session: Storage; local: Storage };
  now?: () => number;
  channel?: BroadcastChannel | null;
  eventTarget?: Pick<Window, 'addEventListener' | 'removeEventListener'> | null;
}

export function createSessionStore(options: SessionStoreOptions = {}): SessionStore {
  const storage = options.storage ?? { session: sessionStorage, local: localStorage };
  const now = options.now ?? Date.now;
  const channel =
    options.channel !== undefined
      ? options.channel
      : typeof BroadcastChannel === 'undefined'
        ? null
        : new BroadcastChannel(CHANNEL_NAME);
  const eventTarget = options.eventTarget !== undefined ? options.eventTarget : window;
  const listeners = new Set<Listener>();
  let expiryTimer: ReturnType<typeof setTimeout> | undefined;
  let state: SessionState = { session: readStoredSession(), endReason: null };
  scheduleExpiry();

  function readStoredSession(): Session | null {
    for (const [store, remember] of [
      [storage.session, false],
      [storage.local, true],
    ] as const) {
      const stored = safeGet(store);
      if (stored === null) continue;
      const parsed = parseToken(stored, now() + CLOCK_SKEW_MS);
      if (parsed.ok) return { token: parsed.token, claims: parsed.claims, remember };
      safeRemove(store);
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
    safeRemove(storage.session);
    safeRemove(storage.local);
  }

  function signIn(token: string, remember: boolean) {
    const parsed = parseToken(token, now() + CLOCK_SKEW_MS);
    if (!parsed.ok) throw new Error(parsed.problem);
    clearStorage();
    safeSet(remember ? storage.local : storage.session, parsed.token);
    setState({
      session: { token: parsed.token, claims: parsed.claims, remember },
      endReason: null,
    });
  }

  /** Idempotent: several failing requests at once end the session once, with the first reason. */
  function end(reason: SessionEndReason) {
    if (!state.session) return;
    clearStorage();
    setState({ session: null, endReason: reason });
    if (reason !== 'other-tab')
      channel?.postMessage({ type: 'signed-out' } satisfies ChannelMessage);
  }

  function onChannelMessage(event: MessageEvent<ChannelMessage>) {
    if (event.data?.type === 'signed-out') end('other-tab');
  }

  // A token remembered on this device changed in another tab: follow it.
  function onStorage(event: StorageEvent) {
    if (event.key !== STORAGE_KEY && event.key !== null) return;
    const session = readStoredSession();
    if (session === null) end('other-tab');
    else if (session.token !== state.session?.token) setState({ session, endReason: null });
  }

  channel?.addEventListener('message', onChannelMessage);
  eventTarget?.addEventListener('storage', onStorage);

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    signIn,
    end,
    getToken: () => state.session?.token ?? null,
    dispose() {
      clearTimeout(expiryTimer);
      channel?.removeEventListener('message', onChannelMessage);
      channel?.close();
      eventTarget?.removeEventListener('storage', onStorage);
    },
  };
}

// Storage can throw (private mode, quota, disabled cookies); the console then keeps the token in memory only.
function safeGet(store: Storage): string | null {
  try {
    return store.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

function safeSet(store: Storage, value: string) {
  try {
    store.setItem(STORAGE_KEY, value);
  } catch {
    // Memory-only session: see safeGet.
  }
}

function safeRemove(store: Storage) {
  try {
    store.removeItem(STORAGE_KEY);
  } catch {
    // Nothing stored to remove.
  }
}
