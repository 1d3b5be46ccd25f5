import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import type { AppEnvironment, DemoControls } from './app/environment';
import { routeModules } from './app/route-modules';
import { routeKeyFor } from './app/route-paths';
import { StartupError } from './app/startup-error';
import { initTheme } from './app/theme';
import { createSessionStore, type SessionState } from './features/auth/session-store';
import { reportTokenUse } from './features/auth/token-use';
import { forgetUserData } from './features/users/user-storage';
import { forgetRegisteredData } from './lib/forget-on-sign-out';
import { createApiClient, setApiClient } from './lib/api-client';
import { takeBootConfigResponse } from './lib/boot-handoff';
import {
  apiBaseUrlFor,
  loadRuntimeConfig,
  resolveSettings,
  type ConsoleSettings,
} from './lib/config';
import { createQueryClient } from './lib/query-client';
import { requestLog } from './lib/request-log';
import './index.css';

/**
 * Start-up, render-as-you-fetch: the page's code starts downloading at once (the boot script in
 * index.html has usually preloaded it), config.json is read (its request started with the HTML),
 * and the page's first API request goes out before React renders anything, so code, data and
 * React get ready side by side rather than one after another.
 */
async function start() {
  initTheme();
  const root = createRoot(document.getElementById('root')!);
  const routeKey = routeKeyFor(window.location.pathname);
  const routeModule = routeKey === undefined ? undefined : routeModules[routeKey]();
  // A failed download is the router's to report, when the page is rendered.
  routeModule?.catch(() => undefined);

  let settings: ConsoleSettings;
  try {
    const bootResponse = takeBootConfigResponse();
    const config = await loadRuntimeConfig(
      bootResponse ? () => bootResponse : (input, init) => fetch(input, init),
    );
    settings = resolveSettings(config, import.meta.env.VITE_API_BASE_URL);
  } catch (error) {
    root.render(<StartupError message={(error as Error).message} />);
    return;
  }

  const { target } = settings;
  const apiBaseUrl = apiBaseUrlFor(target, window.location.origin);
  let demo: DemoControls | null = null;
  if (target.mode === 'demo') {
    try {
      const { startDemo } = await import('./app/demo-start');
      demo = await startDemo(apiBaseUrl);
    } catch (error) {
      root.render(
        <StartupError
          message={`The demo mock API could not start in this browser (it needs service workers): ${(error as Error).message}`}
        />,
      );
      return;
    }
  }
  const label = target.mode === 'demo' ? 'Demo' : new URL(target.baseUrl).host;
  const environment: AppEnvironment = {
    apiBaseUrl,
    demo,
    label,
    apiName: label,
    requestTimeoutMs: settings.requestTimeoutMs,
    imageSources: settings.imageSources,
    categories: settings.categories ?? demo?.categories ?? [],
  };

  // Demo mode's API lives under this origin, so its sessions are told apart by the word "demo":
  // a demo token must never be sent to a real API the deployment is later pointed at.
  const sessionStore = createSessionStore({
    apiBaseUrl: target.mode === 'demo' ? 'demo' : target.baseUrl,
  });
  setApiClient(
    createApiClient({
      baseUrl: apiBaseUrl,
      name: environment.apiName,
      getToken: sessionStore.getToken,
      fetchImpl: reportTokenUse((input, init) => fetch(input, init), sessionStore),
      timeoutMs: settings.requestTimeoutMs,
      markPrefetches: target.mode === 'demo',
    }),
  );
  const queryClient = createQueryClient({
    onUnauthorized: (error) => sessionStore.unauthorized(error.message),
  });
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
          predicate: (query) => query.state.status === 'error' && query.state.error?.status === 401,
        });
      }
      return;
    }
    // Ended on a page, renewable: the page's data stays (hidden) for the same person.
    if (state.renewable) return;
    // Nothing tied to one person may be shown to the next who signs in: fetched data, the
    // requests made, the users looked up and the last list view.
    queryClient.clear();
    requestLog.clear();
    forgetUserData();
    forgetRegisteredData();
  });

  if (routeModule && sessionStore.getState().session) {
    const url = new URL(window.location.href);
    void routeModule.then((module) => module.prefetch?.(queryClient, url)).catch(() => undefined);
  }

  root.render(
    <StrictMode>
      <App environment={environment} sessionStore={sessionStore} queryClient={queryClient} />
    </StrictMode>,
  );
}

void start();
