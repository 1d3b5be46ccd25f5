import { useCallback, useState } from 'react';

/**
 * How a person likes a table shown (hidden columns, row density), remembered per table in this
 * browser's localStorage. Like the theme, a preference of the device rather than of the signed-in
 * person, so sign-out keeps it. What is read back is checked: an unknown column, a density from
 * another version, or a value that is not JSON at all falls back to the default for that part.
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
}

export const DEFAULT_VIEW_OPTIONS: ViewOptions = Object.freeze({
  hidden: Object.freeze([]),
  density: 'comfortable',
});

const STORAGE_PREFIX = 'admin-console.view.';

export function viewOptionsKey(tableId: string): string {
  return `${STORAGE_PREFIX}${tableId}`;
}

function isDensity(value: unknown): value is Density {
  return value === 'comfortable' || value === 'compact';
}

/** A column as the Columns menu offers it. */
export interface ColumnChoice {
  id: string;
  /** The header's text: the menu item's name. */
  label: string;
  /** False for the column that names the row (`meta.alwaysVisible`), so a table keeps one. */
  canHide: boolean;
}

/** A column as the open Columns menu shows it: a choice, and whether it is shown now. */
export interface ColumnOption extends ColumnChoice {
  visible: boolean;
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
      meta?: { alwaysVisible?: boolean };
    };
    const key = def.id ?? def.accessorKey;
    const id = typeof key === 'string' ? key : '';
    return {
      id,
      label: typeof def.header === 'string' ? def.header : id,
      canHide: id !== '' && def.meta?.alwaysVisible !== true,
    };
  });
}

/** Only columns in `columns` that may be hidden stay hidden; anything else stored is dropped. */
export function parseViewOptions(
  raw: string | null,
  columns: readonly ColumnChoice[],
): ViewOptions {
  if (raw === null) return DEFAULT_VIEW_OPTIONS;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return DEFAULT_VIEW_OPTIONS;
  }
  if (typeof parsed !== 'object' || parsed === null) return DEFAULT_VIEW_OPTIONS;
  const { hidden, density } = parsed as Record<string, unknown>;
  return {
    hidden: Array.isArray(hidden)
      ? columns.filter((column) => column.canHide && hidden.includes(column.id)).map(({ id }) => id)
      : [],
    density: isDensity(density) ? density : DEFAULT_VIEW_OPTIONS.density,
  };
}

export function readViewOptions(tableId: string, columns: readonly ColumnChoice[]): ViewOptions {
  try {
    return parseViewOptions(localStorage.getItem(viewOptionsKey(tableId)), columns);
  } catch {
    // Storage turned off or refused: the defaults, and nothing remembered.
    return DEFAULT_VIEW_OPTIONS;
  }
}

export function writeViewOptions(tableId: string, options: ViewOptions): void {
  try {
    localStorage.setItem(
      viewOptionsKey(tableId),
      JSON.stringify({ hidden: options.hidden, density: options.density }),
    );
  } catch {
    // As above: the choice holds for this page, and is simply not remembered.
  }
}

/**
 * The table's view options, read once when it mounts and written on every change. Without a
 * `tableId` nothing is read or remembered.
 */
export function useViewOptions(
  tableId: string | undefined,
  columns: readonly ColumnChoice[],
): [ViewOptions, (next: ViewOptions) => void] {
  const [options, setOptions] = useState(() =>
    tableId === undefined ? DEFAULT_VIEW_OPTIONS : readViewOptions(tableId, columns),
  );
  const update = useCallback(
    (next: ViewOptions) => {
      setOptions(next);
      if (tableId !== undefined) writeViewOptions(tableId, next);
    },
    [tableId],
  );
  return [options, update];
}
