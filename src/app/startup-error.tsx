/** Shown instead of the console when it cannot start, e.g. a refused API base URL. */
export function StartupError({ message }: { message: string }) {
  return (
    <main className="mx-auto max-w-xl px-4 py-16 text-slate-900 dark:text-slate-100">
      <div
        role="alert"
        className="space-y-2 rounded-md border border-red-300 bg-red-50 p-4 dark:border-red-800 dark:bg-red-950/60"
      >
        <h1 className="text-lg font-semibold">The console cannot start</h1>
        <p className="text-sm">{message}</p>
        <p className="text-sm">
          Whoever deployed this console can fix it in <code>config.json</code> (its settings are
          described in <code>docs/configuration.md</code> in the console’s repository).
        </p>
      </div>
    </main>
  );
}
