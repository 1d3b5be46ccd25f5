import { lazyModule } from '../lazy-module';
import { MenuButton } from '../menu-button';
import type { ColumnsMenuProps } from './view-options';

/**
 * Which columns the table shows: a menu button (menu-button.tsx) opening a menu of
 * `menuitemcheckbox` items, one per column, and a Reset columns item
 * (columns-menu-popup.tsx, loaded when first wanted).
 *
 * - Enter or Space toggles a column and keeps the menu open; on Reset columns they reset (every
 *   column shown, at its default width) and close.
 * - A column that must stay visible is listed, checked and `aria-disabled`.
 */

const loadPopup = lazyModule(() =>
  import('./columns-menu-popup').then((module) => module.ColumnsMenuPopup),
);

export function ColumnsMenu(props: ColumnsMenuProps) {
  const hiddenCount = props.columns.filter((column) => !column.visible).length;
  return (
    <MenuButton
      label="Columns"
      extra={
        hiddenCount > 0 && (
          // Not part of the name, which stays "Columns"; the menu itself says which are hidden.
          <span aria-hidden="true" className="text-slate-600 dark:text-slate-300">
            ({hiddenCount} hidden)
          </span>
        )
      }
      load={loadPopup}
      popupProps={props}
      onLoadError={props.onLoadError}
    />
  );
}
