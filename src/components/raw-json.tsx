import { showBidiControls } from '../lib/display-text';
import type { JsonText } from '../lib/json-text';

/** Pretty-printed JSON (see formatJson), as text (never markup), saying when it is truncated. */
export function RawJson({ json, label = 'Raw JSON' }: { json: JsonText; label?: string }) {
  return (
    <>
      {json.truncated && (
        <p className="text-sm text-amber-900 dark:text-amber-200">
          This response is too large or too deeply nested to show whole: parts of it are truncated
          here and in the copied JSON.
        </p>
      )}
      {/* Focusable and named: a scrolling region must be reachable by keyboard (axe:
          scrollable-region-focusable). */}
      <pre
        role="region"
        aria-label={label}
        tabIndex={0}
        className="max-h-[32rem] overflow-auto rounded bg-slate-100 p-3 text-xs dark:bg-slate-950"
      >
        {/* Marked on screen only: Copy JSON copies the answer as it came. */}
        {showBidiControls(json.text)}
      </pre>
    </>
  );
}
