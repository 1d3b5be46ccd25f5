import { useSyncExternalStore } from 'react';
import { useSessionStore } from './session-context';
import type { SessionStore } from './session-store';

/**
 * Whether a session that renews itself (a provider's) has stopped doing so: its last renewal could
 * not reach the provider. The renewer (silent-renewal.ts, loaded later) says so; the header reads
 * it, since only a session that will really end gets a countdown and the warning before its end.
 */
const failing = new WeakMap<SessionStore, boolean>();
const listeners = new WeakMap<SessionStore, Set<() => void>>();

export function setRenewalFailing(store: SessionStore, value: boolean): void {
  if ((failing.get(store) ?? false) === value) return;
  failing.set(store, value);
  for (const listener of listeners.get(store) ?? []) listener();
}

export function renewalFailing(store: SessionStore): boolean {
  return failing.get(store) ?? false;
}

export function useRenewalFailing(): boolean {
  const store = useSessionStore();
  return useSyncExternalStore(
    (listener) => {
      const set = listeners.get(store) ?? new Set();
      listeners.set(store, set);
      set.add(listener);
      return () => set.delete(listener);
    },
    () => renewalFailing(store),
  );
}
