import { useEffect } from 'react';
import type { ApiProfile } from '../lib/api-profile';
import { rememberProfile } from './api-choice';
import { ApiLabel } from './api-label';
import { useEnvironment } from './environment';

/**
 * What only a console with several APIs (config.json's `apis`) or a production API shows, loaded
 * lazily (start-up loads it before the first render when needed): the select **API** in the
 * header, the **Production** marking and the remembered choice.
 */

const CHIP = 'rounded px-1.5 py-0.5 text-xs font-medium';

/**
 * The header's API when there are several or it is production: a native select **API** that
 * switches between them (the app starts again under the other API, signed in there or not), or a
 * chip naming the one API, and a **Production** badge for a production API.
 */
export function HeaderApi() {
  const environment = useEnvironment();
  const { apis, production } = environment;
  return (
    <span className="flex min-w-0 items-center gap-1.5">
      {production && (
        <span className={`${CHIP} bg-red-700 text-white`} title="A production API: real data">
          Production
        </span>
      )}
      {apis.profiles.length > 1 ? <ApiSelect /> : <ApiLabel environment={environment} />}
    </span>
  );
}

/** The select **API**: in the header, and on the sign-in page when there are several APIs. */
export function ApiSelect({ className = '' }: { className?: string }) {
  const { apis, apiBaseUrl } = useEnvironment();
  return (
    <select
      aria-label="API"
      value={apis.current.key}
      title={`${apis.current.name} (${apiBaseUrl})`}
      onChange={(event) => apis.switchTo(event.target.value)}
      className={`max-w-[10rem] truncate rounded-md border border-slate-300 bg-white px-1.5 py-0.5 text-xs font-medium dark:border-slate-600 dark:bg-slate-900 ${className}`}
    >
      {apis.profiles.map((profile) => (
        <option key={profile.key} value={profile.key}>
          {profile.production ? `${profile.name} (production)` : profile.name}
        </option>
      ))}
    </select>
  );
}

/** The tab in use decides where a tab opened from it starts: its choice becomes the device's. */
export function RememberApiChoice({ current }: { current: ApiProfile }) {
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
  return null;
}

/** On every page, the sign-in page included: nobody mistakes production for a test API. */
export function ProductionBar({ name }: { name: string }) {
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

/** Above the app: the production bar, and the choice remembered when there are several APIs. */
export function ApisFrame({ current, several }: { current: ApiProfile; several: boolean }) {
  return (
    <>
      {current.production && <ProductionBar name={current.name} />}
      {several && <RememberApiChoice current={current} />}
    </>
  );
}
