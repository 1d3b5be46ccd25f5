import { useSyncExternalStore } from 'react';
import { readText, removeStored, writeText } from '../lib/storage';

export type ThemeChoice = 'system' | 'light' | 'dark';

const STORAGE_KEY = 'admin-console.theme';
const media = () => window.matchMedia('(prefers-color-scheme: dark)');
const listeners = new Set<() => void>();

function readChoice(): ThemeChoice {
  const stored = readText('local', STORAGE_KEY);
  return stored === 'light' || stored === 'dark' ? stored : 'system';
}

let choice: ThemeChoice = 'system';

/** Applies the remembered theme; called once at start-up, before the first render. */
export function initTheme() {
  choice = readChoice();
  apply();
  media().addEventListener('change', apply);
}

function apply() {
  const dark = choice === 'dark' || (choice === 'system' && media().matches);
  document.documentElement.classList.toggle('dark', dark);
  document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
}

export function setTheme(next: ThemeChoice) {
  choice = next;
  // Where the browser denies storage, kept for this page only (lib/storage.ts).
  if (next === 'system') removeStored('local', STORAGE_KEY);
  else writeText('local', STORAGE_KEY, next);
  apply();
  for (const listener of listeners) listener();
}

export function useTheme(): ThemeChoice {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => choice,
  );
}
