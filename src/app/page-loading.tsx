/** Shown while a route's code is downloading on the first visit. */
export function PageLoading() {
  return (
    <p aria-busy="true" className="p-6 text-sm text-slate-600 dark:text-slate-300">
      Loading…
    </p>
  );
}
