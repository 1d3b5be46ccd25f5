import * as v from 'valibot';
import { formatCount } from '../../lib/format';
import { readText, storageUsable, tryWriteText } from '../../lib/storage';
import {
  intactViewEntries,
  MAX_VIEWS,
  MAX_VIEW_NAME,
  sameViewName,
  savedViewsKey,
  StoredViews,
  toViewOptions,
  viewOptionsJson,
  type ColumnChoice,
  type ViewOptions,
} from './view-options';

/**
 * Saved views of a table: a name, the table's address (filters, sort, rows per page) and its
 * view options (hidden columns, widths, density), kept in this browser's localStorage per table
 * (`admin-console.views.users`). Like the view options, they are the device's and hold no
 * person's data, so sign-out keeps them. Loaded with the Views menu; the default view alone is
 * read at first render (view-options.ts).
 *
 * What is read back is checked entry by entry: a damaged entry is dropped, the others kept; a
 * column that no longer exists is forgotten. Writing can fail (storage full or turned off): the
 * caller gets the reason and keeps what it had.
 */

export interface SavedView extends ViewOptions {
  id: string;
  name: string;
  /** The table's query string, without `?`, `page` or anything but the view's own parameters. */
  search: string;
}

export interface SavedViews {
  views: readonly SavedView[];
  defaultId: string | null;
}

/** Parameters that belong to a moment, not to a view: the page, an open product, a link's view. */
const NOT_IN_VIEW = ['page', 'product', 'view'];

export const NO_VIEWS: SavedViews = Object.freeze({ views: Object.freeze([]), defaultId: null });

export interface ReadViews {
  saved: SavedViews;
  /** Why some or all of what was stored could not be used, said in the menu. */
  problem: string | null;
}

export function readSavedViews(tableId: string, columns: readonly ColumnChoice[]): ReadViews {
  if (!storageUsable('local')) return { saved: NO_VIEWS, problem: STORAGE_OFF };
  return parseSavedViews(readText('local', savedViewsKey(tableId)), columns);
}

export function parseSavedViews(raw: string | null, columns: readonly ColumnChoice[]): ReadViews {
  if (raw === null) return { saved: NO_VIEWS, problem: null };
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    parsed = null;
  }
  const read = v.safeParse(StoredViews, parsed);
  if (!read.success) {
    return {
      saved: NO_VIEWS,
      problem: 'The saved views stored in this browser are damaged and cannot be read.',
    };
  }
  const { views: entries, defaultId } = read.output;
  const views: SavedView[] = intactViewEntries(entries).map(({ id, name, search, entry }) => ({
    id,
    name,
    search: viewSearch(search),
    ...toViewOptions(entry, columns),
  }));
  const dropped = entries.length - views.length;
  return {
    saved: {
      views,
      defaultId: views.find((view) => view.id === defaultId)?.id ?? null,
    },
    problem:
      dropped === 0
        ? null
        : `${formatCount(dropped)} saved ${dropped === 1 ? 'view was' : 'views were'} damaged or over the limit of ${MAX_VIEWS}, and left out.`,
  };
}

const STORAGE_OFF =
  'This browser does not let the console keep data (storage is turned off or blocked), so views cannot be saved here.';

/** Writes the views; returns why that failed (nothing was written then), or null. */
export function writeSavedViews(tableId: string, saved: SavedViews): string | null {
  const json = JSON.stringify({
    views: saved.views.map((view) => ({
      id: view.id,
      name: view.name,
      search: view.search,
      ...(JSON.parse(viewOptionsJson(view)) as object),
    })),
    defaultId: saved.defaultId,
  });
  // Not kept in this page's memory when the browser refuses it: a failed save changes nothing.
  switch (tryWriteText('local', savedViewsKey(tableId), json)) {
    case null:
      return null;
    case 'full':
      return "This browser's storage is full, so the change was not saved. Delete some saved views, or clear this site's data in the browser's settings.";
    case 'refused':
      return STORAGE_OFF;
  }
}

/** What is wrong with a name for a new or renamed view (`exceptId`: the view being renamed). */
export function checkViewName(
  name: string,
  saved: SavedViews,
  exceptId: string | null = null,
): string | null {
  if (name === '') return 'Give the view a name.';
  if (name.length > MAX_VIEW_NAME) {
    return `A view name can be at most ${MAX_VIEW_NAME} characters; this one is ${formatCount(name.length)}.`;
  }
  const clash = saved.views.find((view) => view.id !== exceptId && sameViewName(view.name, name));
  return clash ? `There is already a view named “${clash.name}”. Choose another name.` : null;
}

/** The query string a view keeps: the address's, without what belongs to the moment. */
export function viewSearch(search: string): string {
  const params = new URLSearchParams(search);
  for (const name of NOT_IN_VIEW) params.delete(name);
  return params.toString();
}

/** A new view's id: unique enough among one table's views, without needing a secure context. */
export function newViewId(): string {
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
}

/** A link to the table at `pathname` with the view: its address, and its options in `view=`. */
export function viewLink(
  origin: string,
  pathname: string,
  search: string,
  options: ViewOptions,
): string {
  const params = new URLSearchParams(search);
  params.delete('view');
  params.set('view', viewOptionsJson(options));
  return `${origin}${pathname}?${params.toString()}`;
}
