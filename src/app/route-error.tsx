import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Link } from '../components/link';

interface Props {
  children: ReactNode;
}

/**
 * Last line of defence for a page that threw while rendering or while its code was downloading.
 * It sits inside the shell, so navigation keeps working; the layout keys it by path, so going to
 * another page starts clean.
 */
export class RouteErrorBoundary extends Component<Props, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    // Kept for whoever opens the console: the page itself shows a readable summary.
    console.warn('A page failed to render', error, info.componentStack);
  }

  override render() {
    return this.state.error === null ? (
      this.props.children
    ) : (
      <RouteError error={this.state.error} />
    );
  }
}

export function RouteError({ error }: { error: unknown }) {
  const detail = error instanceof Error ? error.message : String(error);
  const chunkFailed =
    error instanceof Error &&
    /dynamically imported module|Importing a module script failed|Failed to fetch/i.test(
      error.message,
    );
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
