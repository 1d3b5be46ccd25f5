import { useEffect, useState, useSyncExternalStore } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { announce } from '../announcer';
import { useCopy } from '../use-copy';
import type { MenuPopupProps } from '../menu-button';
import { ManageViewsDialog } from './manage-views-dialog';
import { MenuItem, MenuPanel, MenuSeparator } from './menu-popup';
import { SaveViewDialog } from './save-view-dialog';
import { MAX_VIEWS, viewOptionsJson, type ViewsMenuProps } from './view-options';
import {
  newViewId,
  readSavedViews,
  viewLink,
  viewSearch,
  writeSavedViews,
  type SavedView,
  type SavedViews,
} from './views-store';

/**
 * The open Views menu (see views-menu.tsx for the pattern) and what it opens: each saved view as
 * a `menuitem` named as saved, then **Save view…** (a dialog asking for **View name**),
 * **Manage views…** (rename, delete, default) and **Copy link**. Choosing a view restores its
 * address (filters, sort, rows per page: a history entry, as any change of view) and its options.
 * Keys: menu-keys.ts.
 */

type ViewsMenuPopupProps = ViewsMenuProps & MenuPopupProps;

/** Told when this tab changes the stored views, so the button's active view follows. */
const storeListeners = new Set<() => void>();
let storeVersion = 0;
function storedViewsChanged() {
  storeVersion += 1;
  for (const listener of storeListeners) listener();
}
function subscribeToStore(listener: () => void) {
  storeListeners.add(listener);
  return () => storeListeners.delete(listener);
}

/**
 * The saved view in effect, shown after the Views button's name (outside it: the name stays
 * Views): the one whose address and options the table has now, if any.
 */
export function ActiveViewName({ tableId, columns, view }: ViewsMenuProps) {
  // Rendered (and the views read) again when this tab saves, renames or deletes one.
  useSyncExternalStore(subscribeToStore, () => storeVersion);
  const location = useLocation();
  const { saved } = readSavedViews(tableId, columns);
  const search = viewSearch(location.search);
  const options = viewOptionsJson(view);
  const active = saved.views.find(
    (entry) => entry.search === search && viewOptionsJson(entry) === options,
  );
  if (!active) return null;
  return (
    <span
      aria-hidden="true"
      title={`View in effect: ${active.name}`}
      className="max-w-32 truncate font-normal text-slate-600 dark:text-slate-300"
    >
      : <bdi>{active.name}</bdi>
    </span>
  );
}

type Dialog = 'save' | 'manage' | null;

const SAVED_NOTE_MS = 4_000;

export function ViewsMenuPopup(props: ViewsMenuPopupProps) {
  const { tableId, columns, view, openAt, onClose } = props;
  const [stored, setStored] = useState(() => readSavedViews(tableId, columns));
  const [active, setActive] = useState<number | null>(null);
  const [dialog, setDialog] = useState<Dialog>(null);
  // What was saved, said beside the button for a moment (and to screen readers by announce).
  const [savedNote, setSavedNote] = useState<string | null>(null);
  useEffect(() => {
    if (savedNote === null) return;
    const timer = setTimeout(() => setSavedNote(null), SAVED_NOTE_MS);
    return () => clearTimeout(timer);
  }, [savedNote]);
  const navigate = useNavigate();
  const location = useLocation();
  const { copy } = useCopy();
  const { saved } = stored;
  // Closed (by Tab, a click elsewhere): the next opening starts again at its first or last item.
  if (openAt === null && active !== null) setActive(null);

  const items: { label: string; act: () => void; view?: SavedView }[] = [
    ...saved.views.map((entry) => ({ label: entry.name, act: () => choose(entry), view: entry })),
    { label: 'Save view…', act: () => setDialog('save') },
    ...(saved.views.length > 0 ? [{ label: 'Manage views…', act: () => setDialog('manage') }] : []),
    { label: 'Copy link', act: copyLink },
  ];
  // Opening puts the focus on the first or the last item; then the keys move it.
  const current = active ?? (openAt === -1 ? items.length - 1 : 0);

  function choose(entry: SavedView) {
    props.onViewChange({ hidden: entry.hidden, density: entry.density, widths: entry.widths });
    void navigate({ pathname: location.pathname, search: entry.search && `?${entry.search}` });
    announce(`View ${entry.name} shown`);
  }

  function copyLink() {
    void copy(viewLink(window.location.origin, location.pathname, location.search, view));
  }

  function closeDialog() {
    setDialog(null);
    props.button.current?.focus();
  }

  function close(focusButton: boolean) {
    setActive(null);
    onClose(focusButton);
  }

  function activate(index: number) {
    const item = items[index];
    if (!item) return;
    close(true);
    item.act();
  }

  /** Stores a change; keeps the old views on screen and returns the reason if it failed. */
  function store(next: SavedViews): string | null {
    const problem = writeSavedViews(tableId, next);
    if (problem === null) {
      setStored({ saved: next, problem: null });
      storedViewsChanged();
    }
    return problem;
  }

  const viewCount = saved.views.length;
  const menu = {
    labels: items.map((item) => item.label),
    current,
    move: setActive,
    activate,
    close: () => close(true),
  };

  return (
    <>
      {openAt !== null && (
        <MenuPanel
          popup={props}
          menu={menu}
          width="w-72"
          scrolls
          note={
            stored.problem ??
            (viewCount === 0
              ? 'No saved views yet. A view keeps the filters, sort, rows per page, columns, widths and density.'
              : 'Saved in this browser; signing out keeps them.')
          }
        >
          {items.map((item, index) => (
            <div key={item.view?.id ?? item.label}>
              {index === viewCount && viewCount > 0 && <MenuSeparator />}
              <MenuItem index={index} menu={menu}>
                <bdi className="min-w-0 truncate">{item.label}</bdi>
                {item.view && item.view.id === saved.defaultId && (
                  // Not part of the name, which is the view's as saved; Manage views says it too.
                  <span
                    aria-hidden="true"
                    className="ml-auto text-xs text-slate-600 dark:text-slate-300"
                  >
                    default
                  </span>
                )}
              </MenuItem>
            </div>
          ))}
        </MenuPanel>
      )}
      {dialog === 'save' && (
        <SaveViewDialog
          saved={saved}
          onSave={(name) => {
            if (viewCount >= MAX_VIEWS) {
              return `This table already has ${MAX_VIEWS} saved views, the most it keeps. Delete one in Manage views to save another.`;
            }
            const entry: SavedView = {
              id: newViewId(),
              name,
              search: viewSearch(location.search),
              ...view,
            };
            const problem = store({ ...saved, views: [...saved.views, entry] });
            if (problem === null) {
              announce(`View ${name} saved`);
              setSavedNote(`View “${name}” saved`);
            }
            return problem;
          }}
          onClose={closeDialog}
        />
      )}
      {savedNote !== null && (
        <p className="absolute top-full right-0 z-20 mt-1 rounded-md border border-green-300 bg-green-50 px-2 py-1 text-xs whitespace-nowrap text-green-900 shadow dark:border-green-700 dark:bg-green-950 dark:text-green-100">
          {savedNote}
        </p>
      )}
      {dialog === 'manage' && (
        <ManageViewsDialog saved={saved} onChange={store} onClose={closeDialog} />
      )}
    </>
  );
}
