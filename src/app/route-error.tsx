import { isRouteErrorResponse, Link, useRouteError } from 'react-router';

/**
 * Last line of defence for a page that threw while rendering or loading code. The shell stays
 * around it, so navigation keeps working.
 */
export function RouteError() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : String(error);
  const chunkFailed =
    error instanceof Error &&
    /dynamically imported module|Importing a module script failed/i.test(error.message);
  return (
    <div
      role="alert"
      className="space-y-3 rounded-md border border-red-300 bg-red-50 p-4 dark:border-red-800 dark:bg-red-950/60"
    >
      <h1 className="text-lg font-semibold">This page ran into a problem</h1>
      <p className="text-sm">
        {chunkFailed
          ? 'Part of the console could not be downloaded; it may have been updated. Reload the page.'
          : 'Something unexpected happened while showing this page. The rest of the console still works.'}
      </p>
      <p className="font-mono text-xs break-all">{detail}</p>
      <div className="flex gap-3 text-sm">
        <button type="button" className="underline" onClick={() => window.location.reload()}>
          Reload the page
        </button>
        <Link to="/users" className="underline">
          Go to users
        </Link>
      </div>
    </div>
  );
}
