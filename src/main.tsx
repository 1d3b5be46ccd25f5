import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import type { AppEnvironment, DemoControls } from './app/environment';
import { StartupError } from './app/startup-error';
import { initTheme } from './app/theme';
import { createSessionStore } from './features/auth/session-store';
import { forgetUserData } from './features/users/user-storage';
import { createApiClient, setApiClient } from './lib/api-client';
import {
  apiBaseUrlFor,
  loadRuntimeConfig,
  resolveSettings,
  type ConsoleSettings,
} from './lib/config';
import { createQueryClient } from './lib/query-client';
import { requestLog } from './lib/request-log';
import './index.css';

async function start() {
  initTheme();
  const root = createRoot(document.getElementById('root')!);

  let settings: ConsoleSettings;
  try {
    settings = resolveSettings(await loadRuntimeConfig(), import.meta.env.VITE_API_BASE_URL);
  } catch (error) {
    root.render(<StartupError message={(error as Error).message} />);
    return;
  }

  const { target } = settings;
  const apiBaseUrl = apiBaseUrlFor(target, window.location.origin);
  let demo: DemoControls | null = null;
  if (target.mode === 'demo') {
    try {
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
  const environment: AppEnvironment = {
    apiBaseUrl,
    demo,
    label: target.mode === 'demo' ? 'Demo' : new URL(target.baseUrl).host,
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
      getToken: sessionStore.getToken,
      timeoutMs: settings.requestTimeoutMs,
      markPrefetches: target.mode === 'demo',
    }),
  );
  const queryClient = createQueryClient({ onUnauthorized: () => sessionStore.end('unauthorized') });
  // Nothing tied to one person may be shown to the next who signs in: fetched data, the
  // requests made, the users looked up and the last list view.
  sessionStore.subscribe(() => {
    if (sessionStore.getState().session) return;
    queryClient.clear();
    requestLog.clear();
    forgetUserData();
  });

  root.render(
    <StrictMode>
      <App environment={environment} sessionStore={sessionStore} queryClient={queryClient} />
    </StrictMode>,
  );
}

/** The mock API and its signing secret are downloaded only in demo mode. */
async function startDemo(apiBaseUrl: string): Promise<DemoControls> {
  const [{ startDemoWorker }, { mintDemoToken }, { PRODUCT_CATEGORIES }] = await Promise.all([
    import('./mocks/browser'),
    import('./mocks/jwt'),
    import('./mocks/word-lists'),
  ]);
  await startDemoWorker();
  return {
    categories: [...PRODUCT_CATEGORIES],
    mintToken: () => mintDemoToken('valid'),
    async setScenario(token, scenario) {
      const response = await fetch(`${apiBaseUrl}/__demo/scenario`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(scenario),
      });
      if (!response.ok) throw new Error(`the mock answered ${response.status}`);
    },
  };
}

void start();
