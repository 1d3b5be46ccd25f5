import { useState } from 'react';
import { ApiText } from './api-text';
import { apiLine } from '../lib/display-text';

/** Strings longer than this are cut, with a button to show more. */
const LONG_STRING = 160;
/** Deeper levels are not drawn: a hostile API can nest 100,000 levels, which no one reads. */
export const MAX_TREE_DEPTH = 40;
/** Entries of one array or object drawn at a time; more on request. */
const PAGE = 100;

/**
 * Any JSON value as a readable tree: objects and arrays fold open and closed, scalars are shown
 * by type. Everything is rendered as text, so a hostile value stays inert; depth and width are
 * bounded, so a huge one cannot take the page down.
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
    return <JsonContainer name={name} value={value} depth={depth} />;
  }
  return (
    <div className="flex gap-2 py-0.5 pl-4">
      <span className="shrink-0 font-semibold text-slate-800 dark:text-slate-100">
        {apiLine(name, 200)}:
      </span>
      <JsonScalar value={value} />
    </div>
  );
}

function JsonContainer({ name, value, depth }: { name: string; value: object; depth: number }) {
  const [shown, setShown] = useState(PAGE);
  const isArray = Array.isArray(value);
  const size = isArray ? value.length : Object.keys(value).length;
  const summary = isArray
    ? `[${size.toLocaleString('en-US')} ${size === 1 ? 'item' : 'items'}]`
    : `{${size.toLocaleString('en-US')} ${size === 1 ? 'key' : 'keys'}}`;
  const label = (
    <>
      <span className="font-semibold text-slate-800 dark:text-slate-100">{apiLine(name, 200)}</span>{' '}
      <span className="text-slate-600 dark:text-slate-400">{summary}</span>
    </>
  );
  if (depth >= MAX_TREE_DEPTH) {
    return (
      <p className="py-0.5 pl-4">
        {label}{' '}
        <span className="text-amber-900 italic dark:text-amber-200">
          truncated: nested more than {MAX_TREE_DEPTH} levels deep
        </span>
      </p>
    );
  }
  // Only the entries on screen are read out of the value: a 200,000-item array costs 100 rows.
  const entries = isArray
    ? value.slice(0, shown).map((item, index) => [String(index), item] as const)
    : Object.entries(value).slice(0, shown);
  return (
    <details open={depth < 3} className="pl-4">
      <summary className="-ml-4 cursor-pointer py-0.5">{label}</summary>
      {size === 0 ? (
        <p className="text-slate-600 italic dark:text-slate-400">
          {isArray ? 'empty list' : 'empty object'}
        </p>
      ) : (
        entries.map(([key, child]) => (
          <JsonNode key={key} name={key} value={child} depth={depth + 1} />
        ))
      )}
      {size > shown && (
        <button
          type="button"
          onClick={() => setShown(shown + PAGE)}
          className="ml-4 font-sans text-xs text-blue-700 underline dark:text-blue-300"
        >
          Show {Math.min(PAGE, size - shown)} more ({(size - shown).toLocaleString('en-US')} not
          shown)
        </button>
      )}
    </details>
  );
}

function JsonScalar({ value }: { value: unknown }) {
  if (value === null)
    return <span className="text-slate-600 italic dark:text-slate-400">null</span>;
  if (typeof value === 'boolean')
    return <span className="text-purple-800 dark:text-purple-300">{String(value)}</span>;
  if (typeof value === 'number')
    return <span className="text-blue-800 dark:text-blue-300">{String(value)}</span>;
  return (
    <span className="min-w-0 break-words whitespace-pre-wrap text-emerald-900 dark:text-emerald-300">
      “<ApiText text={String(value)} max={LONG_STRING} />”
    </span>
  );
}
