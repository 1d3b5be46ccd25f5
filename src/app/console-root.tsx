import { StrictMode, Suspense, useState } from 'react';
import { lazyComponent } from '../components/lazy-component';
import { StorageNotice } from '../components/storage-notice';
import type { ApiProfile } from '../lib/api-profile';
import { App } from './app';
import type { AppEnvironment } from './environment';
import type { ProfileRuntimes } from './profile-runtime';
import { severalApis } from './several-apis-loader';

// Only with several APIs or a production one: a single-API console never downloads it.
const ApisFrame = lazyComponent(severalApis, (module) => module.ApisFrame);

interface ConsoleRootProps {
  profiles: readonly ApiProfile[];
  initial: ApiProfile;
  runtimes: ProfileRuntimes;
  /** Everything of the environment that does not depend on the API chosen. */
  base: Omit<AppEnvironment, 'apiBaseUrl' | 'label' | 'apiName' | 'production' | 'apis'>;
}

/**
 * The app under the current API profile. Switching remounts the app (keyed by the profile) with
 * that profile's session, cache and log; the page is not reloaded, and the address stays, so the
 * same page opens against the other API (or its sign-in, when not signed in there).
 */
export function ConsoleRoot({ profiles, initial, runtimes, base }: ConsoleRootProps) {
  const [current, setCurrent] = useState(initial);
  const runtime = runtimes.activate(current);

  const environment: AppEnvironment = {
    ...base,
    apiBaseUrl: runtime.apiBaseUrl,
    label: current.name,
    apiName: current.name,
    production: current.production,
    apis: {
      profiles,
      current,
      switchTo(key) {
        const next = profiles.find((profile) => profile.key === key);
        if (!next || next.key === current.key) return;
        // Made current before the new tree renders, so it reads the new profile's client and log.
        runtimes.activate(next);
        setCurrent(next);
      },
    },
  };

  return (
    <StrictMode>
      <StorageNotice />
      {(profiles.length > 1 || current.production) && (
        <Suspense fallback={null}>
          <ApisFrame current={current} several={profiles.length > 1} />
        </Suspense>
      )}
      <App
        key={current.key}
        environment={environment}
        sessionStore={runtime.sessionStore}
        queryClient={runtime.queryClient}
      />
    </StrictMode>
  );
}
