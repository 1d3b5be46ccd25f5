import { useId } from 'react';
import { useEnvironment } from './environment';

const CHIP = 'rounded px-1.5 py-0.5 text-xs font-medium';

/**
 * The header's API: a chip naming it ("Demo", the host, or the `apis` entry), or, when config.json
 * lists several, a native select **API** that switches between them (the app starts again under
 * the other API, signed in there or not). A production API also gets a **Production** badge.
 */
export function ApiSwitcher() {
  const environment = useEnvironment();
  const { apis, production } = environment;
  return (
    <span className="flex min-w-0 items-center gap-1.5">
      {production && (
        <span className={`${CHIP} bg-red-700 text-white`} title="A production API: real data">
          Production
        </span>
      )}
      {apis.profiles.length > 1 ? (
        <ApiSelect />
      ) : (
        <span
          className={`${CHIP} ${
            environment.demo
              ? 'bg-amber-200 text-amber-950 dark:bg-amber-800 dark:text-amber-50'
              : 'bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100'
          }`}
          title={
            environment.demo ? 'Built-in mock API with generated data' : environment.apiBaseUrl
          }
        >
          {environment.label}
        </span>
      )}
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

/** On the sign-in page: which API the token is for, and the select when there are several. */
export function SignInApi() {
  const { apis, apiBaseUrl, demo } = useEnvironment();
  const selectId = useId();
  const several = apis.profiles.length > 1;
  return (
    <div className="space-y-1 text-sm">
      {several && (
        <div className="flex items-center gap-2">
          <label htmlFor={selectId} className="font-medium">
            API
          </label>
          <select
            id={selectId}
            value={apis.current.key}
            onChange={(event) => apis.switchTo(event.target.value)}
            className="min-w-0 flex-1 truncate rounded-md border border-slate-300 bg-white px-2 py-1 dark:border-slate-600 dark:bg-slate-950"
          >
            {apis.profiles.map((profile) => (
              <option key={profile.key} value={profile.key}>
                {profile.production ? `${profile.name} (production)` : profile.name}
              </option>
            ))}
          </select>
        </div>
      )}
      <p className="text-slate-700 dark:text-slate-300">
        Signing in to <bdi className="font-semibold">{apis.current.name}</bdi>
        {!demo && <span className="break-all"> ({apiBaseUrl})</span>}
        {apis.current.production && (
          <strong className="text-red-700 dark:text-red-400"> (production)</strong>
        )}
      </p>
    </div>
  );
}
