import { StrictMode, useEffect, useState } from 'react';
import type { ApiProfile } from '../lib/api-profile';
import { rememberProfile } from './api-choice';
import { App } from './app';
import type { AppEnvironment } from './environment';
import type { ProfileRuntimes } from './profile-runtime';

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

  // The tab in use decides where a tab opened from it starts: its choice becomes the device's.
  useEffect(() => {
    const remember = () => {
      if (document.visibilityState === 'visible') rememberProfile(current);
    };
    remember();
    window.addEventListener('focus', remember);
    document.addEventListener('visibilitychange', remember);
    return () => {
      window.removeEventListener('focus', remember);
      document.removeEventListener('visibilitychange', remember);
    };
  }, [current]);

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
      {current.production && <ProductionBar name={current.name} />}
      <App
        key={current.key}
        environment={environment}
        sessionStore={runtime.sessionStore}
        queryClient={runtime.queryClient}
      />
    </StrictMode>
  );
}

/** On every page, the sign-in page included: nobody mistakes production for a test API. */
function ProductionBar({ name }: { name: string }) {
  return (
    <div
      role="note"
      aria-label="Production"
      className="bg-red-700 px-4 py-1 text-center text-sm font-semibold tracking-wide text-white"
    >
      PRODUCTION: <bdi>{name}</bdi> is a production API with real data.
    </div>
  );
}
