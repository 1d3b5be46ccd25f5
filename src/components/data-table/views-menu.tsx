import { lazyModule } from '../lazy-module';
import { MenuButton } from './menu-button';
import type { ColumnChoice, ViewOptions } from './view-options';

/**
 * Saved views: a menu button (menu-button.tsx) whose menu, dialogs and store
 * (views-menu-popup.tsx, views-store.ts) load when first wanted.
 */

export interface ViewsMenuProps {
  tableId: string;
  columns: readonly ColumnChoice[];
  view: ViewOptions;
  onViewChange: (next: ViewOptions) => void;
  /** The menu's code could not be downloaded (offline, a new deployment). */
  onLoadError: () => void;
}

const loadPopup = lazyModule(() =>
  import('./views-menu-popup').then((module) => module.ViewsMenuPopup),
);

export function ViewsMenu(props: ViewsMenuProps) {
  return (
    <MenuButton label="Views" load={loadPopup} popupProps={props} onLoadError={props.onLoadError} />
  );
}
