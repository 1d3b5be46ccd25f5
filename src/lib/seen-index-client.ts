import type { Query, QueryClient, QueryKey } from '@tanstack/react-query';
import { clientMemory } from './client-memory';
import { createSeenIndex, type SeenIndex, type SeenIndexShape } from './seen-index';

/**
 * A seen index per query client, filled from its answers: what the cache holds when the index is
 * first used, then every answer after. A client is one API profile's (app/profile-runtime.ts), so
 * one API's records are never suggested in another; sign-out forgets the client's memory
 * (forgetClientMemory), and with it the index and its watching of the cache, so nothing seen for
 * one person is suggested to the next. Used again, it starts afresh from what the cache holds.
 */
export function seenIndexPerClient<T>(
  shape: SeenIndexShape<T> & {
    /** The records in an answer (its query key tells what it is about); none is []. */
    take: (queryKey: QueryKey, data: unknown) => readonly T[];
  },
): (client: QueryClient) => SeenIndex<T> {
  const memoryOf = clientMemory(
    (client) => {
      const index = createSeenIndex(shape);
      const takeFrom = (query: Query) => {
        const found = shape.take(query.queryKey, query.state.data);
        if (found.length > 0) index.remember(found);
      };
      const cache = client.getQueryCache();
      for (const query of cache.getAll()) takeFrom(query);
      const unsubscribe = cache.subscribe((event) => {
        if (event.type === 'updated' && event.action.type === 'success') takeFrom(event.query);
      });
      return { index, unsubscribe };
    },
    ({ index, unsubscribe }) => {
      unsubscribe();
      index.clear();
    },
  );
  return (client) => memoryOf(client).index;
}
