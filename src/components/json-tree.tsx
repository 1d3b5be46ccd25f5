import { useState } from 'react';

/** Strings longer than this are cut, with a button to show the rest. */
const LONG_STRING = 160;

/**
 * Any JSON value as a readable tree: objects and arrays fold open and closed, scalars are shown
 * by type. Everything is rendered as text, so a hostile value stays inert.
 */
export function JsonTree({ value, label = 'Response' }: { value: unknown; label?: string }) {
  return (
    <div className="overflow-x-auto font-mono text-sm">
      <JsonNode name={label} value={value} depth={0} />
    </div>
  );
}

function JsonNode({ name, value, depth }: { name: string; value: unknown; depth: number }) {
  if (value !== null && typeof value === 'object') {
    const entries = Array.isArray(value)
      ? value.map((item, index) => [String(index), item] as const)
      : Object.entries(value);
    const summary = Array.isArray(value)
      ? `[${entries.length} ${entries.length === 1 ? 'item' : 'items'}]`
      : `{${entries.length} ${entries.length === 1 ? 'key' : 'keys'}}`;
    return (
      <details open={depth < 3} className="pl-4">
        <summary className="-ml-4 cursor-pointer py-0.5">
          <span className="font-semibold text-slate-800 dark:text-slate-100">{name}</span>{' '}
          <span className="text-slate-600 dark:text-slate-400">{summary}</span>
        </summary>
        {entries.length === 0 ? (
          <p className="text-slate-600 italic dark:text-slate-400">
            {Array.isArray(value) ? 'empty list' : 'empty object'}
          </p>
        ) : (
          entries.map(([key, child]) => (
            <JsonNode key={key} name={key} value={child} depth={depth + 1} />
          ))
        )}
      </details>
    );
  }
  return (
    <div className="flex gap-2 py-0.5 pl-4">
      <span className="shrink-0 font-semibold text-slate-800 dark:text-slate-100">{name}:</span>
      <JsonScalar value={value} />
    </div>
  );
}

function JsonScalar({ value }: { value: unknown }) {
  const [expanded, setExpanded] = useState(false);
  if (value === null)
    return <span className="text-slate-600 italic dark:text-slate-400">null</span>;
  if (typeof value === 'boolean')
    return <span className="text-purple-800 dark:text-purple-300">{String(value)}</span>;
  if (typeof value === 'number')
    return <span className="text-blue-800 dark:text-blue-300">{String(value)}</span>;
  const text = String(value);
  const long = text.length > LONG_STRING;
  return (
    <span className="min-w-0 break-words whitespace-pre-wrap text-emerald-900 dark:text-emerald-300">
      “{long && !expanded ? `${text.slice(0, LONG_STRING)}…` : text}”
      {long && (
        <button
          type="button"
          onClick={() => setExpanded(!expanded)}
          className="ml-2 font-sans text-xs text-blue-700 underline dark:text-blue-300"
        >
          {expanded ? 'Show less' : `Show all ${text.length} characters`}
        </button>
      )}
    </span>
  );
}
