import type { AppEnvironment } from './environment';

/**
 * The header's chip naming the current API ("Demo", the host, or the entry's name), cut when long
 * with the whole in its title: the shell shows it for one API, several-apis.tsx beside its badge.
 */
export function ApiLabel({ environment }: { environment: AppEnvironment }) {
  return (
    <span
      className={`max-w-48 min-w-12 truncate rounded px-1.5 py-0.5 text-xs font-medium ${
        environment.demo
          ? 'bg-amber-200 text-amber-950 dark:bg-amber-800 dark:text-amber-50'
          : 'bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100'
      }`}
      title={environment.demo ? 'Built-in mock API with generated data' : environment.apiBaseUrl}
    >
      {environment.label}
    </span>
  );
}
