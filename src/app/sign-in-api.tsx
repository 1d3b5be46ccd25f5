import { useId } from 'react';
import { useEnvironment } from './environment';

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
