import type { QueryClient } from '@tanstack/react-query';
import { setDocumentTitlePrefix } from '../components/use-document-title';
import {
  createSessionStore,
  type SessionState,
  type SessionStore,
} from '../features/auth/session-store';
import { scopeOfProfile } from '../features/auth/session-binding';
import { reportTokenUse } from '../features/auth/token-use';
import { forgetUserData } from '../features/users/user-storage';
import { setCurrentProfileKey, type ApiProfile } from '../lib/api-profile';
import { bindApiClient, createApiClient, setApiClient, type ApiClient } from '../lib/api-client';
import { forgetClientMemory } from '../lib/client-memory';
import { apiBaseUrlFor } from '../lib/config';
import { forgetRegisteredData } from '../lib/forget-on-sign-out';
import { createQueryClient } from '../lib/query-client';
import { createRequestLog, selectRequestLog, type RequestLog } from '../lib/request-log';

/** What one API profile owns: its session, client, request log and query cache. */
export interface ProfileRuntime {
  profile: ApiProfile;
  /** Root the client talks to (in demo mode, a same-origin path the mock worker answers). */
  apiBaseUrl: string;
  sessionStore: SessionStore;
  apiClient: ApiClient;
  requestLog: RequestLog;
  queryClient: QueryClient;
}

export interface ProfileRuntimes {
  /** Makes `profile` the current one (its client, log and storage scope) and returns its runtime. */
  activate(profile: ApiProfile): ProfileRuntime;
}

/**
 * Runtimes are made when a profile is first chosen and then kept for the page's life, so going
 * back to an API finds its session, its cache and its log as they were. Each client reads only its
 * own profile's session store: a token never goes to another API.
 */
export function createProfileRuntimes(options: {
  locationOrigin: string;
  requestTimeoutMs: number;
}): ProfileRuntimes {
  const runtimes = new Map<string, ProfileRuntime>();

  function create(profile: ApiProfile): ProfileRuntime {
    const { target } = profile;
    const apiBaseUrl = apiBaseUrlFor(target, options.locationOrigin);
    const sessionStore = createSessionStore({
      apiBaseUrl: scopeOfProfile(profile).api,
      provider: profile.oidc,
      profileKey: profile.key,
    });
    if (profile.oidc) {
      void import('./provider-renewal').then(
        (module) => module.startProviderRenewal(sessionStore, profile),
        () => undefined,
      );
    }
    const requestLog = createRequestLog();
    const apiClient = createApiClient({
      baseUrl: apiBaseUrl,
      name: profile.name,
      getToken: sessionStore.getToken,
      getGeneration: () => sessionStore.getState().generation,
      getPerson: () => {
        const claims = sessionStore.getState().session?.claims;
        return claims && { sub: claims.sub, email: claims.email };
      },
      fetchImpl: reportTokenUse((input, init) => fetch(input, init), sessionStore),
      log: requestLog,
      timeoutMs: options.requestTimeoutMs,
      markPrefetches: target.mode === 'demo',
    });
    const queryClient = createQueryClient({
      onUnauthorized: (error) => sessionStore.unauthorized(error.message),
    });
    // Its query functions use this profile's client, whichever profile is current when they run.
    bindApiClient(queryClient, apiClient);
    let before: SessionState = sessionStore.getState();
    sessionStore.subscribe(() => {
      const state = sessionStore.getState();
      const previous = before;
      before = state;
      if (state.session) {
        // The same person's new token (renewed here or in another tab): what failed with 401
        // meanwhile is asked again, once, with it.
        if (
          state.generation === previous.generation &&
          state.session.token !== previous.session?.token
        ) {
          void queryClient.refetchQueries({
            type: 'active',
            predicate: (query) =>
              query.state.status === 'error' && query.state.error?.status === 401,
          });
        }
        return;
      }
      // Ended on a page, renewable: the page's data stays (hidden) for the same person.
      if (state.renewable) return;
      // Nothing tied to one person may be shown to the next who signs in: fetched data, the
      // requests made, the users looked up and the last list view. Only this API's: signing out
      // of one API leaves the others signed in, with their data.
      queryClient.clear();
      forgetClientMemory(queryClient);
      requestLog.clear();
      forgetUserData(profile.key);
      forgetRegisteredData(profile.key);
    });
    return { profile, apiBaseUrl, sessionStore, apiClient, requestLog, queryClient };
  }

  return {
    activate(profile) {
      let runtime = runtimes.get(profile.key);
      if (!runtime) {
        // Scoped before the store exists: what it reads at creation is this profile's.
        setCurrentProfileKey(profile.key);
        runtime = create(profile);
        runtimes.set(profile.key, runtime);
      }
      setCurrentProfileKey(profile.key);
      setApiClient(runtime.apiClient);
      selectRequestLog(runtime.requestLog);
      setDocumentTitlePrefix(profile.production ? 'PRODUCTION' : undefined);
      return runtime;
    },
  };
}
