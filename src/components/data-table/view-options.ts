import { useCallback, useState } from 'react';
import * as v from 'valibot';
import { readStored, readText, writeText } from '../../lib/storage';

/**
 * How a person likes a table shown (hidden columns, column widths, row density), remembered per
 * table in this browser's localStorage. Like the theme, a preference of the device rather than of
 * the signed-in person, so sign-out keeps it. What is read back is checked: an unknown column, a
 * width out of range, a density from another version, or a value that is not JSON at all falls
 * back to the default for that part.
 *
 * The same shape travels in a copied link (`view=`, see readLinkedView) and in saved views
 * (views-store.ts, loaded with the Views menu); the default saved view is read here, at first
 * render, so a table opens in it without a second request.
 */

export type Density = 'comfortable' | 'compact';

export const DENSITY_LABELS: Record<Density, string> = {
  comfortable: 'Comfortable',
  compact: 'Compact',
};

export interface ViewOptions {
  /** Column ids, in no particular order. */
  hidden: readonly string[];
  density: Density;
  /** Widths in CSS pixels of the columns the person resized; the others keep their default. */
  widths: Readonly<Record<string, number>>;
}

export const DEFAULT_VIEW_OPTIONS: ViewOptions = Object.freeze({
  hidden: Object.freeze([]),
  density: 'comfortable',
  widths: Object.freeze({}),
});

/** A column is never narrower or wider than this, however it is dragged or stored. */
export const MIN_COLUMN_WIDTH = 60;
export const MAX_COLUMN_WIDTH = 800;
const DEFAULT_COLUMN_WIDTH = 160;

/** Any number to a whole width in range; anything else to the column's default. */
export function clampWidth(value: number, fallback = DEFAULT_COLUMN_WIDTH): number {
  return Number.isFinite(value)
    ? Math.min(MAX_COLUMN_WIDTH, Math.max(MIN_COLUMN_WIDTH, Math.round(value)))
    : fallback;
}

const STORAGE_PREFIX = 'admin-console.view.';

export function viewOptionsKey(tableId: string): string {
  return `${STORAGE_PREFIX}${tableId}`;
}

/** Saved views (views-store.ts); defined here, as the default view is read at first render. */
export function savedViewsKey(tableId: string): string {
  return `admin-console.views.${tableId}`;
}

/** A column as the Columns menu offers it. */
export interface ColumnChoice {
  id: string;
  /** The header's text: the menu item's name. */
  label: string;
  /** False for the column that names the row (`meta.alwaysVisible`), so a table keeps one. */
  canHide: boolean;
  /** Its width until resized (`meta.width`), in CSS pixels. */
  width: number;
}

/** A column as the open Columns menu shows it: a choice, and whether it is shown now. */
export interface ColumnOption extends ColumnChoice {
  visible: boolean;
}

/** The Columns menu's props (columns-menu.tsx), here so its lazy popup can share them. */
export interface ColumnsMenuProps {
  columns: readonly ColumnOption[];
  onToggle: (id: string, visible: boolean) => void;
  onReset: () => void;
  /** The menu's code could not be downloaded (offline, a new deployment). */
  onLoadError: () => void;
}

/** The Views menu's props (views-menu.tsx), here so its lazy popup can share them. */
export interface ViewsMenuProps {
  tableId: string;
  columns: readonly ColumnChoice[];
  view: ViewOptions;
  onViewChange: (next: ViewOptions) => void;
  /** The menu's code could not be downloaded (offline, a new deployment). */
  onLoadError: () => void;
}

/** The Columns menu's last item: every column shown again. */
export const RESET_COLUMNS = 'Reset columns';

/** Reads the column definitions (TanStack's ColumnDef, structurally), in order. */
export function columnChoicesOf(columns: readonly object[]): ColumnChoice[] {
  return columns.map((column) => {
    const def = column as {
      id?: unknown;
      accessorKey?: unknown;
      header?: unknown;
      meta?: { alwaysVisible?: boolean; width?: number };
    };
    const key = def.id ?? def.accessorKey;
    const id = typeof key === 'string' ? key : '';
    return {
      id,
      label: typeof def.header === 'string' ? def.header : id,
      canHide: id !== '' && def.meta?.alwaysVisible !== true,
      width: clampWidth(def.meta?.width ?? DEFAULT_COLUMN_WIDTH),
    };
  });
}

/**
 * Checks a parsed value: only columns in `columns` that may be hidden stay hidden, only known
 * columns keep a width (clamped), and anything else is dropped.
 */
export function toViewOptions(value: unknown, columns: readonly ColumnChoice[]): ViewOptions {
  const { hidden, density, widths } = v.parse(ViewOptionsShape, value);
  const sized: Record<string, number> = {};
  for (const column of columns) {
    const width = widths[column.id];
    if (width !== undefined) sized[column.id] = clampWidth(width, column.width);
  }
  return {
    hidden: columns
      .filter((column) => column.canHide && hidden.includes(column.id))
      .map(({ id }) => id),
    density,
    widths: sized,
  };
}

/** Each part that is not as written falls back alone: a bad density keeps the widths. */
const ViewOptionsShape = v.fallback(
  v.object({
    hidden: v.fallback(v.array(v.unknown()), []),
    density: v.fallback(v.picklist(['comfortable', 'compact']), 'comfortable'),
    widths: v.fallback(
      v.pipe(
        v.record(v.string(), v.unknown()),
        v.transform((widths) =>
          Object.fromEntries(
            Object.entries(widths).filter((entry): entry is [string, number] =>
              v.is(v.number(), entry[1]),
            ),
          ),
        ),
      ),
      {},
    ),
  }),
  { hidden: [], density: 'comfortable', widths: {} },
);

export function parseViewOptions(
  raw: string | null,
  columns: readonly ColumnChoice[],
): ViewOptions {
  try {
    return toViewOptions(JSON.parse(raw ?? 'null'), columns);
  } catch {
    return DEFAULT_VIEW_OPTIONS;
  }
}

/** The part of a view that is not in the URL, as stored and as carried by a link. */
export function viewOptionsJson({ hidden, density, widths }: ViewOptions): string {
  return JSON.stringify({ hidden, density, widths });
}

export function readViewOptions(tableId: string, columns: readonly ColumnChoice[]): ViewOptions {
  return parseViewOptions(readText('local', viewOptionsKey(tableId)), columns);
}

/** Storage full or turned off: the choice holds for this page (lib/storage), not remembered. */
export function writeViewOptions(tableId: string, options: ViewOptions): void {
  writeText('local', viewOptionsKey(tableId), viewOptionsJson(options));
}

export const MAX_VIEWS = 100;
export const MAX_VIEW_NAME = 100;
export const MAX_VIEW_SEARCH = 2_000;

/**
 * A name as kept and shown: without control characters (bidi overrides included, which could make
 * a name read as another), with runs of white space as one space, trimmed.
 */
export function cleanViewName(raw: string): string {
  return raw.replace(/\s+/g, ' ').replace(NAME_CONTROLS, '').trim();
}

// lib/copy-text.ts's controls, written out here: that module loads with the copy buttons, and this
// one is on every table's first render (readDefaultView).
// eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
const NAME_CONTROLS = /[\u0000-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/g;

export function sameViewName(a: string, b: string): boolean {
  return a.localeCompare(b, undefined, { sensitivity: 'accent' }) === 0;
}

/** A stored saved view the Views menu keeps: its id, cleaned name and search, and the entry. */
export interface IntactViewEntry {
  id: string;
  name: string;
  search: string;
  entry: object;
}

/**
 * The stored entries the Views menu keeps, in order: the first MAX_VIEWS, less any that is damaged
 * or whose id or name an earlier one has. The menu (views-store.ts) and readDefaultView both read
 * through this, so a default view the menu drops is never applied either.
 */
export function intactViewEntries(entries: readonly unknown[]): IntactViewEntry[] {
  const kept: IntactViewEntry[] = [];
  for (const stored of entries.slice(0, MAX_VIEWS)) {
    const read = v.safeParse(StoredViewEntry, stored);
    if (!read.success) continue;
    const entry = read.output;
    const { id, search } = entry;
    const name = cleanViewName(entry.name);
    if (name === '' || name.length > MAX_VIEW_NAME) continue;
    if (kept.some((other) => other.id === id || sameViewName(other.name, name))) continue;
    kept.push({ id, name, search, entry });
  }
  return kept;
}

/** A saved view as stored; its view options are read apart (toViewOptions), part by part. */
const StoredViewEntry = v.looseObject({
  id: v.pipe(v.string(), v.minLength(1), v.maxLength(100)),
  name: v.string(),
  search: v.pipe(v.string(), v.maxLength(MAX_VIEW_SEARCH)),
});

/** The saved views of a table as stored (views-store.ts): its entries are checked one by one. */
export const StoredViews = v.looseObject({
  views: v.array(v.unknown()),
  defaultId: v.optional(v.unknown()),
});

const StoredViewsWithDefault = v.looseObject({
  views: v.array(v.unknown()),
  defaultId: v.string(),
});

/**
 * The default saved view's address (its `search`, without `?`) and options, or null when there
 * is none, it cannot be read, or the Views menu would drop it as damaged: then the table opens as
 * it would without saved views.
 */
export function readDefaultView(
  tableId: string,
  columns: readonly ColumnChoice[],
): { search: string; options: ViewOptions } | null {
  const stored = readStored('local', savedViewsKey(tableId), StoredViewsWithDefault);
  if (stored === null) return null;
  const view = intactViewEntries(stored.views).find((entry) => entry.id === stored.defaultId);
  return view ? { search: view.search, options: toViewOptions(view.entry, columns) } : null;
}

/** The options a copied link carries (`view=`), or null when the address carries none. */
export function readLinkedView(
  search: string,
  columns: readonly ColumnChoice[],
): ViewOptions | null {
  const raw = new URLSearchParams(search).get('view');
  return raw === null ? null : parseViewOptions(raw, columns);
}

/**
 * The table's view options, read once when it mounts and written on every change. Without a
 * `tableId` nothing is read or remembered. A link's options come first (and are remembered, as
 * if chosen); then, for a table opened without parameters, the default saved view's; then what
 * was last used here.
 */
export function useViewOptions(
  tableId: string | undefined,
  columns: readonly ColumnChoice[],
  savedViews = false,
): [ViewOptions, (next: ViewOptions) => void] {
  const [options, setOptions] = useState(() => {
    if (tableId === undefined) return DEFAULT_VIEW_OPTIONS;
    const { search } = window.location;
    const chosen = savedViews
      ? (readLinkedView(search, columns) ??
        (search === '' ? readDefaultView(tableId, columns)?.options : null))
      : null;
    if (chosen) writeViewOptions(tableId, chosen);
    return chosen ?? readViewOptions(tableId, columns);
  });
  const update = useCallback(
    (next: ViewOptions) => {
      setOptions(next);
      if (tableId !== undefined) writeViewOptions(tableId, next);
    },
    [tableId],
  );
  return [options, update];
}
