/** Pretty-printed JSON for `JSON.stringify(value, null, 2)` text, as text (never markup). */
export function RawJson({ text, label = 'Raw JSON' }: { text: string; label?: string }) {
  return (
    // Focusable and named: a scrolling region must be reachable by keyboard (axe:
    // scrollable-region-focusable).
    <pre
      role="region"
      aria-label={label}
      tabIndex={0}
      className="max-h-[32rem] overflow-auto rounded bg-slate-100 p-3 text-xs dark:bg-slate-950"
    >
      {text}
    </pre>
  );
}
