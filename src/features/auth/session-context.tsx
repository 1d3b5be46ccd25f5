import { createContext, use, useSyncExternalStore, type ReactNode } from 'react';
import type { SessionState, SessionStore } from './session-store';

const SessionStoreContext = createContext<SessionStore | null>(null);

export function SessionProvider({ store, children }: { store: SessionStore; children: ReactNode }) {
  return <SessionStoreContext value={store}>{children}</SessionStoreContext>;
}

export function useSessionStore(): SessionStore {
  const store = use(SessionStoreContext);
  if (!store) throw new Error('useSessionStore must be used inside <SessionProvider>');
  return store;
}

export function useSessionState(): SessionState {
  const store = useSessionStore();
  return useSyncExternalStore(store.subscribe, store.getState, store.getState);
}
