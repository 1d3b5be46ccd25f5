import type { SessionStore } from './session-store';

/**
 * Wraps the API client's fetch so the session store hears, for every answer, which token it
 * carried and its status: whether a new token has ever been answered (a 401 right after sign-in
 * is a refused token, not a session that ended) and whether a 401 was for the current token or
 * for one renewed meanwhile. Reads only the request's own Authorization header.
 */
export function reportTokenUse(
  fetchImpl: typeof fetch,
  store: Pick<SessionStore, 'noteResponse'>,
): typeof fetch {
  return async (input, init) => {
    const response = await fetchImpl(input, init);
    const authorization = new Headers(init?.headers).get('Authorization');
    if (authorization?.startsWith('Bearer ')) {
      store.noteResponse(authorization.slice('Bearer '.length), response.status);
    }
    return response;
  };
}
