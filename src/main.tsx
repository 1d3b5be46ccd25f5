import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import type { AppEnvironment, DemoControls } from './app/environment';
import { StartupError } from './app/startup-error';
import { initTheme } from './app/theme';
import { createSessionStore } from './features/auth/session-store';
import { createApiClient, setApiClient } from './lib/api-client';
import { apiBaseUrlFor, loadRuntimeConfig, resolveApiTarget, type ApiTarget } from './lib/config';
import { createQueryClient } from './lib/query-client';
import './index.css';

async function start() {
  initTheme();
  const root = createRoot(document.getElementById('root')!);

  let target: ApiTarget;
  try {
    target = resolveApiTarget(await loadRuntimeConfig(), import.meta.env.VITE_API_BASE_URL);
  } catch (error) {
    root.render(<StartupError message={(error as Error).message} />);
    return;
  }

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
  };

  const sessionStore = createSessionStore();
  setApiClient(createApiClient({ baseUrl: apiBaseUrl, getToken: sessionStore.getToken }));
  const queryClient = createQueryClient({ onUnauthorized: () => sessionStore.end('unauthorized') });
  // Nothing fetched with one token may be shown to the next person who signs in.
  sessionStore.subscribe(() => {
    if (!sessionStore.getState().session) queryClient.clear();
  });

  root.render(
    <StrictMode>
      <App environment={environment} sessionStore={sessionStore} queryClient={queryClient} />
    </StrictMode>,
  );
}

/** The mock API and its signing secret are downloaded only in demo mode. */
async function startDemo(apiBaseUrl: string): Promise<DemoControls> {
  const [{ startDemoWorker }, { mintDemoToken }] = await Promise.all([
    import('./mocks/browser'),
    import('./mocks/jwt'),
  ]);
  await startDemoWorker();
  return {
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
