import type { QueryClient } from '@tanstack/react-query';

/**
 * What a feature keeps in memory beside the query cache (a search half done, a count going on),
 * held per QueryClient: each API profile has its own client (app/profile-runtime.ts), so one
 * profile's memory is never another's, and it goes when its client does. A client outlives a
 * sign-out, though, so sign-out forgets it explicitly: forgetClientMemory.
 */

/** Per client, how to forget each memory it has. */
const forgetters = new WeakMap<QueryClient, Set<() => void>>();

/**
 * A kind of memory: `create` makes a client's on first use (it may watch the client's cache);
 * `forget` (abort what runs, stop watching) before forgetClientMemory drops it.
 */
export function clientMemory<T>(
  create: (client: QueryClient) => T,
  forget: (value: T) => void = () => {},
): (client: QueryClient) => T {
  const values = new WeakMap<QueryClient, T>();
  return (client) => {
    if (values.has(client)) return values.get(client) as T;
    const value = create(client);
    values.set(client, value);
    let own = forgetters.get(client);
    if (!own) {
      own = new Set();
      forgetters.set(client, own);
    }
    own.add(() => {
      values.delete(client);
      forget(value);
    });
    return value;
  };
}

/** Sign-out: nothing kept for one person is there for the next. */
export function forgetClientMemory(client: QueryClient): void {
  const own = forgetters.get(client);
  forgetters.delete(client);
  for (const forget of own ?? []) forget();
}
