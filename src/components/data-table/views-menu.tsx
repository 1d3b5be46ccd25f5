import { lazyModule } from '../lazy-module';
import { MenuButton } from './menu-button';
import type { ViewsMenuProps } from './view-options';

/**
 * Saved views: a menu button (menu-button.tsx) whose menu, dialogs and store
 * (views-menu-popup.tsx, views-store.ts) load when first wanted.
 */

const loadPopup = lazyModule(() =>
  import('./views-menu-popup').then((module) => module.ViewsMenuPopup),
);

export function ViewsMenu(props: ViewsMenuProps) {
  return (
    <MenuButton label="Views" load={loadPopup} popupProps={props} onLoadError={props.onLoadError} />
  );
}
