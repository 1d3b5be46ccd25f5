import { useEffect, useState } from 'react';
import { whenIdleAfterPaint } from '../../lib/idle';
import { readText } from '../../lib/storage';
import { lazyModule } from '../lazy-module';
import { MenuButton } from '../menu-button';
import { savedViewsKey, type ViewsMenuProps } from './view-options';

/**
 * Saved views: a menu button (menu-button.tsx) whose menu, dialogs and store
 * (views-menu-popup.tsx, views-store.ts) load when first wanted. The button shows the view in
 * effect after its name; that too comes with the menu's module, loaded once the page is idle when
 * the table has saved views (nothing of it is on the first render).
 */

type PopupModule = typeof import('./views-menu-popup');
const loadModule = lazyModule<PopupModule>(() => import('./views-menu-popup'));

export function ViewsMenu(props: ViewsMenuProps) {
  const [ActiveView, setActiveView] = useState<PopupModule['ActiveViewName'] | null>(null);
  const { tableId } = props;
  const loaded = (module: PopupModule) => {
    setActiveView(() => module.ActiveViewName);
    return module.ViewsMenuPopup;
  };
  useEffect(() => {
    if (!hasSavedViews(tableId)) return;
    return whenIdleAfterPaint(() => void loadModule().then(loaded, () => undefined));
  }, [tableId]);
  return (
    <MenuButton
      label="Views"
      extra={ActiveView && <ActiveView {...props} />}
      load={() => loadModule().then(loaded)}
      popupProps={props}
      onLoadError={props.onLoadError}
    />
  );
}

function hasSavedViews(tableId: string): boolean {
  return readText('local', savedViewsKey(tableId)) !== null;
}
